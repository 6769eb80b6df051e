import { type ReactNode, useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { useNarrowScreen } from '../../lib/use-narrow-screen'
import { useCapability } from '../../session/session-store'
import { useAccountId } from '../../session/use-account-id'
import { AccountSettings } from './account-settings'
import { BillingSettings } from './billing-settings'
import { ExperimentsSettings } from './experiments-settings'
import { InstallSettings } from './install-settings'
import { ReasonsSettings } from './reasons-settings'
import { PaymentRecoverySettings } from './recovery/payment-recovery-settings'
import { SegmentsSettings } from './segments-settings'
import {
  parseSettingsTab,
  SETTINGS_TAB_CAPABILITY,
  SETTINGS_TAB_LABELS,
  SETTINGS_TABS,
  type SettingsTab,
  settingsTabHref,
} from './settings-tabs'
import { StripeSettings } from './stripe-settings'
import { TeamSettings } from './team-settings'
import { WebhooksSettings } from './webhooks-settings'
import { WidgetSecretSettings } from './widget-secret-settings'
import './settings.css'

const SECTIONS: Readonly<Record<SettingsTab, (props: { accountId: string }) => ReactNode>> = {
  account: AccountSettings,
  team: TeamSettings,
  stripe: StripeSettings,
  'widget-secret': WidgetSecretSettings,
  install: InstallSettings,
  reasons: ReasonsSettings,
  segments: SegmentsSettings,
  experiments: ExperimentsSettings,
  webhooks: WebhooksSettings,
  recovery: PaymentRecoverySettings,
  billing: BillingSettings,
}

function SectionGate({ tab, children }: { tab: SettingsTab; children: ReactNode }) {
  const allowed = useCapability(SETTINGS_TAB_CAPABILITY[tab])
  if (allowed) return <>{children}</>
  return (
    <p className="rk-notice rk-notice--info">
      Your role does not include this section. Ask an owner or admin of the account to change it for you.
    </p>
  )
}

/**
 * /settings/?tab=… : account, team, Stripe connection, widget secret, install, cancellation reasons and plan.
 * Each section loads its own data; the tab lives in the URL so links and reloads land on it.
 */
export default function SettingsPage() {
  const [params] = useSearchParams()
  const tab = parseSettingsTab(params.get('tab'))
  const accountId = useAccountId()
  const Section = SECTIONS[tab]
  const headingRef = useRef<HTMLHeadingElement>(null)
  const narrow = useNarrowScreen()
  const firstRender = useRef(true)

  // Moving between sections puts focus on the new section's heading, as a page change would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tab is the trigger.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    headingRef.current?.focus()
  }, [tab])

  const sectionLinks = (
    <ul>
      {SETTINGS_TABS.map((name) => (
        <li key={name}>
          <Link
            to={settingsTabHref(name)}
            className="rk-settings__tab"
            aria-current={name === tab ? 'page' : undefined}
          >
            {SETTINGS_TAB_LABELS[name]}
          </Link>
        </li>
      ))}
    </ul>
  )

  return (
    <div className="rk-settings">
      <h1>Settings</h1>
      <div className="rk-settings__layout">
        <nav className="rk-settings__nav" aria-label="Settings sections">
          {narrow ? (
            // On a phone the section list folds behind one line, so the open section starts on the
            // first screen; keyed on the tab so it closes again once a section is chosen.
            <details key={tab} className="rk-settings__menu">
              <summary>
                Section: <strong>{SETTINGS_TAB_LABELS[tab]}</strong>
              </summary>
              {sectionLinks}
            </details>
          ) : (
            sectionLinks
          )}
        </nav>
        <section className="rk-settings__section" aria-labelledby="settings-section-heading">
          <h2 id="settings-section-heading" ref={headingRef} tabIndex={-1}>
            {SETTINGS_TAB_LABELS[tab]}
          </h2>
          {accountId ? (
            <SectionGate tab={tab}>
              <Section key={`${tab}-${accountId}`} accountId={accountId} />
            </SectionGate>
          ) : (
            <p className="rk-notice rk-notice--info">You are not a member of any account yet.</p>
          )}
        </section>
      </div>
    </div>
  )
}
