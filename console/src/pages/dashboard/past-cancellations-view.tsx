import type { PastCancellation, PastCancellations, PastImportState } from '@retainkit/shared/api-types'
import {
  STRIPE_FEEDBACK_LABELS,
  type StripeCancellationFeedback,
  type StripeCancellationReason,
} from '@retainkit/shared/sessions'
import { formatCount } from '../../lib/format'
import { formatIn, formatList, moneyList } from './money-view'

/** The parts of the "Before Retainkit" card: progress, the reasons table and the latest cancellations. */

const REASON_LABELS: Readonly<Record<StripeCancellationReason, string>> = {
  cancellation_requested: 'Requested',
  payment_failed: 'Payment failed',
  payment_disputed: 'Payment disputed',
}

const cancellations = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'cancellation' : 'cancellations'}`
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })

export function feedbackLabel(feedback: StripeCancellationFeedback | null): string {
  return feedback === null ? 'No reason given' : STRIPE_FEEDBACK_LABELS[feedback]
}

export function ImportProgress({ state }: { state: PastImportState }) {
  if (state.status === 'failed') {
    return (
      <div className="rk-notice rk-notice--warning" role="alert">
        <p>{state.error ?? 'The import from Stripe stopped.'}</p>
        <p>
          {state.retry_at
            ? `It is tried again by itself after ${new Date(state.retry_at).toLocaleTimeString()}.`
            : 'Fix this in Stripe (or reconnect it in Settings → Stripe), then import again.'}
          {state.found > 0 ? ` ${cancellations(state.found)} were imported before it stopped.` : ''}
        </p>
      </div>
    )
  }
  return (
    <div className="rk-past__progress" role="status">
      <progress aria-label="Importing cancellations from Stripe" />
      <p>
        Importing from Stripe: {formatCount(state.scanned)} canceled{' '}
        {state.scanned === 1 ? 'subscription' : 'subscriptions'} read, {cancellations(state.found)} from the
        last 12 months so far.
      </p>
    </div>
  )
}

export function ReasonsTable({ data }: { data: PastCancellations }) {
  const rows = data.by_feedback.filter((row) => row.count > 0)
  return (
    <div className="rk-table-wrap">
      <table className="rk-table rk-past__reasons">
        <caption>By Stripe reason</caption>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col">Cancellations</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.feedback ?? 'none'} data-feedback={row.feedback ?? 'none'}>
              <th scope="row">
                {feedbackLabel(row.feedback)}
                {row.feedback ? <code className="rk-past__code">{row.feedback}</code> : null}
              </th>
              <td>{formatCount(row.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function Figures({ data }: { data: PastCancellations }) {
  const byReason = data.by_reason.filter((row) => row.count > 0 && row.reason !== null)
  return (
    <dl className="rk-past__figures">
      <dt>Monthly revenue they were worth</dt>
      <dd>{formatList(moneyList(data.mrr_lost))}</dd>
      {byReason.length > 0 ? (
        <>
          <dt>How they ended</dt>
          <dd>
            {byReason
              .map(
                (row) =>
                  `${REASON_LABELS[row.reason as StripeCancellationReason]}: ${formatCount(row.count)}`,
              )
              .join(' · ')}
          </dd>
        </>
      ) : null}
    </dl>
  )
}

function customerCell(row: PastCancellation): string {
  const { email, name, id } = row.customer
  if (email && name) return `${name} (${email})`
  return email ?? name ?? id
}

export function RecentTable({ rows }: { rows: readonly PastCancellation[] }) {
  return (
    <div className="rk-past__recent-wrap">
      {/* A list of cards on a phone (each value under its column's name), a table on wider screens. */}
      <table className="rk-data-table rk-past__recent">
        <caption>Latest cancellations</caption>
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Canceled</th>
            <th scope="col">Plan</th>
            <th scope="col">MRR</th>
            <th scope="col">Reason</th>
            <th scope="col">Comment</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.subscription_id}>
              <th scope="row" data-label="Customer">
                {customerCell(row)}
              </th>
              <td data-label="Canceled">
                <time dateTime={row.canceled_at}>{day(row.canceled_at)}</time>
              </td>
              <td data-label="Plan">{row.plan ?? '—'}</td>
              <td data-label="MRR">{formatIn(row.mrr.amount, row.mrr.currency)}</td>
              <td data-label="Reason">{feedbackLabel(row.feedback)}</td>
              <td data-label="Comment">{row.comment ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
