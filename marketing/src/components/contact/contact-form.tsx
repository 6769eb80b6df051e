import { type ChangeEvent, type FormEvent, useState } from 'react'
import { postForm, thrownErrorMessage } from '../../api/post-form'
import { FormStatus, type StatusMessage } from '../ui/form-status'

/** Spec 8, "Contact": the exact texts shown after a submit. */
export const CONTACT_MESSAGES = {
  success: 'Thanks! Your message has been sent.',
  failed: 'Failed to send message. Please try again later.',
} as const

export interface ContactFields {
  name: string
  email: string
  message: string
}

const EMPTY: ContactFields = { name: '', email: '', message: '' }

/** The client's sendContactMessage (spec 7): `website` is the honeypot, empty unless a bot filled it. */
export function sendContactMessage(fields: ContactFields & { website: string }, fetchImpl?: typeof fetch) {
  return postForm('/api/contact', fields, fetchImpl)
}

/**
 * Spec 2.9 / 4: on success show the thanks and clear the form; on failure show the server's message or
 * the fallback, and keep what the visitor typed. The spec says "alerts": the message goes into an ARIA
 * alert region (announced at once by screen readers) instead of a blocking window.alert().
 */
export function ContactForm() {
  const [fields, setFields] = useState<ContactFields>(EMPTY)
  const [website, setWebsite] = useState('')
  const [sending, setSending] = useState(false)
  const [status, setStatus] = useState<StatusMessage | null>(null)

  const update = (key: keyof ContactFields) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setFields((current) => ({ ...current, [key]: event.target.value }))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSending(true)
    setStatus(null)
    try {
      const result = await sendContactMessage({ ...fields, website })
      if (result.ok) {
        setStatus({ kind: 'success', text: CONTACT_MESSAGES.success })
        setFields(EMPTY)
      } else {
        setStatus({ kind: 'error', text: result.message ?? CONTACT_MESSAGES.failed })
      }
    } catch (error) {
      setStatus({ kind: 'error', text: thrownErrorMessage(error, CONTACT_MESSAGES.failed) })
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="form" method="post" onSubmit={onSubmit} aria-describedby="contact-form-note">
      <p id="contact-form-note" className="form-note">
        All fields are required.
      </p>
      <div className="field">
        <label htmlFor="contact-name">Name</label>
        <input
          id="contact-name"
          name="name"
          type="text"
          autoComplete="name"
          required
          value={fields.name}
          onChange={update('name')}
        />
      </div>
      <div className="field">
        <label htmlFor="contact-email">Email</label>
        <input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={update('email')}
        />
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          value={fields.message}
          onChange={update('message')}
        />
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      <button className="button button-primary" type="submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send Message'}
      </button>
      <FormStatus status={status} />
    </form>
  )
}
