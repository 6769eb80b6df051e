import { ROUTES } from '@retainkit/shared/routes'
import { type FormEvent, useId, useState } from 'react'
import { ensureAuthClient, getRuntimeConfig } from '../../lib/runtime'
import { DevOutbox } from './dev-outbox'

export const EMAIL_FORM_MODES = ['login', 'signup'] as const
export type EmailFormMode = (typeof EMAIL_FORM_MODES)[number]

/**
 * The redirect after auth is the auth-callback URL on the site's own origin — login uses the
 * trailing-slash variant, signup the plain one.
 */
export function callbackUrl(mode: EmailFormMode, origin: string = window.location.origin): string {
  return mode === 'login' ? `${origin}${ROUTES.authCallback}/` : `${origin}${ROUTES.authCallback}`
}

const COPY: Readonly<Record<EmailFormMode, { submit: string; sending: string; sent: string; help: string }>> =
  {
    login: {
      submit: 'Send magic link',
      sending: 'Sending...',
      sent: 'Check your email for your sign-in link.',
      help: "We'll email you a link that signs you in. No password needed.",
    },
    signup: {
      submit: 'Create account',
      sending: 'Creating account...',
      sent: 'Check your email to confirm your account!',
      help: "We'll email you a link to confirm your address and sign you in.",
    },
  }

type FormState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; email: string }
  | { kind: 'error'; message: string }

/**
 * The auth service's words for a failure, sanitized for a person. The sanitizer loads only
 * when there is something to say: the sign-in pages carry no code they do not need (issue 33 #10).
 */
export async function userMessage(text: string): Promise<string> {
  const { sanitizeMessage } = await import('@retainkit/shared/sanitize')
  return sanitizeMessage(text, { audience: 'user' })
}

/** The emailed magic-link form of login and signup, with its sent and error states. */
export function EmailLinkForm({ mode }: { mode: EmailFormMode }) {
  const [email, setEmail] = useState('')
  const [state, setState] = useState<FormState>({ kind: 'idle' })
  const [sends, setSends] = useState(0)
  const inputId = useId()
  const helpId = useId()
  const statusId = useId()
  const copy = COPY[mode]
  const devOutbox = getRuntimeConfig().devOutbox

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const address = email.trim()
    if (address === '' || state.kind === 'sending') return
    setState({ kind: 'sending' })
    try {
      const options =
        mode === 'signup'
          ? { emailRedirectTo: callbackUrl(mode), shouldCreateUser: true }
          : { emailRedirectTo: callbackUrl(mode) }
      const { error } = await (await ensureAuthClient()).signInWithOtp({ email: address, options })
      if (error) {
        setState({ kind: 'error', message: await userMessage(error.message) })
        return
      }
      setState({ kind: 'sent', email: address })
      setSends((count) => count + 1)
    } catch {
      setState({ kind: 'error', message: 'We could not send the email. Please try again.' })
    }
  }

  return (
    <>
      <form className="rk-form" onSubmit={onSubmit} noValidate={false} aria-describedby={helpId}>
        <p id={helpId} className="rk-form__help">
          {copy.help}
        </p>
        <div className="rk-form-field">
          <label htmlFor={inputId}>Email address</label>
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            aria-invalid={state.kind === 'error'}
            aria-describedby={state.kind === 'error' ? statusId : undefined}
            onChange={(event) => {
              setEmail(event.target.value)
              if (state.kind === 'error') setState({ kind: 'idle' })
            }}
          />
        </div>
        <button
          type="submit"
          className="rk-button rk-button--primary rk-button--wide"
          disabled={state.kind === 'sending'}
        >
          {state.kind === 'sending' ? copy.sending : copy.submit}
        </button>
        <div id={statusId} aria-live="polite" className="rk-form__status">
          {state.kind === 'sent' ? <p className="rk-notice rk-notice--success">{copy.sent}</p> : null}
          {state.kind === 'error' ? (
            <p className="rk-notice rk-notice--error" role="alert">
              {state.message}
            </p>
          ) : null}
        </div>
      </form>
      {devOutbox ? <DevOutbox email={email.trim()} sends={sends} /> : null}
    </>
  )
}
