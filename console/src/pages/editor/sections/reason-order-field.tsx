import type { CancellationReason } from '@retainkit/shared/config-types'
import { memo, useId, useState } from 'react'
import { CheckboxField } from '../../../features/forms/choice-fields'
import { errorsUnder, type FieldErrors, fieldId } from '../../../features/validation/field-errors'

const PATH = 'copy.cancel_reasons'

export interface ReasonOrderFieldProps {
  /** `config_json.copy.cancel_reasons`: reason keys in display order, or undefined (the list's order). */
  order: readonly string[] | undefined
  reasons: readonly CancellationReason[]
  errors: FieldErrors
  set: (path: string, value: unknown) => void
  disabled: boolean
}

/**
 * `copy.cancel_reasons`: optionally, which reasons the flow lists and in what order (otherwise every
 * enabled reason, in the order of the reasons list). Keys that are no longer reasons are flagged, since
 * the widget skips them.
 */
export const ReasonOrderField = memo(function ReasonOrderField({
  order,
  reasons,
  errors,
  set,
  disabled,
}: ReasonOrderFieldProps) {
  const id = useId()
  const [adding, setAdding] = useState('')
  const custom = order !== undefined
  const labelOf = (key: string) => reasons.find((reason) => reason.key === key)?.label
  const available = reasons.filter((reason) => !order?.includes(reason.key))
  const choice = available.find((reason) => reason.key === adding) ?? available[0]
  const write = (next: readonly string[]) => set(PATH, [...next])
  const move = (index: number, by: -1 | 1) => {
    if (!order) return
    const next = [...order]
    const [item] = next.splice(index, 1)
    if (item !== undefined) next.splice(index + by, 0, item)
    write(next)
  }
  const messages = errorsUnder(errors, PATH)
  return (
    <fieldset id={fieldId('editor', PATH)} tabIndex={-1} className="rk-list-editor" disabled={disabled}>
      <legend>Order in the cancel flow</legend>
      <CheckboxField
        id={`${id}-custom`}
        label="Show a chosen set of reasons, in a custom order"
        hint="Off: subscribers see every enabled reason, in the order of the list above."
        checked={custom}
        onChange={(on) =>
          set(PATH, on ? reasons.filter((reason) => reason.enabled).map((reason) => reason.key) : undefined)
        }
      />
      {custom ? (
        <>
          <ol className="rk-list-editor__items">
            {order.map((key, index) => {
              const label = labelOf(key)
              return (
                <OrderRow
                  key={key}
                  name={label ?? key}
                  known={Boolean(label)}
                  index={index}
                  last={index === order.length - 1}
                  move={move}
                  remove={() => write(order.filter((_, i) => i !== index))}
                />
              )
            })}
          </ol>
          {order.length === 0 ? (
            <p className="rk-field__error">
              No reasons listed: the flow skips the reason question. Add a reason or switch the custom order
              off.
            </p>
          ) : null}
          {available.length > 0 ? (
            <div className="rk-inline-form">
              <label htmlFor={`${id}-add`}>Add a reason</label>
              <select
                id={`${id}-add`}
                className="rk-input rk-select"
                value={choice?.key ?? ''}
                onChange={(event) => setAdding(event.target.value)}
              >
                {available.map((reason) => (
                  <option key={reason.key} value={reason.key}>
                    {reason.label}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="rk-button rk-button--secondary"
                onClick={() => {
                  if (choice) write([...order, choice.key])
                }}
              >
                Add
              </button>
            </div>
          ) : null}
        </>
      ) : null}
      {messages.map((message) => (
        <p key={message} className="rk-field__error">
          {message}
        </p>
      ))}
    </fieldset>
  )
})

/** One listed reason: its place and name (flagged when it is no longer a reason), move up, down, remove. */
function OrderRow(props: {
  name: string
  known: boolean
  index: number
  last: boolean
  move: (index: number, by: -1 | 1) => void
  remove: () => void
}) {
  const { name, known, index, last, move, remove } = props
  return (
    <li className="rk-list-editor__row">
      <span className="rk-order__label">
        {index + 1}. {name}{' '}
        {known ? null : <span className="rk-field__error">No longer a reason: the flow skips it</span>}
      </span>
      {index > 0 ? (
        <button type="button" className="rk-button rk-button--small" onClick={() => move(index, -1)}>
          Move up<span className="rk-visually-hidden">: {name}</span>
        </button>
      ) : null}
      {last ? null : (
        <button type="button" className="rk-button rk-button--small" onClick={() => move(index, 1)}>
          Move down<span className="rk-visually-hidden">: {name}</span>
        </button>
      )}
      <button type="button" className="rk-button rk-button--small rk-button--danger" onClick={remove}>
        Remove<span className="rk-visually-hidden">: {name}</span>
      </button>
    </li>
  )
}
