import type { CancellationReason } from '@retainkit/shared/config-types'
import { FEEDBACK_CATEGORIES, REASON_OFFERS } from '@retainkit/shared/vocabulary'
import { useEffect, useRef } from 'react'
import { CheckboxField, SelectField } from '../forms/choice-fields'
import { TextField } from '../forms/text-field'
import { FEEDBACK_LABELS, REASON_OFFER_LABELS } from '../labels'
import type { FieldErrors } from '../validation/field-errors'
import {
  addReason,
  type DraftReason,
  keyFromLabel,
  moveReason,
  removeReason,
  updateReason,
} from './reasons-model'

const FEEDBACK_OPTIONS = FEEDBACK_CATEGORIES.map((value) => ({ value, label: FEEDBACK_LABELS[value] }))
const OFFER_OPTIONS = REASON_OFFERS.map((value) => ({ value, label: REASON_OFFER_LABELS[value] }))
const MAX_REASONS = 20

export interface ReasonsFormProps {
  rows: readonly DraftReason[]
  onChange: (rows: readonly DraftReason[]) => void
  errors: FieldErrors
  disabled?: boolean
}

type Focus = { uid: string; control: 'label' | 'up' | 'down' } | { uid: null; control: 'add' }

/**
 * The reasons list: one fieldset per reason with its label, key, feedback category, mapped offer and
 * enabled switch, and buttons to move or remove it. Focus follows the row being moved, lands on a new
 * row's label, and goes back to 'Add reason' after a removal, so the list works from the keyboard.
 */
export function ReasonsForm({ rows, onChange, errors, disabled }: ReasonsFormProps) {
  const focusAfterRender = useRef<Focus | null>(null)
  const controls = useRef(new Map<string, HTMLElement | null>())

  useEffect(() => {
    const target = focusAfterRender.current
    if (!target) return
    focusAfterRender.current = null
    controls.current.get(`${target.uid}:${target.control}`)?.focus()
  })

  const register = (uid: string | null, control: string) => (element: HTMLElement | null) => {
    controls.current.set(`${uid}:${control}`, element)
  }

  const move = (index: number, by: -1 | 1) => {
    const row = rows[index]
    if (!row) return
    const next = moveReason(rows, index, index + by)
    const newIndex = index + by
    // At an edge the pressed button disappears: keep focus on the row's other move button.
    const atEdge = by === -1 ? newIndex === 0 : newIndex === rows.length - 1
    focusAfterRender.current = {
      uid: row.uid,
      control: atEdge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down',
    }
    onChange(next)
  }

  const listError = errors['']
  return (
    <div className="rk-reasons">
      <ol className="rk-reasons__list">
        {rows.map((row, index) => (
          <li key={row.uid} className="rk-reasons__item">
            <ReasonRow
              row={row}
              index={index}
              count={rows.length}
              errors={errors}
              disabled={disabled}
              register={register}
              onPatch={(patch) => onChange(updateReason(rows, index, patch))}
              onMove={(by) => move(index, by)}
              onRemove={() => {
                focusAfterRender.current = { uid: null, control: 'add' }
                onChange(removeReason(rows, index))
              }}
            />
          </li>
        ))}
      </ol>
      {listError ? (
        <p className="rk-field__error" role="alert">
          {listError}
        </p>
      ) : null}
      <button
        type="button"
        className="rk-button rk-button--secondary"
        ref={register(null, 'add')}
        disabled={disabled || rows.length >= MAX_REASONS}
        onClick={() => {
          const next = addReason(rows)
          const added = next[next.length - 1]
          if (added) focusAfterRender.current = { uid: added.uid, control: 'label' }
          onChange(next)
        }}
      >
        Add reason
      </button>
    </div>
  )
}

interface ReasonRowProps {
  row: DraftReason
  index: number
  count: number
  errors: FieldErrors
  disabled: boolean | undefined
  register: (uid: string | null, control: string) => (element: HTMLElement | null) => void
  onPatch: (patch: Partial<CancellationReason>) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
}

function ReasonRow({
  row,
  index,
  count,
  errors,
  disabled,
  register,
  onPatch,
  onMove,
  onRemove,
}: ReasonRowProps) {
  const { value, uid } = row
  const id = `reason-${uid}`
  const name = value.label.trim() === '' ? `Reason ${index + 1}` : value.label
  return (
    <fieldset className="rk-reason" disabled={disabled}>
      <legend>
        <span className="rk-reason__number">{index + 1}.</span> {name}
      </legend>
      <div className="rk-reason__grid">
        <TextField
          id={`${id}-label`}
          label="Label shown to subscribers"
          value={value.label}
          maxLength={100}
          error={errors[`${index}.label`]}
          inputRef={register(uid, 'label')}
          onChange={(label) => onPatch({ label })}
        />
        <TextField
          id={`${id}-key`}
          label="Key (for analytics)"
          value={value.key}
          maxLength={50}
          error={errors[`${index}.key`]}
          hint="Lowercase letters, numbers and underscores. Changing it starts a new series in the dashboard."
          spellCheck={false}
          onChange={(key) => onPatch({ key })}
        />
        {value.key === '' && value.label.trim() !== '' ? (
          <button
            type="button"
            className="rk-button rk-button--link"
            onClick={() => onPatch({ key: keyFromLabel(value.label) })}
          >
            Use “{keyFromLabel(value.label)}” as the key
          </button>
        ) : null}
        <SelectField
          id={`${id}-feedback`}
          label="Feedback question"
          value={value.feedback}
          options={FEEDBACK_OPTIONS}
          onChange={(feedback) => onPatch({ feedback })}
        />
        <SelectField
          id={`${id}-offer`}
          label="Save offer"
          value={value.offer}
          options={OFFER_OPTIONS}
          onChange={(offer) => onPatch({ offer })}
        />
        <CheckboxField
          id={`${id}-enabled`}
          label="Shown to subscribers"
          checked={value.enabled}
          onChange={(enabled) => onPatch({ enabled })}
        />
      </div>
      <div className="rk-reason__actions">
        {index > 0 ? (
          <button
            type="button"
            className="rk-button rk-button--small"
            ref={register(uid, 'up')}
            onClick={() => onMove(-1)}
          >
            Move up<span className="rk-visually-hidden">: {name}</span>
          </button>
        ) : null}
        {index < count - 1 ? (
          <button
            type="button"
            className="rk-button rk-button--small"
            ref={register(uid, 'down')}
            onClick={() => onMove(1)}
          >
            Move down<span className="rk-visually-hidden">: {name}</span>
          </button>
        ) : null}
        <button type="button" className="rk-button rk-button--small rk-button--danger" onClick={onRemove}>
          Remove<span className="rk-visually-hidden">: {name}</span>
        </button>
      </div>
    </fieldset>
  )
}
