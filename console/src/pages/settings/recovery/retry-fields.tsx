import { END_ACTIONS, type EndAction, RETRY_MODES, type RetryMode } from '@retainkit/shared/recovery'
import { useId, useRef } from 'react'
import { SelectField } from '../../../features/forms/choice-fields'
import { NumberField } from '../../../features/forms/number-field'
import { type Draft, type DraftErrors, RETRY_UNITS, type RetryRow, type RetryUnit } from './recovery-draft'

/** The most retries the shared schema allows. */
const MAX_RETRIES = 6

const RETRY_MODE_TEXT: Readonly<Record<RetryMode, { label: string; hint: string }>> = {
  after_stripe: {
    label: "Respect Stripe's retries",
    hint: "Retainkit never retries while Stripe has an attempt to come; its schedule starts after Stripe's last attempt.",
  },
  retainkit: {
    label: 'Retainkit schedules retries',
    hint: 'The schedule starts at the failure. Turn off Smart Retries in your Stripe settings so both do not retry.',
  },
}

const END_ACTION_LABELS: Readonly<Record<EndAction, string>> = {
  cancel: 'Cancel the subscription in Stripe',
  leave: 'Leave the subscription as Stripe has it',
}

const UNIT_LABELS: Readonly<Record<RetryUnit, string>> = { hours: 'hours', days: 'days' }

export interface DraftPartProps {
  draft: Draft
  update: (patch: Partial<Draft>) => void
  errors: DraftErrors
  disabled: boolean
}

function RetryModeChoice({ draft, update, disabled }: DraftPartProps) {
  const id = useId()
  return (
    <fieldset className="rk-plain-fieldset">
      <legend className="rk-field__label">Who retries</legend>
      {RETRY_MODES.map((mode) => (
        <div key={mode} className="rk-radio">
          <input
            type="radio"
            id={`${id}-${mode}`}
            name={`${id}-retry-mode`}
            checked={draft.retry_mode === mode}
            disabled={disabled}
            aria-describedby={`${id}-${mode}-hint`}
            onChange={() => update({ retry_mode: mode })}
          />
          <span>
            <label htmlFor={`${id}-${mode}`}>{RETRY_MODE_TEXT[mode].label}</label>
            <span className="rk-field__hint rk-recovery__hint" id={`${id}-${mode}-hint`}>
              {RETRY_MODE_TEXT[mode].hint}
            </span>
          </span>
        </div>
      ))}
    </fieldset>
  )
}

function ScheduleRow(props: {
  row: RetryRow
  index: number
  error: string | undefined
  disabled: boolean
  onChange: (row: RetryRow) => void
  onRemove: () => void
}) {
  const { row, index, error, disabled, onChange, onRemove } = props
  const id = useId()
  return (
    <li className="rk-recovery__retry">
      <NumberField
        id={`${id}-amount`}
        label={`Retry ${index + 1} after`}
        value={row.amount}
        step={1}
        error={error}
        disabled={disabled}
        onChange={(amount) => onChange({ ...row, amount })}
      />
      <select
        className="rk-input rk-select rk-recovery__unit"
        aria-label={`Retry ${index + 1} unit`}
        value={row.unit}
        disabled={disabled}
        onChange={(event) => onChange({ ...row, unit: event.target.value as RetryUnit })}
      >
        {RETRY_UNITS.map((unit) => (
          <option key={unit} value={unit}>
            {UNIT_LABELS[unit]}
          </option>
        ))}
      </select>
      {disabled ? null : (
        <button type="button" className="rk-button rk-button--secondary" onClick={onRemove}>
          Remove<span className="rk-visually-hidden"> retry {index + 1}</span>
        </button>
      )}
    </li>
  )
}

function ScheduleEditor({ draft, update, errors, disabled }: DraftPartProps) {
  const id = useId()
  const nextKey = useRef(1000)
  const rows = draft.schedule
  const setRow = (index: number, row: RetryRow) =>
    update({ schedule: rows.map((r, i) => (i === index ? row : r)) })
  const listError = errors.schedule_hours
  return (
    <fieldset className="rk-plain-fieldset" aria-describedby={`${id}-hint${listError ? ` ${id}-error` : ''}`}>
      <legend className="rk-field__label">Retry schedule</legend>
      <p className="rk-field__hint" id={`${id}-hint`}>
        Counted from the start of the schedule, each in the subscriber's daytime. Declines a retry cannot fix
        (a stolen or lost card, fraud) are never retried.
      </p>
      {rows.length === 0 ? <p>No retries: the grace starts at once.</p> : null}
      <ol className="rk-recovery__retries">
        {rows.map((row, index) => (
          <ScheduleRow
            key={row.key}
            row={row}
            index={index}
            error={errors[`schedule_hours.${index}`]}
            disabled={disabled}
            onChange={(next) => setRow(index, next)}
            onRemove={() => update({ schedule: rows.filter((_, i) => i !== index) })}
          />
        ))}
      </ol>
      {listError ? (
        <p className="rk-field__error" id={`${id}-error`}>
          {listError}
        </p>
      ) : null}
      {disabled || rows.length >= MAX_RETRIES ? null : (
        <button
          type="button"
          className="rk-button rk-button--secondary"
          onClick={() => {
            nextKey.current += 1
            const last = rows.at(-1)
            const amount = last?.amount === undefined ? 1 : last.amount + 1
            update({ schedule: [...rows, { key: nextKey.current, amount, unit: last?.unit ?? 'days' }] })
          }}
        >
          Add a retry
        </button>
      )}
    </fieldset>
  )
}

/** Retries: whose, when, the grace after the last one, and what happens when it ends. */
export function RetryFields(props: DraftPartProps) {
  const { draft, update, errors, disabled } = props
  const id = useId()
  return (
    <fieldset className="rk-fieldset rk-recovery__group">
      <legend className="rk-recovery__legend">Retries</legend>
      <RetryModeChoice {...props} />
      <ScheduleEditor {...props} />
      <NumberField
        id={`${id}-grace`}
        label="Grace after the last retry"
        unit="days"
        step={1}
        value={draft.grace_days}
        error={errors.grace_days}
        disabled={disabled}
        hint="The subscriber keeps the subscription this long; then the payment counts as lost."
        onChange={(grace_days) => update({ grace_days })}
      />
      <SelectField
        id={`${id}-end`}
        label="When the grace ends"
        value={draft.end_action}
        options={END_ACTIONS.map((value) => ({ value, label: END_ACTION_LABELS[value] }))}
        disabled={disabled}
        onChange={(end_action) => update({ end_action })}
      />
    </fieldset>
  )
}
