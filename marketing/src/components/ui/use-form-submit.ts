import { type FormEvent, useState } from 'react'
import { type FormResult, thrownErrorMessage } from '../../api/post-form'
import type { StatusMessage } from './form-status'

/**
 * A public form's submit: while sending the button is disabled; on success the form's thanks
 * shows and `onSent` clears what the visitor typed; on failure the server's message or the form's
 * fallback shows, and the fields keep their values.
 */
export function useFormSubmit(
  messages: { success: string; failed: string },
  send: () => Promise<FormResult>,
  onSent: () => void,
) {
  const [sending, setSending] = useState(false)
  const [status, setStatus] = useState<StatusMessage | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSending(true)
    setStatus(null)
    try {
      const result = await send()
      if (result.ok) {
        setStatus({ kind: 'success', text: messages.success })
        onSent()
      } else {
        setStatus({ kind: 'error', text: result.message ?? messages.failed })
      }
    } catch (error) {
      setStatus({ kind: 'error', text: thrownErrorMessage(error, messages.failed) })
    } finally {
      setSending(false)
    }
  }

  return { sending, status, onSubmit }
}
