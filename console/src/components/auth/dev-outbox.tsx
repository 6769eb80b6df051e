import { useCallback, useEffect, useId, useState } from 'react'
import { getRuntimeConfig } from '../../lib/runtime'
import { loadOutbox, type OutboxMail } from './auth-settings'

type OutboxState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'loaded'; email: string; mails: OutboxMail[] }
  | { kind: 'error' }

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)

function sentAt(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString()
}

/**
 * Embedded development mode only (runtime config devOutbox): sign-in mails are not delivered but kept
 * in the dev outbox. This note points there and lists the newest links for the entered address, read
 * again after every send.
 */
export function DevOutbox({ email, sends }: { email: string; sends: number }) {
  const [state, setState] = useState<OutboxState>({ kind: 'idle' })
  const headingId = useId()
  const outboxUrl = `${getRuntimeConfig().backendUrl}/auth/v1/dev/outbox`

  const refresh = useCallback(async (address: string) => {
    setState({ kind: 'loading' })
    try {
      setState({ kind: 'loaded', email: address, mails: await loadOutbox(address) })
    } catch {
      setState({ kind: 'error' })
    }
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload after each send, not on every keystroke.
  useEffect(() => {
    if (sends > 0 && looksLikeEmail(email)) void refresh(email)
  }, [sends, refresh])

  return (
    <aside className="rk-dev-outbox" aria-labelledby={headingId}>
      <h2 id={headingId} className="rk-dev-outbox__title">
        Development mode
      </h2>
      <p>
        Sign-in emails are not sent on this server. They are kept in the{' '}
        <a href={outboxUrl} target="_blank" rel="noopener noreferrer">
          dev outbox (/auth/v1/dev/outbox)
        </a>
        .
      </p>
      <button
        type="button"
        className="rk-button rk-button--secondary"
        disabled={!looksLikeEmail(email) || state.kind === 'loading'}
        onClick={() => void refresh(email)}
      >
        Show latest links for this email
      </button>
      <div aria-live="polite">
        {state.kind === 'loading' ? <p>Loading...</p> : null}
        {state.kind === 'error' ? (
          <p className="rk-notice rk-notice--error">The dev outbox could not be read.</p>
        ) : null}
        {state.kind === 'loaded' && state.mails.length === 0 ? (
          <p>No sign-in emails for {state.email} yet.</p>
        ) : null}
        {state.kind === 'loaded' && state.mails.length > 0 ? (
          <ul className="rk-dev-outbox__list" aria-label={`Latest sign-in links for ${state.email}`}>
            {state.mails.map((mail) => (
              <li key={`${mail.link}-${mail.sent_at}`}>
                <a href={mail.link}>{mail.subject || 'Sign-in link'}</a>
                {sentAt(mail.sent_at) ? (
                  <span className="rk-muted"> — sent {sentAt(mail.sent_at)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </aside>
  )
}
