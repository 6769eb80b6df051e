import { useRef } from 'react'
import { TextField } from '../../../features/forms/text-field'
import { fieldId } from '../../../features/validation/field-errors'
import { schemaMaxLength } from '../schema-limits'

/** What the widget substitutes in a redirect URL (shared flow/redirect.ts). */
export const REDIRECT_PLACEHOLDERS = ['{customer_id}', '{subscription_id}', '{plan_id}'] as const

export interface RedirectFieldProps {
  /** e.g. `discount.redirect_template` */
  path: string
  value: string | undefined
  error: string | undefined
  set: (path: string, value: unknown) => void
  disabled: boolean
}

/**
 * Optional redirect URL for an offer: instead of applying it through Stripe, the widget sends the
 * subscriber there. Buttons insert each placeholder at the cursor; an empty field removes the setting.
 */
export function RedirectField({ path, value, error, set, disabled }: RedirectFieldProps) {
  const input = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null)
  const text = value ?? ''
  const insert = (token: string) => {
    const element = input.current
    const start = element?.selectionStart ?? text.length
    const end = element?.selectionEnd ?? text.length
    set(path, text.slice(0, start) + token + text.slice(end))
    requestAnimationFrame(() => {
      element?.focus()
      element?.setSelectionRange(start + token.length, start + token.length)
    })
  }
  const id = fieldId('editor', path)
  return (
    <div className="rk-redirect">
      <TextField
        id={id}
        type="url"
        label="Redirect URL (optional)"
        value={text}
        maxLength={schemaMaxLength(path)}
        error={error}
        disabled={disabled}
        placeholder="https://example.com/account/offer?customer={customer_id}"
        hint="Leave empty to apply the offer through Stripe. Otherwise subscribers who accept go to this http(s) address."
        inputRef={(element) => {
          input.current = element
        }}
        onChange={(next) => set(path, next.trim() === '' ? undefined : next)}
      />
      <fieldset className="rk-redirect__tokens">
        <legend className="rk-visually-hidden">Insert a placeholder into the redirect URL</legend>
        {REDIRECT_PLACEHOLDERS.map((token) => (
          <button
            key={token}
            type="button"
            className="rk-chip-button"
            disabled={disabled}
            onClick={() => insert(token)}
          >
            {token}
          </button>
        ))}
      </fieldset>
    </div>
  )
}
