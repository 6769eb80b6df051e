import { useState } from 'react'
import { postForm } from '../../api/post-form'
import { FormStatus } from '../ui/form-status'
import { HoneypotField } from '../ui/honeypot-field'
import { TextInputField } from '../ui/text-input-field'
import { useFormSubmit } from '../ui/use-form-submit'

export const WAITLIST_MESSAGES = {
  success: "Thanks! You're on the waitlist. We'll email you when Payment Recovery launches.",
  failed: 'Failed to join the waitlist. Please try again later.',
} as const

export const WAITLIST_PRODUCT = 'payment-recovery'

/** The payment-recovery waitlist: one email field plus the honeypot, posted to `POST /api/waitlist`. */
export function WaitlistForm() {
  const [email, setEmail] = useState('')
  const [website, setWebsite] = useState('')
  const { sending, status, onSubmit } = useFormSubmit(
    WAITLIST_MESSAGES,
    () => postForm('/api/waitlist', { email, product: WAITLIST_PRODUCT, website }),
    () => setEmail(''),
  )

  return (
    <form className="form form-inline" method="post" onSubmit={onSubmit}>
      <TextInputField
        id="waitlist-email"
        name="email"
        label="Work email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <HoneypotField id="waitlist-website" value={website} onChange={setWebsite} />
      <button className="button button-primary" type="submit" disabled={sending}>
        {sending ? 'Joining…' : 'Join Waitlist'}
      </button>
      <FormStatus status={status} />
    </form>
  )
}
