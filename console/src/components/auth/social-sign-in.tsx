import type { Provider } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { ensureAuthClient } from '../../lib/runtime'
import { loadSocialProviders, providerName } from './auth-settings'
import { callbackUrl, type EmailFormMode, userMessage } from './email-link-form'

/**
 * One button per social provider the auth service has enabled (GET /auth/v1/settings); none when it
 * lists none. signInWithOAuth redirects the browser to the provider.
 */
export function SocialSignIn({ mode }: { mode: EmailFormMode }) {
  const [providers, setProviders] = useState<string[]>([])
  const [pending, setPending] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let active = true
    void loadSocialProviders().then((list) => {
      if (active) setProviders(list)
    })
    return () => {
      active = false
    }
  }, [])

  if (providers.length === 0) return null

  const start = async (provider: string) => {
    setPending(provider)
    setError(null)
    try {
      const { error: authError } = await (await ensureAuthClient()).signInWithOAuth({
        provider: provider as Provider,
        options: { redirectTo: callbackUrl(mode) },
      })
      if (authError) {
        setError(await userMessage(authError.message))
        setPending(null)
      }
    } catch {
      setError('We could not reach the sign-in provider. Please try again.')
      setPending(null)
    }
  }

  return (
    <div className="rk-social">
      <p className="rk-divider">
        <span>or</span>
      </p>
      <ul className="rk-social__list">
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className="rk-button rk-button--secondary rk-button--wide"
              disabled={pending !== null}
              onClick={() => void start(provider)}
            >
              {pending === provider ? 'Redirecting...' : `Continue with ${providerName(provider)}`}
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="rk-notice rk-notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
