import type { WidgetSecretCreated, WidgetSecretInfo, WidgetSecretMode } from '@retainkit/shared/api'
import { useId, useState } from 'react'
import { ActionsTable } from '../../components/actions-table'
import { AppLink } from '../../components/app-link'
import { ConfirmButton } from '../../components/confirm-button'
import { CopyButton } from '../../components/copy-button'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { createWidgetSecret, listWidgetSecrets, revokeWidgetSecret } from '../../lib/api'
import { handleError } from '../../lib/error-handler'
import { formatDateTime, relativeTime } from '../../lib/relative-time'
import { toast } from '../../lib/toast-store'
import { useApiResource } from '../../lib/use-api-resource'

/** A new secret, shown once: copy it now or create another. Also used for webhook signing secrets. */
export function NewSecret({
  created,
  onDone,
  label = 'New widget secret',
}: {
  created: Pick<WidgetSecretCreated, 'secret'>
  onDone: () => void
  label?: string
}) {
  const fieldId = useId()
  return (
    <div className="rk-notice rk-notice--warning rk-secret-once" role="alert">
      <p>
        <strong>Copy this secret now.</strong> It is shown only once: Retainkit stores it encrypted and cannot
        show it again. Keep it on your server (e.g. an environment variable) — never in a web page.
      </p>
      <label htmlFor={fieldId}>{label}</label>
      <div className="rk-secret-once__row">
        <input
          id={fieldId}
          className="rk-mono rk-secret-once__value"
          readOnly
          value={created.secret}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={created.secret} label="Copy secret" />
      </div>
      <button type="button" className="rk-button rk-button--secondary rk-button--small" onClick={onDone}>
        I have saved it
      </button>
    </div>
  )
}

function SecretRow({
  secret,
  onRevoke,
  revoking,
}: {
  secret: WidgetSecretInfo
  onRevoke: (id: string) => void
  revoking: boolean
}) {
  return (
    <tr>
      <td>
        <code className="rk-code-inline">{secret.hint}</code>
      </td>
      <td>{secret.mode === 'test' ? 'Test mode only' : 'Live'}</td>
      <td>
        <time dateTime={secret.created_at} title={formatDateTime(secret.created_at)}>
          {relativeTime(secret.created_at)}
        </time>
      </td>
      <td>
        {secret.last_used_at ? (
          <time dateTime={secret.last_used_at} title={formatDateTime(secret.last_used_at)}>
            {relativeTime(secret.last_used_at)}
          </time>
        ) : (
          'Never'
        )}
      </td>
      <td>
        <ConfirmButton
          label="Revoke"
          ariaLabel={`Revoke secret ${secret.hint}`}
          confirm="Yes, revoke"
          confirmAriaLabel={`Confirm revoking secret ${secret.hint}`}
          busyLabel="Revoking..."
          busy={revoking}
          onConfirm={() => onRevoke(secret.id)}
        />
      </td>
    </tr>
  )
}

/**
 * Widget secrets sign the subscriber tokens the merchant's server mints. Two of each mode
 * may be active at once, so rotating is: create a new one, deploy it, revoke the old one. A test-mode
 * secret signs test-mode tokens only, for development and staging sites.
 */
export function WidgetSecretSettings({ accountId }: { accountId: string }) {
  const { state, reload } = useApiResource(() => listWidgetSecrets(accountId), accountId)
  const [created, setCreated] = useState<WidgetSecretCreated | null>(null)
  const [creating, setCreating] = useState<WidgetSecretMode | null>(null)
  const [revoking, setRevoking] = useState<string | null>(null)

  const create = async (mode: WidgetSecretMode) => {
    setCreating(mode)
    const result = await createWidgetSecret(accountId, mode)
    setCreating(null)
    if (result.error) {
      handleError(result.error, {
        where: 'settings.widgetSecret.create',
        toastTitle: 'Could not create a secret',
      })
      return
    }
    setCreated(result.data)
    void reload()
  }

  const revoke = async (id: string) => {
    setRevoking(id)
    const result = await revokeWidgetSecret(accountId, id)
    setRevoking(null)
    if (result.error) {
      handleError(result.error, {
        where: 'settings.widgetSecret.revoke',
        toastTitle: 'Could not revoke the secret',
      })
      return
    }
    toast({
      title: 'Secret revoked',
      description: 'Tokens signed with it are refused from now on.',
      variant: 'success',
    })
    void reload()
  }

  const secrets = state.status === 'ready' ? state.data : []
  const has = (mode: WidgetSecretMode) => secrets.some((secret) => (secret.mode ?? 'live') === mode)
  return (
    <div className="rk-settings__stack">
      <p className="rk-form__help">
        Your server signs a short-lived subscriber token with this secret so the widget can act for the
        signed-in subscriber. See <AppLink to="routes.settings?tab=install">Install</AppLink> for the token
        helper. At most two secrets of each kind are active at once: creating another retires the oldest. A
        test-mode secret signs test-mode tokens only: use it on development and staging sites, where it can
        never change a live subscriber's billing.
      </p>
      {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
      <div className="rk-form__actions">
        <button
          type="button"
          className="rk-button rk-button--primary"
          disabled={creating !== null}
          onClick={() => void create('live')}
        >
          {creating === 'live' ? 'Creating...' : has('live') ? 'Rotate secret' : 'Create secret'}
        </button>
        <button
          type="button"
          className="rk-button rk-button--secondary"
          disabled={creating !== null}
          onClick={() => void create('test')}
        >
          {creating === 'test'
            ? 'Creating...'
            : has('test')
              ? 'Rotate test-mode secret'
              : 'Create test-mode secret'}
        </button>
      </div>
      {state.status === 'loading' ? <Spinner label="Loading secrets..." /> : null}
      {state.status === 'error' ? (
        <LoadError what="Your widget secrets" error={state.error} onRetry={() => void reload()} />
      ) : null}
      {state.status === 'ready' && secrets.length === 0 ? <p>No active secrets yet.</p> : null}
      {secrets.length > 0 ? (
        <ActionsTable
          caption="Active widget secrets"
          captionHidden
          columns={['Secret', 'Signs', 'Created', 'Last used']}
        >
          {secrets.map((secret) => (
            <SecretRow
              key={secret.id}
              secret={secret}
              revoking={revoking === secret.id}
              onRevoke={(id) => void revoke(id)}
            />
          ))}
        </ActionsTable>
      ) : null}
    </div>
  )
}
