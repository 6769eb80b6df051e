import type { Plan } from '@retainkit/shared/config-types'
import { useId, useState } from 'react'
import { TextField } from '../../../features/forms/text-field'
import { type FieldErrors, fieldId } from '../../../features/validation/field-errors'
import { userMessageOf } from '../../../lib/error-handler'
import { schemaMaxLength } from '../schema-limits'
import { planFromStripe, type StripePlansState } from '../use-stripe-plans'

export interface PlansEditorProps {
  offer: 'plan_switch' | 'billing_cycle_switch'
  plans: readonly Plan[]
  errors: FieldErrors
  set: (path: string, value: unknown) => void
  disabled: boolean
  stripe: StripePlansState
  /** A switched-off offer may have no plans at all; an enabled one needs 'At least one plan required'. */
  enabled: boolean
}

const MAX_PLANS = 20

/**
 * The plans a switch offer lists: picked from the merchant's Stripe prices (the id is the Stripe price
 * id the subscriber is moved to), or typed in by hand when Stripe is not connected.
 */
export function PlansEditor({ offer, plans, errors, set, disabled, stripe, enabled }: PlansEditorProps) {
  const path = `${offer}.plans`
  const listError = errors[path]
  const add = (plan: Plan) => set(path, [...plans, plan])
  return (
    <fieldset id={fieldId('editor', path)} tabIndex={-1} className="rk-list-editor" disabled={disabled}>
      <legend>Plans offered</legend>
      {plans.length === 0 ? <p className="rk-field__hint">No plans yet.</p> : null}
      <ul className="rk-list-editor__items">
        {plans.map((plan, index) => {
          const rowPath = `${path}.${index}`
          const name = plan.name.trim() || `Plan ${index + 1}`
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: plan ids are editable, so position is the row's identity
            <li key={index} className="rk-list-editor__row rk-plan-row">
              <TextField
                id={fieldId('editor', `${rowPath}.id`)}
                label="Stripe price ID"
                value={plan.id}
                maxLength={schemaMaxLength(`${rowPath}.id`)}
                error={errors[`${rowPath}.id`]}
                spellCheck={false}
                placeholder="price_…"
                onChange={(value) => set(`${rowPath}.id`, value)}
              />
              <TextField
                id={fieldId('editor', `${rowPath}.name`)}
                label="Name shown"
                value={plan.name}
                maxLength={schemaMaxLength(`${rowPath}.name`)}
                error={errors[`${rowPath}.name`]}
                onChange={(value) => set(`${rowPath}.name`, value)}
              />
              <TextField
                id={fieldId('editor', `${rowPath}.price`)}
                label="Price shown"
                value={plan.price}
                maxLength={schemaMaxLength(`${rowPath}.price`)}
                error={errors[`${rowPath}.price`]}
                placeholder="$14.99/month"
                onChange={(value) => set(`${rowPath}.price`, value)}
              />
              <button
                type="button"
                className="rk-button rk-button--small rk-button--danger"
                onClick={() => {
                  const rest = plans.filter((_, i) => i !== index)
                  set(path, rest.length === 0 && !enabled ? undefined : rest)
                }}
              >
                Remove<span className="rk-visually-hidden"> {name}</span>
              </button>
            </li>
          )
        })}
      </ul>
      {listError ? <p className="rk-field__error">{listError}</p> : null}
      <StripePlanPicker stripe={stripe} taken={plans} onAdd={add} full={plans.length >= MAX_PLANS} />
      <button
        type="button"
        className="rk-button rk-button--secondary"
        disabled={plans.length >= MAX_PLANS}
        onClick={() => add({ id: '', name: '', price: '' })}
      >
        Add a plan by hand
      </button>
    </fieldset>
  )
}

function StripePlanPicker({
  stripe,
  taken,
  onAdd,
  full,
}: {
  stripe: StripePlansState
  taken: readonly Plan[]
  onAdd: (plan: Plan) => void
  full: boolean
}) {
  const selectId = useId()
  const [choice, setChoice] = useState('')
  if (stripe.status === 'loading') {
    return (
      <p className="rk-field__hint" role="status">
        Loading your Stripe prices…
      </p>
    )
  }
  if (stripe.status === 'error') {
    return (
      <div className="rk-field__hint" role="status">
        <p>Your Stripe prices could not be loaded: {userMessageOf(stripe.error)}</p>
        <p>
          Add plans by hand with their Stripe price IDs, or connect Stripe in Settings to pick them from a
          list.
        </p>
      </div>
    )
  }
  const takenIds = new Set(taken.map((plan) => plan.id))
  const available = stripe.plans.filter((price) => !takenIds.has(price.id))
  if (stripe.plans.length === 0) {
    return <p className="rk-field__hint">Your Stripe account has no active recurring prices yet.</p>
  }
  const selected = available.find((price) => price.id === choice) ?? available[0]
  return (
    <div className="rk-inline-form">
      <label htmlFor={selectId}>Add a Stripe price</label>
      <select
        id={selectId}
        className="rk-input rk-select"
        value={selected?.id ?? ''}
        disabled={available.length === 0}
        onChange={(event) => setChoice(event.target.value)}
      >
        {available.length === 0 ? <option value="">All prices are already offered</option> : null}
        {available.map((price) => (
          <option key={price.id} value={price.id}>
            {planFromStripe(price).name} · {price.display}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="rk-button rk-button--secondary"
        disabled={!selected || full}
        onClick={() => {
          if (selected) onAdd(planFromStripe(selected))
        }}
      >
        Add price
      </button>
    </div>
  )
}
