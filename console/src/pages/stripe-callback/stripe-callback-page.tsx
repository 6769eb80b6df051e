import type { OAuthCallbackResult } from '@retainkit/shared/api'
import { sanitizeMessage } from '@retainkit/shared/sanitize'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Spinner } from '../../components/spinner'
import { stripeOAuthCallback } from '../../lib/api'
import type { ApiResult } from '../../lib/api-client'
import { handleError, userMessageOf } from '../../lib/error-handler'
import { sessionStore } from '../../session/session-store'
import { settingsTabHref } from '../settings/settings-tabs'

type CallbackState =
  | { kind: 'working' }
  | { kind: 'connected'; result: OAuthCallbackResult }
  | { kind: 'failed'; message: string }

/** Stripe's own error values on the return URL, in words (anything else is shown sanitized). */
const STRIPE_ERRORS: Readonly<Record<string, string>> = {
  access_denied: 'The connection was cancelled in Stripe, so nothing changed.',
  invalid_request: 'Stripe could not start the connection. Please start again from Settings.',
  invalid_scope: 'Stripe refused the requested permissions. Please start again from Settings.',
}

/**
 * An authorization code is single use: a second POST for it (React's development double effects, a
 * re-render) would fail and hide the first one's success. One request per code per page load.
 */
const pending = new Map<string, Promise<ApiResult<OAuthCallbackResult>>>()

function exchange(code: string, state: string) {
  let request = pending.get(code)
  if (!request) {
    request = stripeOAuthCallback({ code, state })
    pending.set(code, request)
  }
  return request
}

export function stripeErrorMessage(error: string, description: string | null): string {
  const known = STRIPE_ERRORS[error]
  if (known) return known
  const detail = sanitizeMessage(description ?? error, { audience: 'user', maxLength: 160 })
  return `Stripe reported a problem: ${detail}`
}

/**
 * /stripe/callback — where Stripe Connect returns (`?code=&state=` or `?error=`). The code and state go
 * to POST /api/stripe/oauth/callback; the page then says whether Stripe is connected and links back.
 */
export default function StripeCallbackPage() {
  const [params] = useSearchParams()
  const code = params.get('code')
  const state = params.get('state')
  const error = params.get('error')
  const description = params.get('error_description')
  const [status, setStatus] = useState<CallbackState>(() =>
    error !== null
      ? { kind: 'failed', message: stripeErrorMessage(error, description) }
      : !code || !state
        ? {
            kind: 'failed',
            message: 'This page needs the code and state Stripe sends back. Start again from Settings.',
          }
        : { kind: 'working' },
  )

  useEffect(() => {
    if (error !== null || !code || !state) return
    let active = true
    void exchange(code, state).then((result) => {
      if (!active) return
      if (result.error) {
        handleError(result.error, { where: 'stripeCallback' })
        setStatus({ kind: 'failed', message: userMessageOf(result.error) })
        return
      }
      setStatus({ kind: 'connected', result: result.data })
      void sessionStore.getState().refresh()
    })
    return () => {
      active = false
    }
  }, [code, state, error])

  return (
    <section
      className="rk-panel"
      aria-labelledby="stripe-callback-heading"
      aria-busy={status.kind === 'working'}
    >
      <h1 id="stripe-callback-heading">Connect Stripe</h1>
      <div aria-live="polite">
        {status.kind === 'working' ? <Spinner label="Connecting your Stripe account..." /> : null}
        {status.kind === 'connected' ? (
          <p className="rk-notice rk-notice--success">
            Stripe is connected
            {status.result.stripe_account_id ? ` (account ${status.result.stripe_account_id})` : ''}. Save
            offers can now apply discounts, pauses and plan switches.
          </p>
        ) : null}
        {status.kind === 'failed' ? (
          <p className="rk-notice rk-notice--error" role="alert">
            Stripe was not connected. {status.message}
          </p>
        ) : null}
      </div>
      {status.kind === 'working' ? null : (
        <p>
          <Link className="rk-button rk-button--secondary" to={settingsTabHref('stripe')}>
            Back to Stripe settings
          </Link>
        </p>
      )}
    </section>
  )
}
