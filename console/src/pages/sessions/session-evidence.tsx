import { jurisdictionModeLabel } from '../../features/jurisdiction-labels'
import { languageName } from '../../features/language-name'
import { getSessionEvidence } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { useApiResource } from '../../lib/use-api-resource'
import { ChainVerification, EvidenceExports } from './session-evidence-actions'
import {
  Clicks,
  LedgerRows,
  OfferTerms,
  Receipt,
  ScreensShown,
  type SessionEvidence,
} from './session-evidence-parts'
import type { SessionSectionProps } from './session-section-types'

const SOURCE_WORDS: Readonly<Record<string, string>> = {
  token: 'the subscriber token',
  stripe: 'the Stripe address',
  unknown: 'no address known',
}

/** "1 min 5 s", "4.2 s". */
export function durationLabel(ms: number | null): string {
  if (ms === null) return '—'
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
}

function Rule({ evidence }: { evidence: SessionEvidence }) {
  const rule = evidence.jurisdiction
  const facts: [string, string][] = [
    ['Mode', rule ? jurisdictionModeLabel(rule.mode) : '—'],
    ['Where', rule?.region ? `${rule.region}, from ${SOURCE_WORDS[rule.source] ?? rule.source}` : 'Unknown'],
    ['Law', rule?.law ?? 'No law named (the account’s default mode)'],
    ['Language', evidence.language ? languageName(evidence.language) : '—'],
    ['Time to the end', durationLabel(evidence.duration_ms)],
    ['Clicks to the end', evidence.clicks_to_end === null ? '—' : String(evidence.clicks_to_end)],
    ...(rule?.cap
      ? ([['Cap', `${rule.cap.max_offers} offers, ${rule.cap.max_screens} screens`]] as [string, string][])
      : []),
    ...(rule?.withdrawal_until
      ? ([['Withdrawal period until', new Date(rule.withdrawal_until).toLocaleDateString()]] as [
          string,
          string,
        ][])
      : []),
    ...(evidence.after_cancel_answer
      ? ([
          [
            'Asked after cancelling',
            evidence.after_cancel_answer === 'yes' ? 'Wants to hear an offer' : 'No',
          ],
        ] as [string, string][])
      : []),
  ]
  return (
    <>
      <dl className="rk-details rk-session__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {rule?.why ? <p className="rk-evidence__why">Why: {rule.why}</p> : null}
    </>
  )
}

function Ledger({ evidence }: { evidence: SessionEvidence }) {
  return (
    <>
      <Rule evidence={evidence} />
      <h3>Screens shown, as worded for the subscriber</h3>
      <ScreensShown evidence={evidence} />
      <OfferTerms evidence={evidence} />
      <h3>Each click</h3>
      <Clicks evidence={evidence} />
      <h3>Cancellation receipt</h3>
      <Receipt evidence={evidence} />
      <h3>Ledger rows</h3>
      <LedgerRows evidence={evidence} />
    </>
  )
}

/**
 * The session's evidence ledger on its page: the jurisdiction rule applied and why, the language, the
 * screens with their texts and the offer terms as worded, each click with its time, time and clicks to
 * the end, the receipt's delivery, each row checked against its hash; the customer's export (JSON, CSV,
 * printable) and the chain's verification. Its own call: GET /api/sessions/{accountId}/{sessionId}/evidence.
 */
export function EvidenceSection({ session, accountId }: SessionSectionProps) {
  const { state, reload } = useApiResource(
    () => getSessionEvidence(accountId, session.id),
    `${accountId} ${session.id} evidence`,
  )
  if (state.status === 'loading') return <p role="status">Loading the evidence…</p>
  if (state.status === 'error')
    return (
      <div className="rk-notice rk-notice--error" role="alert">
        <p>{userMessageOf(state.error)}</p>
        <button type="button" className="rk-button rk-button--secondary" onClick={() => void reload()}>
          Try again
        </button>
      </div>
    )
  const evidence = state.data
  return (
    <>
      {evidence.entries.length === 0 ? (
        <p>
          The ledger holds nothing of this session: it records cancel sessions only, from the day the ledger
          was switched on.
        </p>
      ) : (
        <Ledger evidence={evidence} />
      )}
      <EvidenceExports accountId={accountId} customerId={session.customer.id} />
      <ChainVerification accountId={accountId} />
    </>
  )
}
