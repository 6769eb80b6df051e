import type { ApiData } from '@retainkit/shared/api'
import { useEffect, useState } from 'react'
import { ActionsTable } from '../../../components/actions-table'
import { LoadError } from '../../../components/load-error'
import { Spinner } from '../../../components/spinner'
import { replayWebhookDelivery } from '../../../lib/api'
import { handleError } from '../../../lib/error-handler'
import { formatDateTime, relativeTime } from '../../../lib/relative-time'
import type { Resource } from '../../../lib/use-api-resource'

type WebhookDelivery = ApiData<'GET /api/webhooks/{accountId}/deliveries'>[number]
type Endpoint = ApiData<'GET /api/webhooks/{accountId}'>[number]
export type DeliveryLogResource = Resource<WebhookDelivery[]>

/** While a delivery is on its way (a replay or a test event just queued), the log is read this often. */
export const LOG_POLL_MS = 2000

/** A delivery that is over; a pending one is worded by statusText from its attempts. */
const DONE_LABELS: Readonly<Record<Exclude<WebhookDelivery['status'], 'pending'>, string>> = {
  delivered: 'Delivered',
  failed: 'Failed',
}

/** When a pending delivery's next attempt is due: 'now', 'in 40 seconds', 'in 2 minutes'. */
function nextAttempt(delivery: WebhookDelivery): string {
  const at = delivery.next_attempt_at ? new Date(delivery.next_attempt_at).getTime() : Number.NaN
  if (Number.isNaN(at)) return 'soon'
  const wait = at - Date.now()
  if (wait <= 1000) return 'now'
  if (wait < 60_000) return new Intl.RelativeTimeFormat('en').format(Math.round(wait / 1000), 'second')
  return relativeTime(delivery.next_attempt_at)
}

const lastAnswer = (delivery: WebhookDelivery) => delivery.last_status ?? 'no answer'

/**
 * A delivery's status in words. Pending is either queued (nothing attempted yet: on its way, not
 * retrying) or retrying, with when and what the last attempt got. One the merchant just replayed says
 * so until its next attempt lands, then what that attempt got; the log is read again every two seconds
 * meanwhile (useWatchWhilePending).
 */
function statusText(delivery: WebhookDelivery, attemptsBefore: number | undefined): string {
  if (attemptsBefore !== undefined) {
    if (delivery.log.length <= attemptsBefore) return 'Replay queued: sending…'
    if (delivery.status === 'delivered') return 'Replayed: delivered'
    if (delivery.status === 'failed') return `Replayed: ${lastAnswer(delivery)}, failed`
    return `Replayed: ${lastAnswer(delivery)}, retrying ${nextAttempt(delivery)}`
  }
  if (delivery.status !== 'pending') return DONE_LABELS[delivery.status]
  if (delivery.log.length === 0) return 'Queued: sending…'
  const last = delivery.last_status === null ? 'no answer last time' : `last answer ${delivery.last_status}`
  return `Retrying ${nextAttempt(delivery)} (${last})`
}

/** Reads the log again every two seconds while something the merchant started has not landed. */
export function useWatchWhilePending(log: DeliveryLogResource, watching: boolean) {
  const { refresh } = log
  useEffect(() => {
    if (!watching) return
    const timer = setInterval(() => void refresh(), LOG_POLL_MS)
    return () => clearInterval(timer)
  }, [watching, refresh])
}

const endpointName = (endpoints: readonly Endpoint[], id: string) => {
  const endpoint = endpoints.find((entry) => entry.id === id)
  return endpoint ? (endpoint.description ?? endpoint.url) : 'A removed endpoint'
}

/** The latest deliveries: the endpoint, event, outcome, each attempt's response code, and a replay button. */
export function DeliveryLog(props: {
  accountId: string
  canManage: boolean
  endpoints: readonly Endpoint[]
  log: DeliveryLogResource
  /** Deliveries started from this page (test events) the log waits for. */
  awaiting: readonly string[]
}) {
  const { accountId, canManage, endpoints, log, awaiting } = props
  const { state, reload, refresh } = log
  // Each replayed delivery's attempts before the replay: the next one is the replay's answer.
  const [replayed, setReplayed] = useState<Record<string, number>>({})
  const [replaying, setReplaying] = useState<string | null>(null)
  const rows = state.status === 'ready' ? state.data : []
  const waiting = rows.some(
    (row) =>
      (replayed[row.id] !== undefined && row.log.length <= (replayed[row.id] ?? 0)) ||
      (awaiting.includes(row.id) && row.log.length === 0),
  )
  useWatchWhilePending(log, waiting)

  const replay = async (id: string) => {
    const attemptsBefore = rows.find((row) => row.id === id)?.log.length ?? 0
    setReplaying(id)
    const result = await replayWebhookDelivery(accountId, id)
    setReplaying(null)
    if (result.error) {
      handleError(result.error, { where: 'settings.webhooks.replay', toastTitle: 'Could not replay' })
      return
    }
    setReplayed((current) => ({ ...current, [id]: attemptsBefore }))
    void refresh()
  }
  if (state.status === 'loading') return <Spinner label="Loading deliveries..." />
  if (state.status === 'error')
    return <LoadError what="The delivery log" error={state.error} onRetry={() => void reload()} />
  if (rows.length === 0) return <p>No deliveries yet.</p>
  return (
    <ActionsTable
      caption="Recent deliveries"
      columns={['Endpoint', 'Event', 'Status', 'Response codes', 'When']}
    >
      {rows.map((delivery) => (
        <tr key={delivery.id} data-delivery={delivery.id}>
          <td data-label="Endpoint" className="rk-mono">
            {endpointName(endpoints, delivery.endpoint_id)}
          </td>
          <td data-label="Event">
            <code>{delivery.event_type}</code>
            {delivery.test ? <span className="rk-tag">Test</span> : null}
          </td>
          <td data-label="Status" aria-live="polite">
            {statusText(delivery, replayed[delivery.id])}
          </td>
          <td data-label="Response codes">
            {delivery.log.map((attempt) => attempt.status ?? 'no answer').join(', ') || '—'}
          </td>
          <td data-label="When">
            <time dateTime={delivery.created_at ?? undefined} title={formatDateTime(delivery.created_at)}>
              {relativeTime(delivery.created_at)}
            </time>
          </td>
          <td>
            {canManage ? (
              <button
                type="button"
                className="rk-button rk-button--secondary rk-button--small"
                disabled={replaying === delivery.id}
                onClick={() => void replay(delivery.id)}
                aria-label={`Replay ${delivery.event_type} delivery ${delivery.event_id}`}
              >
                {replaying === delivery.id ? 'Replaying…' : 'Replay'}
              </button>
            ) : null}
          </td>
        </tr>
      ))}
    </ActionsTable>
  )
}
