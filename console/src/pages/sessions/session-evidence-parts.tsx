import type { ApiData } from '@retainkit/shared/api'
import { formatWhen, offerLabel, STEP_LABELS } from './session-words'

/** The parts of a session's evidence section: what was shown, each click, the receipt, the rows. */

export type SessionEvidence = ApiData<'GET /api/sessions/{accountId}/{sessionId}/evidence'>

/** `reason.` → "Reason screen", `offer.discount` → "Offer: Discount", as the merchant names them. */
export function screenLabel(key: string): string {
  const [kind = '', detail = ''] = key.split('.')
  const words: Record<string, string> = {
    reason: 'Reason screen',
    feedback: 'Feedback screen',
    offer: 'Offer',
    success: 'Offer accepted',
    confirm: 'Confirm cancellation',
    final: 'Cancelled',
    statutory: 'Statutory cancellation page',
  }
  const name = words[kind] ?? kind
  if (kind === 'offer' || kind === 'success') return `${name}: ${offerLabel(detail) ?? detail}`
  if (kind === 'feedback' && detail) return `${name} (${detail.replaceAll('_', ' ')})`
  return name
}

export function ScreensShown({ evidence }: { evidence: SessionEvidence }) {
  if (evidence.screens_shown.length === 0) return <p>No screen was recorded.</p>
  return (
    <>
      <ol className="rk-session__steps">
        {evidence.screens_shown.map((shown, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the screens are a fixed, ordered record
          <li key={index}>
            <time dateTime={shown.at}>{formatWhen(shown.at)}</time>
            <span className="rk-session__step">{screenLabel(shown.screen)}</span>
            {shown.headline || shown.subheadline || shown.note ? (
              <blockquote className="rk-session__quote">
                {shown.headline ? <strong>{shown.headline}</strong> : null}
                {shown.subheadline ? <span className="rk-evidence__line">{shown.subheadline}</span> : null}
                {shown.note ? <span className="rk-evidence__line">{shown.note}</span> : null}
                {shown.labels && Object.keys(shown.labels).length > 0 ? (
                  <span className="rk-evidence__line">
                    Buttons: {Object.values(shown.labels).join(' · ')}
                  </span>
                ) : null}
              </blockquote>
            ) : null}
          </li>
        ))}
      </ol>
      {evidence.screens_from ? (
        <p className="rk-muted">
          The widget sent no list of its screens: they are told from the recorded steps along the flow’s plan.
        </p>
      ) : null}
    </>
  )
}

export function OfferTerms({ evidence }: { evidence: SessionEvidence }) {
  const terms = evidence.offer_terms.filter((offer) => offer.options.length > 0)
  if (terms.length === 0) return null
  return (
    <ul className="rk-evidence__terms">
      {terms.map((offer) => (
        <li key={offer.offer}>
          <span className="rk-session__step">{offerLabel(offer.offer) ?? offer.offer}:</span>{' '}
          {offer.options.join(' · ')}
        </li>
      ))}
    </ul>
  )
}

export function Clicks({ evidence }: { evidence: SessionEvidence }) {
  if (evidence.clicks.length === 0) return <p>No click was recorded.</p>
  return (
    <ol className="rk-session__steps">
      {evidence.clicks.map((click, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the clicks are a fixed, ordered record
        <li key={index}>
          <time dateTime={click.at ?? click.received_at}>{formatWhen(click.at ?? click.received_at)}</time>
          <span className="rk-session__step">{STEP_LABELS[click.step] ?? click.step}</span>
          {click.offer ? <span className="rk-muted"> — {offerLabel(click.offer)}</span> : null}
          {click.at ? null : <span className="rk-muted"> (time of receipt: the browser sent none)</span>}
        </li>
      ))}
    </ol>
  )
}

const RECEIPT_WORDS: Readonly<Record<string, string>> = {
  receipt_queued: 'Queued for sending',
  receipt_sent: 'Sent',
  receipt_failed: 'Could not be sent',
  receipt_skipped: 'Not sent',
}

export function Receipt({ evidence }: { evidence: SessionEvidence }) {
  if (evidence.receipt.length === 0) return <p>No cancellation receipt: the session did not end in one.</p>
  return (
    <ol className="rk-session__steps">
      {evidence.receipt.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the deliveries are a fixed, ordered record
        <li key={index}>
          <time dateTime={step.recorded_at}>{formatWhen(step.recorded_at)}</time>
          <span className="rk-session__step">{RECEIPT_WORDS[step.kind] ?? step.kind}</span>
          {step.to ? (
            <span className="rk-muted">
              {' '}
              to {step.to}
              {step.copy ? ' (the merchant’s copy)' : ''}
            </span>
          ) : null}
          {step.reason ? <span className="rk-muted"> — {step.reason}</span> : null}
          {step.reference ? (
            <span className="rk-muted">
              {' '}
              — reference <code>{step.reference}</code>
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

export function LedgerRows({ evidence }: { evidence: SessionEvidence }) {
  return (
    <ol className="rk-session__steps rk-evidence__rows">
      {evidence.entries.map((entry) => (
        <li key={entry.seq}>
          <time dateTime={entry.recorded_at}>{formatWhen(entry.recorded_at)}</time>
          <span className="rk-session__step">
            #{entry.seq} {entry.kind.replaceAll('_', ' ')}
          </span>{' '}
          <code title={entry.hash}>{entry.hash.slice(0, 12)}…</code>{' '}
          {entry.intact ? (
            <span className="rk-evidence__ok">matches its hash</span>
          ) : (
            <strong className="rk-evidence__bad">changed since it was written</strong>
          )}
        </li>
      ))}
    </ol>
  )
}
