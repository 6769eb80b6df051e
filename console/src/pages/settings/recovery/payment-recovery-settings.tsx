import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { LoadError } from '../../../components/load-error'
import { Spinner } from '../../../components/spinner'
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard'
import { CheckboxField } from '../../../features/forms/choice-fields'
import { handleError, userMessageOf } from '../../../lib/error-handler'
import { toast } from '../../../lib/toast-store'
import { useApiResource } from '../../../lib/use-api-resource'
import { useCapability } from '../../../session/session-store'
import { formatList, moneyList } from '../../dashboard/money-view'
import { settingsTabHref } from '../settings-tabs'
import { errorSummary } from './error-summary'
import { MailTexts } from './mail-texts'
import { getRecovery, type RecoveryView, saveRecovery } from './recovery-api'
import { type Draft, type DraftErrors, draftErrors, draftOf, sameDraft, toSettings } from './recovery-draft'
import { RetryFields } from './retry-fields'
import { SubscriberFields } from './subscriber-fields'
import './recovery-settings.css'

/** The public page where merchants join the waitlist (the marketing site, same origin). */
export const WAITLIST_PAGE = '/products/payment-recovery/'

function Availability({ view }: { view: RecoveryView }) {
  const { availability, open } = view
  return (
    <div className="rk-settings__stack">
      <p>
        <span className="rk-tag rk-recovery__tag">Early access</span> Your account has early access to payment
        recovery: Retainkit retries failed subscription payments of your Stripe account, e-mails the
        subscriber a card-update link and shows a prompt on your site.
      </p>
      <p role="status">
        {availability.active
          ? 'On: failed payments are being worked.'
          : 'Off: failed payments are not worked yet.'}
        {open.count > 0
          ? ` Open live campaigns: ${open.count}${open.mrr.length > 0 ? `, ${formatList(moneyList(open.mrr))} MRR at risk` : ''}.`
          : null}
      </p>
      {availability.pro ? null : (
        <p className="rk-notice rk-notice--info">
          Payment recovery is part of the Pro plan. You can prepare the settings now and switch it on after
          upgrading under <Link to={settingsTabHref('billing')}>Plan &amp; billing</Link>.
        </p>
      )}
      {availability.stripe_connected ? null : (
        <p className="rk-notice rk-notice--info">
          Connect your Stripe account under <Link to={settingsTabHref('stripe')}>Stripe connection</Link> so
          Retainkit can see failed payments.
        </p>
      )}
    </div>
  )
}

function Waitlist() {
  return (
    <div className="rk-settings__stack">
      <p>
        Payment recovery wins back failed subscription payments: retries that respect Stripe's, e-mails with a
        card-update link, and a prompt on your site. It is in early access and not open for your account yet.
      </p>
      <p>
        <a href={WAITLIST_PAGE}>Join the waitlist on the payment recovery page</a>; we turn it on for accounts
        from the waitlist as places open. Self-hosted installations turn it on with{' '}
        <code className="rk-code-inline">npm run admin -- early-access &lt;account&gt; on</code>.
      </p>
    </div>
  )
}

function useRecoveryForm(accountId: string, view: RecoveryView, onSaved: (view: RecoveryView) => void) {
  const [saved, setSaved] = useState<Draft>(() => draftOf(view.settings))
  const [draft, setDraft] = useState<Draft>(saved)
  const [errors, setErrors] = useState<DraftErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [attempted, setAttempted] = useState(false)
  // After a first save attempt the messages follow the edits, so a fixed field loses its message.
  useEffect(() => {
    if (attempted) setErrors(draftErrors(draft))
  }, [attempted, draft])
  useEffect(() => {
    const next = draftOf(view.settings)
    setSaved(next)
    setDraft(next)
  }, [view.settings])

  const update = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }))
  const save = async (): Promise<boolean> => {
    const found = draftErrors(draft)
    setAttempted(true)
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length > 0) return false
    setSaving(true)
    const result = await saveRecovery(accountId, toSettings(draft))
    setSaving(false)
    if (result.error) {
      const fromServer = Object.fromEntries((result.error.issues ?? []).map((i) => [i.field, i.message]))
      if (result.error.field) fromServer[result.error.field] = userMessageOf(result.error)
      setErrors(fromServer)
      if (Object.keys(fromServer).length === 0) {
        setFormError(userMessageOf(result.error))
        handleError(result.error, { where: 'settings.recovery.save' })
      }
      return false
    }
    setAttempted(false)
    onSaved(result.data)
    toast({
      title: 'Payment recovery saved',
      description: 'The next pass uses these settings.',
      variant: 'success',
    })
    return true
  }
  return { draft, saved, update, errors, formError, saving, save }
}

function RecoveryForm(props: {
  accountId: string
  view: RecoveryView
  onSaved: (view: RecoveryView) => void
}) {
  const { accountId, view } = props
  const canEdit = useCapability('canEditConfig')
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const form = useRecoveryForm(accountId, view, props.onSaved)
  const { draft, update, errors, saving } = form
  const dirty = canEdit && !sameDraft(draft, form.saved)
  const locked = !canEdit || saving
  const summary = errorSummary(errors)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!(await form.save()))
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .rk-recovery__summary')?.focus(),
      )
  }

  return (
    <form
      ref={formRef}
      className="rk-form rk-settings__form rk-recovery"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <UnsavedChangesGuard when={dirty} />
      {canEdit ? null : (
        <p className="rk-notice rk-notice--info">
          Read only: owners, admins and editors change payment recovery. You can look at the settings and
          preview the e-mails.
        </p>
      )}
      <CheckboxField
        id={`${id}-enabled`}
        label="Work failed payments (payment recovery on)"
        hint={view.availability.pro ? undefined : 'Needs the Pro plan.'}
        checked={draft.enabled}
        disabled={locked || (!view.availability.pro && !draft.enabled)}
        onChange={(enabled) => update({ enabled })}
      />
      <RetryFields draft={draft} update={update} errors={errors} disabled={locked} />
      <SubscriberFields draft={draft} update={update} errors={errors} disabled={locked} />
      <MailTexts accountId={accountId} draft={draft} update={update} errors={errors} disabled={locked} />
      <div>
        {summary.length > 0 ? (
          <div className="rk-notice rk-notice--error rk-recovery__summary" role="alert" tabIndex={-1}>
            <p>Check these before saving:</p>
            <ul>
              {summary.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {form.formError ? (
          <p className="rk-notice rk-notice--error" role="alert">
            {form.formError}
          </p>
        ) : null}
      </div>
      {canEdit ? (
        <div className="rk-form__actions">
          <button type="submit" className="rk-button rk-button--primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save payment recovery'}
          </button>
        </div>
      ) : null}
    </form>
  )
}

/**
 * Settings → Payment recovery: an early-access Pro module. Accounts without the grant read how to join
 * the waitlist; granted accounts edit retries, e-mails, the on-site prompt, the last-chance pause and the
 * e-mail texts with a rendered preview. The server enforces the grant, the plan and the role.
 */
export function PaymentRecoverySettings({ accountId }: { accountId: string }) {
  const { state, reload, setData } = useApiResource(() => getRecovery(accountId), accountId)
  if (state.status === 'loading') return <Spinner label="Loading payment recovery..." />
  if (state.status === 'error')
    return <LoadError what="Payment recovery" error={state.error} onRetry={() => void reload()} />
  if (!state.data.availability.early_access) return <Waitlist />
  return (
    <div className="rk-settings__stack">
      <Availability view={state.data} />
      <RecoveryForm accountId={accountId} view={state.data} onSaved={setData} />
    </div>
  )
}
