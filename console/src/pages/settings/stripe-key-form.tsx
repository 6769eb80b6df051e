import type { Credentials } from '@retainkit/shared/api'
import { credentialsSchema } from '@retainkit/shared/schemas'
import { type FormEvent, useState } from 'react'
import { FormField } from '../../components/form-field'
import { saveCredentials } from '../../lib/api'
import { handleError, userMessageOf } from '../../lib/error-handler'
import { toast } from '../../lib/toast-store'
import { type FieldErrors, hasErrors, issuesToFieldErrors, serverFieldErrors } from './field-errors'

const FIELDS = ['api_key', 'access_token'] as const
type Field = (typeof FIELDS)[number]

/** Provider keys: secret (sk_ or restricted rk_) and publishable (pk_), both required. */
export function validateStripeKeys(apiKey: string, accessToken: string): FieldErrors<Field> {
  const result = credentialsSchema.safeParse({
    gateway: 'stripe',
    api_key: apiKey.trim(),
    access_token: accessToken.trim(),
  })
  return result.success ? {} : issuesToFieldErrors(result.error.issues, FIELDS)
}

/** Paste a secret or restricted key and the publishable key; the server checks them with Stripe first. */
export function StripeKeyForm({
  accountId,
  connected,
  onSaved,
}: {
  accountId: string
  connected: boolean
  onSaved: (credentials: Credentials) => void
}) {
  const [apiKey, setApiKey] = useState('')
  const [accessToken, setAccessToken] = useState('')
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const found = validateStripeKeys(apiKey, accessToken)
    setErrors(found)
    if (hasErrors(found)) return
    setSaving(true)
    const result = await saveCredentials(accountId, {
      gateway: 'stripe',
      api_key: apiKey.trim(),
      access_token: accessToken.trim(),
    })
    setSaving(false)
    if (result.error) {
      const fromServer = serverFieldErrors(result.error, FIELDS)
      if (hasErrors(fromServer)) setErrors(fromServer)
      else setFormError(userMessageOf(result.error))
      handleError(result.error, { where: 'settings.stripe.saveKeys' })
      return
    }
    // The secret leaves the page as soon as the server has it.
    setApiKey('')
    setAccessToken('')
    onSaved(result.data)
    toast({
      title: 'Stripe connected',
      description: 'Your keys were checked with Stripe and saved.',
      variant: 'success',
    })
  }

  return (
    <form
      className="rk-form rk-settings__form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="stripe-keys-heading"
    >
      <h3 id="stripe-keys-heading">{connected ? 'Replace your keys' : 'Connect with API keys'}</h3>
      <p className="rk-form__help">
        Create a restricted key in the Stripe Dashboard (Developers → API keys) with write access to
        Subscriptions and Coupons and read access to Customers, Prices and Products. Secret keys work too.
        Keys are encrypted at rest and never shown again.
      </p>
      <FormField
        label="Secret or restricted key"
        hint="Starts with rk_ or sk_"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={apiKey}
        onChange={setApiKey}
        error={errors.api_key}
        disabled={saving}
      />
      <FormField
        label="Publishable key"
        hint="Starts with pk_"
        autoComplete="off"
        spellCheck={false}
        value={accessToken}
        onChange={setAccessToken}
        error={errors.access_token}
        disabled={saving}
      />
      <div aria-live="polite">
        {formError ? (
          <p className="rk-notice rk-notice--error" role="alert">
            {formError}
          </p>
        ) : null}
      </div>
      <div className="rk-form__actions">
        <button type="submit" className="rk-button rk-button--primary" disabled={saving}>
          {saving ? 'Checking with Stripe...' : connected ? 'Save new keys' : 'Save keys'}
        </button>
      </div>
    </form>
  )
}
