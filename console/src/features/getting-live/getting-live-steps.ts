import type { GettingLiveState, GettingLiveStep } from '@retainkit/shared/getting-live'
import { ROUTES } from '@retainkit/shared/routes'
import { settingsTabHref } from '../../pages/settings/settings-tabs'

/** Each checklist step in words, with the one action that completes it. */
export interface StepCopy {
  title: string
  /** What "done" means, said when it is done. */
  done: string
  /** Said when the step was done once and is not any more (only steps that can lapse). */
  lapsed?: string
  action: string
  href: (accountId: string) => string
}

const withAccount = (path: string, accountId: string) =>
  `${path}${path.includes('?') ? '&' : '?'}account_id=${encodeURIComponent(accountId)}`

export const GETTING_LIVE_COPY: Readonly<Record<GettingLiveStep, StepCopy>> = {
  stripe_connected: {
    title: 'Connect Stripe',
    done: 'Stripe is connected.',
    action: 'Connect Stripe',
    href: () => settingsTabHref('stripe'),
  },
  flow_customised: {
    title: 'Customise your cancel flow',
    done: 'Your flow is saved.',
    action: 'Open the editor',
    href: (accountId) => withAccount(ROUTES.editor, accountId),
  },
  widget_secret_created: {
    title: 'Create a widget secret',
    done: 'A widget secret is active.',
    lapsed: 'Every widget secret was revoked: your site can no longer start sessions.',
    action: 'Create a widget secret',
    href: () => settingsTabHref('widget-secret'),
  },
  snippet_seen: {
    title: 'Add the snippet to a page of your site',
    done: 'The widget has loaded on your site.',
    action: 'Copy the snippet',
    href: () => settingsTabHref('install'),
  },
  first_test_session: {
    title: 'Try a test cancellation',
    done: 'A test-mode session was recorded.',
    action: 'Get the test-site snippet',
    href: () => settingsTabHref('install'),
  },
  first_live_session: {
    title: 'Your first live cancel session',
    done: 'A subscriber has used your cancel flow.',
    action: 'Install on your live site',
    href: () => settingsTabHref('install'),
  },
}

/** The line under a step's title for its state; the demo's Stripe step says the data is generated. */
export function stepStateText(key: GettingLiveStep, state: GettingLiveState): string {
  const copy = GETTING_LIVE_COPY[key]
  switch (state) {
    case 'done':
      return `Done: ${copy.done}`
    case 'lapsed':
      return `Needs attention: ${copy.lapsed ?? 'no longer done.'}`
    case 'demo':
      return 'Demo data: not connected. These sessions are generated; no Stripe account stands behind them.'
    case 'todo':
      return 'To do'
  }
}

/** The URL that reopens the checklist on the dashboard once it went away. */
export const reopenChecklistHref = (accountId: string) =>
  `${withAccount(ROUTES.dashboard, accountId)}&checklist=open`
