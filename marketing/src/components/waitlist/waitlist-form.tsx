import { type FormEvent, useState } from 'react'
import { postForm, thrownErrorMessage } from '../../api/post-form'
import { FormStatus, type StatusMessage } from '../ui/form-status'

export const WAITLIST_MESSAGES = {
  success: "Thanks! You're on the waitlist. We'll email you when Payment Recovery launches.",
  failed: 'Failed to join the waitlist. Please try again later.',
} as const

export const WAITLIST_PRODUCT = 'payment-recovery'

/** The payment-recovery waitlist: one email field plus the honeypot, posted to `POST /api/waitlist`. */
export function WaitlistForm() {
  const [email, setEmail] = useState('')
  const [website, setWebsite] = useState('')
  const [sending, setSending] = useState(false)
  const [status, setStatus] = useState<StatusMessage | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSending(true)
    setStatus(null)
    try {
      const result = await postForm('/api/waitlist', { email, product: WAITLIST_PRODUCT, website })
      if (result.ok) {
        setStatus({ kind: 'success', text: WAITLIST_MESSAGES.success })
        setEmail('')
      } else {
        setStatus({ kind: 'error', text: result.message ?? WAITLIST_MESSAGES.failed })
      }
    } catch (error) {
      setStatus({ kind: 'error', text: thrownErrorMessage(error, WAITLIST_MESSAGES.failed) })
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="form form-inline" method="post" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor="waitlist-email">Work email</label>
        <input
          id="waitlist-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="waitlist-website">Leave this field empty</label>
        <input
          id="waitlist-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      <button className="button button-primary" type="submit" disabled={sending}>
        {sending ? 'Joining…' : 'Join Waitlist'}
      </button>
      <FormStatus status={status} />
    </form>
  )
}
