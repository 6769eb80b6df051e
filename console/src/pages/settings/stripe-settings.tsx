import type { ConnectedCredentials, TestConnectionResult } from '@retainkit/shared/api'
import { useState } from 'react'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { deleteCredentials, getCredentials, stripeOAuthStart, testConnection } from '../../lib/api'
import { browserLocation } from '../../lib/browser-location'
import { handleError, userMessageOf } from '../../lib/error-handler'
import { formatDateTime, relativeTime } from '../../lib/relative-time'
import { getRuntimeConfig } from '../../lib/runtime'
import { toast } from '../../lib/toast-store'
import { useApiResource } from '../../lib/use-api-resource'
import { StripeKeyForm } from './stripe-key-form'

type TestState = { kind: 'idle' } | { kind: 'testing' } | { kind: 'done'; result: TestConnectionResult }

function ConnectionDetails({ credentials }: { credentials: ConnectedCredentials }) {
  const lastTested = credentials.last_tested_at
  return (
    <dl className="rk-details">
      <div>
        <dt>Secret key</dt>
        <dd>
          <code className="rk-code-inline">{credentials.api_key ?? '—'}</code>
        </dd>
      </div>
      <div>
        <dt>Publishable key</dt>
        <dd>
          <code className="rk-code-inline">{credentials.access_token ?? '—'}</code>
        </dd>
      </div>
      <div>
        <dt>Stripe account</dt>
        <dd>{credentials.stripe_account_id ?? '—'}</dd>
      </div>
      <div>
        <dt>Connected with</dt>
        <dd>{credentials.connected_via === 'oauth' ? 'Stripe Connect' : 'API keys'}</dd>
      </div>
      <div>
        <dt>Mode</dt>
        <dd>{credentials.livemode === true ? 'Live' : credentials.livemode === false ? 'Test' : '—'}</dd>
      </div>
      <div>
        <dt>Last check</dt>
        <dd>
          {lastTested ? (
            <time dateTime={lastTested} title={formatDateTime(lastTested)}>
              {relativeTime(lastTested)} — {credentials.last_test_ok ? 'working' : 'failed'}
            </time>
          ) : (
            'Not tested yet'
          )}
        </dd>
      </div>
    </dl>
  )
}

