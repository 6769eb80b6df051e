import type { Coupon } from '@retainkit/shared/api'
import { useId, useState } from 'react'
import { SelectField } from '../../../features/forms/choice-fields'
import { NumberField } from '../../../features/forms/number-field'
import { TextField } from '../../../features/forms/text-field'
import type { CouponInput } from '../../../lib/api'
import { createCoupon } from '../../../lib/api'
import { userMessageOf } from '../../../lib/error-handler'

const DURATIONS = [
  { value: 'repeating', label: 'For a number of months' },
  { value: 'once', label: 'Once (next invoice)' },
  { value: 'forever', label: 'Forever' },
] as const satisfies ReadonlyArray<{ value: CouponInput['duration']; label: string }>

export interface CreateCouponFormProps {
  accountId: string
  onCreated: (coupon: Coupon) => void
  onCancel: () => void
}

/** Checks the coupon before sending, with the same bounds the server's schema applies. */
export function couponInputErrors(input: {
  percentOff: number | undefined
  duration: CouponInput['duration']
  months: number | undefined
}): Partial<Record<'percent_off' | 'duration_in_months', string>> {
  const errors: Partial<Record<'percent_off' | 'duration_in_months', string>> = {}
  const { percentOff, months } = input
  if (percentOff === undefined || percentOff < 1 || percentOff > 100)
    errors.percent_off = 'Enter a percentage from 1 to 100'
  if (input.duration === 'repeating' && (months === undefined || !Number.isInteger(months) || months < 1)) {
    errors.duration_in_months = 'Enter a whole number of months'
  }
  return errors
}

/** Creates a percent-off coupon in the merchant's Stripe account (POST /api/stripe/coupons). */
export function CreateCouponForm({ accountId, onCreated, onCancel }: CreateCouponFormProps) {
  const id = useId()
  const [percentOff, setPercentOff] = useState<number | undefined>(20)
  const [duration, setDuration] = useState<CouponInput['duration']>('repeating')
  const [months, setMonths] = useState<number | undefined>(3)
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const errors = couponInputErrors({ percentOff, duration, months })

  const submit = async () => {
    setTried(true)
    if (Object.keys(errors).length > 0 || percentOff === undefined) return
    setBusy(true)
    setServerError(null)
    const result = await createCoupon(accountId, {
      percent_off: percentOff,
      duration,
      ...(duration === 'repeating' && months !== undefined ? { duration_in_months: months } : {}),
      ...(name.trim() ? { name: name.trim() } : {}),
    })
    setBusy(false)
    if (result.error) setServerError(userMessageOf(result.error))
    else onCreated(result.data)
  }

  // A fieldset, not a <form>: it sits inside the editor's form, and nested forms are invalid HTML.
  return (
    <fieldset className="rk-subform">
      <legend className="rk-subform__title">New Stripe coupon</legend>
      <NumberField
        id={`${id}-percent`}
        label="Percent off"
        unit="%"
        value={percentOff}
        error={tried ? errors.percent_off : undefined}
        onChange={setPercentOff}
      />
      <SelectField
        id={`${id}-duration`}
        label="Applies"
        value={duration}
        options={DURATIONS}
        onChange={setDuration}
      />
      {duration === 'repeating' ? (
        <NumberField
          id={`${id}-months`}
          label="Months"
          step={1}
          value={months}
          error={tried ? errors.duration_in_months : undefined}
          onChange={setMonths}
        />
      ) : null}
      <TextField id={`${id}-name`} label="Name (optional)" value={name} maxLength={40} onChange={setName} />
      {serverError ? (
        <p className="rk-field__error" role="alert">
          {serverError}
        </p>
      ) : null}
      <div className="rk-subform__actions">
        <button type="button" className="rk-button rk-button--primary" disabled={busy} onClick={submit}>
          {busy ? 'Creating…' : 'Create coupon'}
        </button>
        <button type="button" className="rk-button rk-button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  )
}
