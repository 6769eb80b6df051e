import type { ApiData } from '@retainkit/shared/api'
import type { WebhookEventType } from '@retainkit/shared/webhooks'
import { useId, useState } from 'react'
import { sendWebhookTestEvent } from '../../../lib/api'
import { handleError } from '../../../lib/error-handler'
import { toast } from '../../../lib/toast-store'

type Endpoint = ApiData<'GET /api/webhooks/{accountId}'>[number]

/**
 * "Send test event" for one endpoint: a sample of one of the event types it receives, sent through the
 * real outbox (signed, retried, logged); the log below shows it, marked Test, until it lands.
 */
export function SendTestEvent(props: {
  accountId: string
  endpoint: Endpoint
  onQueued: (deliveryId: string) => void
}) {
  const { accountId, endpoint, onQueued } = props
  const id = useId()
  const [type, setType] = useState<WebhookEventType>(endpoint.events[0] ?? 'session.started')
  const [sending, setSending] = useState(false)
  const send = async () => {
    setSending(true)
    const result = await sendWebhookTestEvent(accountId, endpoint.id, type)
    setSending(false)
    if (result.error) {
      handleError(result.error, {
        where: 'settings.webhooks.test',
        toastTitle: 'Could not send a test event',
      })
      return
    }
    toast({
      title: 'Test event queued',
      description: `A sample ${type} event is on its way to ${endpoint.url}; the delivery log shows what it got.`,
      variant: 'success',
    })
    onQueued(result.data.delivery_id)
  }
  return (
    <div className="rk-webhook-test">
      <label htmlFor={`${id}-type`}>Test event</label>
      <select
        id={`${id}-type`}
        className="rk-input rk-select"
        value={type}
        onChange={(event) => setType(event.target.value as WebhookEventType)}
      >
        {endpoint.events.map((event) => (
          <option key={event} value={event}>
            {event}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="rk-button rk-button--secondary rk-button--small"
        disabled={sending}
        onClick={() => void send()}
        aria-label={`Send test event (${type}) to ${endpoint.url}`}
      >
        {sending ? 'Sending…' : 'Send test event'}
      </button>
    </div>
  )
}
