import { type ChangeEvent, useState } from 'react'
import { postForm } from '../../api/post-form'
import { FormStatus } from '../ui/form-status'
import { HoneypotField } from '../ui/honeypot-field'
import { TextInputField } from '../ui/text-input-field'
import { useFormSubmit } from '../ui/use-form-submit'

/** "Contact": the exact texts shown after a submit. */
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

/** The client's sendContactMessage: `website` is the honeypot, empty unless a bot filled it. */
export function sendContactMessage(fields: ContactFields & { website: string }, fetchImpl?: typeof fetch) {
  return postForm('/api/contact', fields, fetchImpl)
}

/**
 * On success show the thanks and clear the form; on failure show the server's message or
 * the fallback, and keep what the visitor typed. The spec says "alerts": the message goes into an ARIA
 * alert region (announced at once by screen readers) instead of a blocking window.alert().
 */
export function ContactForm() {
  const [fields, setFields] = useState<ContactFields>(EMPTY)
  const [website, setWebsite] = useState('')
  const { sending, status, onSubmit } = useFormSubmit(
    CONTACT_MESSAGES,
    () => sendContactMessage({ ...fields, website }),
    () => setFields(EMPTY),
  )

  const update = (key: keyof ContactFields) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setFields((current) => ({ ...current, [key]: event.target.value }))

  return (
    <form className="form" method="post" onSubmit={onSubmit} aria-describedby="contact-form-note">
      <p id="contact-form-note" className="form-note">
        All fields are required.
      </p>
      <TextInputField
        id="contact-name"
        name="name"
        label="Name"
        type="text"
        autoComplete="name"
        value={fields.name}
        onChange={update('name')}
      />
      <TextInputField
        id="contact-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={update('email')}
      />
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
      <HoneypotField id="contact-website" value={website} onChange={setWebsite} />
      <button className="button button-primary" type="submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send Message'}
      </button>
      <FormStatus status={status} />
    </form>
  )
}
