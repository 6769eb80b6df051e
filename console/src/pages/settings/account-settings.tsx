import type { AccountData } from '@retainkit/shared/api'
import { accountDataSchema } from '@retainkit/shared/schemas'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { FormField } from '../../components/form-field'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { getAccount, updateAccount } from '../../lib/api'
import { handleError, userMessageOf } from '../../lib/error-handler'
import { toast } from '../../lib/toast-store'
import { useApiResource } from '../../lib/use-api-resource'
import { sessionStore, useCapability } from '../../session/session-store'
import { type FieldErrors, hasErrors, issuesToFieldErrors, serverFieldErrors } from './field-errors'

const FIELDS = ['name', 'email', 'domain'] as const
type Field = (typeof FIELDS)[number]
type Values = Record<Field, string>

const valuesOf = (account: AccountData): Values => ({
  name: account.name ?? '',
  email: account.email ?? '',
  domain: account.domain ?? '',
})

/** Account rules, checked with the shared schema before anything is sent. */
export function validateAccountFields(values: Values): FieldErrors<Field> {
  const result = accountDataSchema.safeParse({
    name: values.name.trim(),
    email: values.email.trim(),
    domain: values.domain.trim(),
  })
  return result.success ? {} : issuesToFieldErrors(result.error.issues, FIELDS)
}

function AccountForm({
  account,
  onSaved,
}: {
  account: AccountData
  onSaved: (account: AccountData) => void
}) {
  const canManage = useCapability('canManageAccount')
  const [values, setValues] = useState<Values>(() => valuesOf(account))
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => setValues(valuesOf(account)), [account])

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFormError(null)
    const found = validateAccountFields(values)
    setErrors(found)
    if (hasErrors(found)) {
      focusFirstInvalid()
      return
    }
    setSaving(true)
    const result = await updateAccount(account.account_id, {
      name: values.name.trim(),
      email: values.email.trim(),
      domain: values.domain.trim(),
    })
    setSaving(false)
    if (result.error) {
      const fromServer = serverFieldErrors(result.error, FIELDS)
      if (hasErrors(fromServer)) {
        setErrors(fromServer)
        focusFirstInvalid()
      } else {
        setFormError(userMessageOf(result.error))
        handleError(result.error, { where: 'settings.account.save' })
      }
      return
    }
    onSaved(result.data)
    toast({ title: 'Account saved', description: 'Your account details are up to date.', variant: 'success' })
    // The account name appears in the navigation: read the session again.
    void sessionStore.getState().refresh()
  }

  return (
    <form ref={formRef} className="rk-form rk-settings__form" onSubmit={onSubmit} noValidate>
      {canManage ? null : (
        <p className="rk-notice rk-notice--info">Only owners and admins can change the account details.</p>
      )}
      <fieldset disabled={!canManage || saving} className="rk-fieldset">
        <legend className="rk-visually-hidden">Account details</legend>
        <AccountFields values={values} errors={errors} set={set} />
      </fieldset>
      <p className="rk-muted">
        Account ID: <code className="rk-code-inline">{account.account_id}</code>
      </p>
      <div aria-live="polite">
        {formError ? (
          <p className="rk-notice rk-notice--error" role="alert">
            {formError}
          </p>
        ) : null}
      </div>
      {canManage ? (
        <div className="rk-form__actions">
          <button type="submit" className="rk-button rk-button--primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save account'}
          </button>
        </div>
      ) : null}
    </form>
  )
}

function AccountFields(props: {
  values: Values
  errors: FieldErrors<Field>
  set: (field: Field) => (value: string) => void
}) {
  const { values, errors, set } = props
  return (
    <>
      <FormField
        label="Account name"
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        maxLength={100}
      />
      <FormField
        label="Contact email"
        type="email"
        autoComplete="email"
        hint="Where we send account notices. Leave empty to use your sign-in email."
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <FormField
        label="Website domain"
        hint="The site the widget runs on, e.g. shop.example.com. Only this domain (and its subdomains) may load your cancel flow."
        value={values.domain}
        onChange={set('domain')}
        error={errors.domain}
        spellCheck={false}
        autoCapitalize="off"
      />
    </>
  )
}

/** The account section: name, contact email and domain (validation messages inline, server errors too). */
export function AccountSettings({ accountId }: { accountId: string }) {
  const { state, reload, setData } = useApiResource(() => getAccount(accountId), accountId)
  if (state.status === 'loading') return <Spinner label="Loading account..." />
  if (state.status === 'error')
    return <LoadError what="Your account" error={state.error} onRetry={() => void reload()} />
  return <AccountForm account={state.data} onSaved={setData} />
}
