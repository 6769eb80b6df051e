import type { Capability } from '@retainkit/shared/roles'
import { ROUTES } from '@retainkit/shared/routes'

/** The settings sections, each at /settings/?tab=<name>. */
export const SETTINGS_TABS = [
  'account',
  'team',
  'stripe',
  'widget-secret',
  'install',
  'reasons',
  'segments',
  'experiments',
  'webhooks',
  'recovery',
  'billing',
] as const
export type SettingsTab = (typeof SETTINGS_TABS)[number]

export const DEFAULT_SETTINGS_TAB: SettingsTab = 'account'

export const SETTINGS_TAB_LABELS: Readonly<Record<SettingsTab, string>> = {
  account: 'Account',
  team: 'Team',
  stripe: 'Stripe connection',
  'widget-secret': 'Widget secret',
  install: 'Install',
  reasons: 'Cancellation reasons',
  segments: 'Segments',
  experiments: 'Experiments',
  webhooks: 'Webhooks',
  recovery: 'Payment recovery',
  billing: 'Plan & billing',
}

/** What a member needs to use each section; without it the section explains and shows no controls. */
export const SETTINGS_TAB_CAPABILITY: Readonly<Record<SettingsTab, Capability>> = {
  account: 'canViewConfig',
  team: 'canViewConfig',
  stripe: 'canManageCredentials',
  'widget-secret': 'canManageWidgetSecret',
  install: 'canViewConfig',
  reasons: 'canViewConfig',
  segments: 'canViewConfig',
  experiments: 'canViewAnalytics',
  webhooks: 'canViewConfig',
  recovery: 'canViewConfig',
  billing: 'canViewConfig',
}

export function parseSettingsTab(value: string | null): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? '')
    ? (value as SettingsTab)
    : DEFAULT_SETTINGS_TAB
}

export function settingsTabHref(tab: SettingsTab): string {
  return `${ROUTES.settings}?tab=${tab}`
}