function ConnectWithStripe({ accountId }: { accountId: string }) {
  const [starting, setStarting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const start = async () => {
    setStarting(true)
    setError(null)
    const result = await stripeOAuthStart(accountId)
    if (result.error || !/^https?:\/\//.test(result.data.url)) {
      setStarting(false)
      setError(result.error ? userMessageOf(result.error) : 'Stripe returned an unexpected address.')
      if (result.error) handleError(result.error, { where: 'settings.stripe.oauthStart' })
      return
    }
    browserLocation.assign(result.data.url)
  }
  return (
    <div className="rk-settings__block">
      <h3>Connect with Stripe</h3>
      <p className="rk-form__help">Sign in to Stripe and approve access; no keys to copy.</p>
      <button
        type="button"
        className="rk-button rk-button--primary"
        disabled={starting}
        onClick={() => void start()}
      >
        {starting ? 'Opening Stripe...' : 'Connect with Stripe'}
      </button>
      <div aria-live="polite">
        {error ? (
          <p className="rk-notice rk-notice--error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  )
}

/** The Stripe connection: masked current key, test, disconnect, paste keys, or Stripe Connect OAuth. */
export function StripeSettings({ accountId }: { accountId: string }) {
  const { state, reload, setData } = useApiResource(() => getCredentials(accountId), accountId)
  const stripeConnect = getRuntimeConfig().stripeConnect

  if (state.status === 'loading') return <Spinner label="Loading Stripe connection..." />
  if (state.status === 'error') {
    return <LoadError what="The Stripe connection" error={state.error} onRetry={() => void reload()} />
  }
  const credentials = state.data

  return (
    <div className="rk-settings__stack">
      {credentials.connected ? (
        <ConnectedStripe
          accountId={accountId}
          credentials={credentials}
          onTested={() => void reload()}
          onDisconnected={() => setData({ gateway: 'stripe', connected: false })}
        />
      ) : credentials.demo ? (
        <p className="rk-status" data-testid="demo-not-connected">
          Demo data: not connected. This demo merchant's sessions are generated; no Stripe account stands
          behind them. Connect your own test keys below to try save offers against Stripe.
        </p>
      ) : (
        <p className="rk-status">
          Not connected. Connect Stripe so save offers (discounts, pauses, plan switches) apply automatically.
        </p>
      )}
      {stripeConnect ? <ConnectWithStripe accountId={accountId} /> : null}
      <div className="rk-settings__block">
        <StripeKeyForm accountId={accountId} connected={credentials.connected} onSaved={setData} />
      </div>
    </div>
  )
}

/** A connected account: its details, a connection test and disconnecting (asked first). */
function ConnectedStripe(props: {
  accountId: string
  credentials: ConnectedCredentials
  onTested: () => void
  onDisconnected: () => void
}) {
  const { accountId, credentials, onTested, onDisconnected } = props
  const [test, setTest] = useState<TestState>({ kind: 'idle' })
  const [confirmDisconnect, setConfirmDisconnect] = useState(false)
  const [disconnecting, setDisconnecting] = useState(false)

  const runTest = async () => {
    setTest({ kind: 'testing' })
    const result = await testConnection(accountId)
    if (result.error) {
      setTest({ kind: 'done', result: { ok: false, message: userMessageOf(result.error) } })
      return
    }
    setTest({ kind: 'done', result: result.data })
    onTested()
  }

  const disconnect = async () => {
    setDisconnecting(true)
    const result = await deleteCredentials(accountId)
    setDisconnecting(false)
    setConfirmDisconnect(false)
    if (result.error) {
      handleError(result.error, {
        where: 'settings.stripe.disconnect',
        toastTitle: 'Could not disconnect Stripe',
      })
      return
    }
    setTest({ kind: 'idle' })
    onDisconnected()
    toast({
      title: 'Stripe disconnected',
      description: 'Save offers that need Stripe are paused.',
      variant: 'success',
    })
  }

  return (
    <div className="rk-settings__block">
      <p className="rk-status rk-status--ok">Connected to Stripe</p>
      <ConnectionDetails credentials={credentials} />
      <div className="rk-form__actions">
        <button
          type="button"
          className="rk-button rk-button--secondary"
          disabled={test.kind === 'testing'}
          onClick={() => void runTest()}
        >
          {test.kind === 'testing' ? 'Testing...' : 'Test connection'}
        </button>
        {confirmDisconnect ? null : (
          <button
            type="button"
            className="rk-button rk-button--danger"
            onClick={() => setConfirmDisconnect(true)}
          >
            Disconnect
          </button>
        )}
      </div>
      <div aria-live="polite">
        {test.kind === 'done' ? (
          <p className={`rk-notice ${test.result.ok ? 'rk-notice--success' : 'rk-notice--error'}`}>
            {test.result.ok
              ? `Connection works${test.result.account?.name ? `: ${test.result.account.name}` : ''} (${test.result.livemode ? 'live' : 'test'} mode).`
              : `Connection failed: ${test.result.message ?? 'Stripe did not accept the key.'}`}
          </p>
        ) : null}
      </div>
      {confirmDisconnect ? (
        <DisconnectQuestion
          disconnecting={disconnecting}
          onConfirm={() => void disconnect()}
          onCancel={() => setConfirmDisconnect(false)}
        />
      ) : null}
    </div>
  )
}

/** Asked before disconnecting: what stops until Stripe is connected again. */
function DisconnectQuestion(props: { disconnecting: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { disconnecting, onConfirm, onCancel } = props
  return (
    <div className="rk-notice rk-notice--warning" role="alertdialog" aria-labelledby="disconnect-question">
      <p id="disconnect-question">
        Disconnect Stripe? Discounts, pauses and plan switches stop until you connect again.
      </p>
      <div className="rk-form__actions">
        <button
          type="button"
          className="rk-button rk-button--danger"
          disabled={disconnecting}
          onClick={onConfirm}
        >
          {disconnecting ? 'Disconnecting...' : 'Yes, disconnect'}
        </button>
        <button type="button" className="rk-button rk-button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}
