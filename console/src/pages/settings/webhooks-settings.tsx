import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@retainkit/shared/webhooks'
import { type FormEvent, useId, useState } from 'react'
import { ActionsTable } from '../../components/actions-table'
import { ConfirmButton } from '../../components/confirm-button'
import { FormField } from '../../components/form-field'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
} from '../../lib/api'
import { handleError } from '../../lib/error-handler'
import { useApiResource } from '../../lib/use-api-resource'
import { useCapability } from '../../session/session-store'
import { DeliveryLog } from './webhooks/delivery-log'
import { SendTestEvent } from './webhooks/send-test-event'
import { NewSecret } from './widget-secret-settings'

/** Add form: an HTTPS URL (or a Slack incoming-webhook URL with the Slack preset) and its events. */
function AddEndpoint({ accountId, onAdded }: { accountId: string; onAdded: (secret: string) => void }) {
  const kindId = useId()
  const [url, setUrl] = useState('')
  const [kind, setKind] = useState<'generic' | 'slack'>('generic')
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES])
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!url.trim().startsWith('https://')) {
      setError('The endpoint URL must start with https://')
      return
    }
    setError(null)
    setSaving(true)
    const result = await createWebhookEndpoint(accountId, { url: url.trim(), events, kind })
    setSaving(false)
    if (result.error) {
      setError(result.error.message)
      return
    }
    setUrl('')
    onAdded(result.data.secret)
  }

  return (
    <form
      className="rk-form rk-settings__form rk-settings__block"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <FormField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/retainkit-webhooks"
        hint="HTTPS only. For Slack, paste an incoming-webhook URL and choose the Slack format."
        value={url}
        onChange={(value) => {
          setUrl(value)
          setError(null)
        }}
        error={error}
      />
      <div className="rk-form-field">
        <label htmlFor={kindId}>Format</label>
        <select
          id={kindId}
          className="rk-input rk-select"
          value={kind}
          onChange={(event) => setKind(event.target.value as 'generic' | 'slack')}
        >
          <option value="generic">JSON event (signed)</option>
          <option value="slack">Slack incoming webhook (readable message)</option>
        </select>
      </div>
      <fieldset className="rk-plain-fieldset">
        <legend className="rk-field__label">Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="rk-check">
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) =>
                setEvents((current) =>
                  event.target.checked ? [...current, type] : current.filter((t) => t !== type),
                )
              }
            />
            <span>
              <code>{type}</code>: {WEBHOOK_EVENT_LABELS[type]}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="rk-form__actions">
        <button
          type="submit"
          className="rk-button rk-button--primary"
          disabled={saving || events.length === 0}
        >
          {saving ? 'Adding...' : 'Add endpoint'}
        </button>
      </div>
    </form>
  )
}

/**
 * Settings → Webhooks: the account's endpoints for session and save events, how to verify them (the
 * README's recipe), and the delivery log. Members who may manage credentials add, remove and replay.
 */
export function WebhooksSettings({ accountId }: { accountId: string }) {
  const canManage = useCapability('canManageCredentials')
  const { state, reload } = useApiResource(() => listWebhookEndpoints(accountId), accountId)
  const log = useApiResource(() => listWebhookDeliveries(accountId), `log-${accountId}`)
  const [secret, setSecret] = useState<string | null>(null)
  const [removing, setRemoving] = useState<string | null>(null)
  const [awaiting, setAwaiting] = useState<string[]>([])

  const remove = async (id: string) => {
    setRemoving(id)
    const result = await deleteWebhookEndpoint(accountId, id)
    setRemoving(null)
    if (result.error) {
      handleError(result.error, { where: 'settings.webhooks.delete', toastTitle: 'Could not remove it' })
      return
    }
    void reload()
  }

  return (
    <div className="rk-settings__stack">
      <p className="rk-form__help">
        Retainkit POSTs each event to your endpoints, signed in the <code>Retainkit-Signature</code> header
        (HMAC-SHA256 over <code>timestamp.body</code> with the endpoint's secret), and retries failures for
        three days.
      </p>
      {secret ? (
        <NewSecret created={{ secret }} label="Signing secret" onDone={() => setSecret(null)} />
      ) : null}
      {state.status === 'loading' ? <Spinner label="Loading endpoints..." /> : null}
      {state.status === 'error' ? (
        <LoadError what="Your webhook endpoints" error={state.error} onRetry={() => void reload()} />
      ) : null}
      {state.status === 'ready' && state.data.length === 0 ? <p>No endpoints yet.</p> : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ActionsTable caption="Webhook endpoints" captionHidden columns={['URL', 'Format', 'Events']}>
          {state.data.map((endpoint) => (
            <tr key={endpoint.id}>
              <td className="rk-mono">{endpoint.url}</td>
              <td>{endpoint.kind === 'slack' ? 'Slack' : 'JSON'}</td>
              <td>{endpoint.events.join(', ')}</td>
              <td>
                {canManage ? (
                  <SendTestEvent
                    accountId={accountId}
                    endpoint={endpoint}
                    onQueued={(deliveryId) => {
                      setAwaiting((current) => [...current, deliveryId])
                      void log.refresh()
                    }}
                  />
                ) : null}
                {canManage ? (
                  <ConfirmButton
                    label="Remove"
                    ariaLabel={`Remove endpoint ${endpoint.url}`}
                    confirm="Yes, remove"
                    confirmAriaLabel={`Confirm removing endpoint ${endpoint.url}`}
                    busyLabel="Removing..."
                    busy={removing === endpoint.id}
                    onConfirm={() => void remove(endpoint.id)}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </ActionsTable>
      ) : null}
      {canManage ? (
        <>
          <h3>Add an endpoint</h3>
          <AddEndpoint
            accountId={accountId}
            onAdded={(value) => {
              setSecret(value)
              void reload()
            }}
          />
        </>
      ) : null}
      <h3>Delivery log</h3>
      <DeliveryLog
        accountId={accountId}
        canManage={canManage}
        endpoints={state.status === 'ready' ? state.data : []}
        log={log}
        awaiting={awaiting}
      />
    </div>
  )
}
