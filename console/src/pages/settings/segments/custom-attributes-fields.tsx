import { type RefObject, useEffect, useId, useRef, useState } from 'react'
import type { CustomValueType } from './condition-model'
import {
  type AttributeRow,
  blankRow,
  MAX_ROWS,
  type RowProblems,
  retype,
  rowProblems,
  TYPE_LABELS,
} from './sample-attributes'

/**
 * The sample subscriber's custom attributes, a row each: its name, its type and a value control of
 * that type (a box for text and numbers, a true/false list), each labelled and, when the token could
 * not carry it, marked invalid with the reason beside it. A new row takes the focus so its name can be
 * typed at once; removing one hands the focus to "Add attribute" rather than losing it to the page.
 */
export function CustomAttributesFields(props: {
  rows: readonly AttributeRow[]
  onChange: (rows: AttributeRow[]) => void
}) {
  const { rows } = props
  const id = useId()
  const addRef = useRef<HTMLButtonElement>(null)
  const setFocus = useFocusAfterChange(id, addRef)

  const replace = (index: number, next: AttributeRow) =>
    props.onChange(rows.map((row, at) => (at === index ? next : row)))
  const add = () => {
    const row = blankRow()
    props.onChange([...rows, row])
    setFocus(row.key)
  }
  const remove = (index: number) => {
    props.onChange(rows.filter((_, at) => at !== index))
    setFocus('add')
  }

  return (
    <fieldset className="rk-segments__attributes" aria-describedby={`${id}-hint`}>
      <legend>Custom attributes</legend>
      <p id={`${id}-hint`} className="rk-field__hint">
        As your server signs them into the subscriber token's <code>attributes</code>, at most {MAX_ROWS}.
      </p>
      {rows.map((row, index) => (
        <AttributeRowFields
          key={row.key}
          field={`${id}-${row.key}`}
          row={row}
          index={index}
          problems={rowProblems(rows, index)}
          onChange={(next) => replace(index, next)}
          onRemove={() => remove(index)}
        />
      ))}
      <button
        ref={addRef}
        type="button"
        className="rk-button"
        disabled={rows.length >= MAX_ROWS}
        onClick={add}
      >
        Add attribute
      </button>
    </fieldset>
  )
}

/**
 * Where the focus goes once the rows have re-rendered: a new row's name box (by its key), or "Add
 * attribute" after a removal. Set in the handler, moved in an effect, because the target may not exist yet.
 */
function useFocusAfterChange(id: string, addRef: RefObject<HTMLButtonElement | null>) {
  const [focus, setFocus] = useState<number | 'add' | null>(null)
  useEffect(() => {
    if (focus === null) return
    const target = focus === 'add' ? addRef.current : document.getElementById(`${id}-${focus}-name`)
    target?.focus()
    setFocus(null)
  }, [focus, id, addRef])
  return setFocus
}

/** One attribute's fieldset: its name, its type, its value and the button that removes it. */
function AttributeRowFields(props: {
  field: string
  row: AttributeRow
  index: number
  problems: RowProblems
  onChange: (row: AttributeRow) => void
  onRemove: () => void
}) {
  const { field, row, index, problems, onChange } = props
  return (
    <fieldset className="rk-segments__attribute">
      <legend>Attribute {index + 1}</legend>
      <span className="rk-segment__value">
        <label htmlFor={`${field}-name`}>Name</label>
        <input
          id={`${field}-name`}
          className="rk-input"
          value={row.name}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problems.name ? true : undefined}
          aria-describedby={problems.name ? `${field}-name-error` : undefined}
          onChange={(event) => onChange({ ...row, name: event.target.value })}
        />
        <FieldError id={`${field}-name-error`} error={problems.name} />
      </span>
      <span className="rk-segment__value">
        <label htmlFor={`${field}-type`}>Type</label>
        <select
          id={`${field}-type`}
          className="rk-input rk-select"
          value={row.type}
          onChange={(event) => onChange(retype(row, event.target.value as CustomValueType))}
        >
          {(Object.keys(TYPE_LABELS) as CustomValueType[]).map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </span>
      <AttributeValueField field={field} row={row} error={problems.value} onChange={onChange} />
      <button type="button" className="rk-button" onClick={props.onRemove}>
        Remove<span className="rk-visually-hidden"> attribute {index + 1}</span>
      </button>
    </fieldset>
  )
}

/** The value control of the row's type: a true/false list for a boolean, a box otherwise. */
function AttributeValueField(props: {
  field: string
  row: AttributeRow
  error: string | undefined
  onChange: (row: AttributeRow) => void
}) {
  const { field, row, error, onChange } = props
  return (
    <span className="rk-segment__value">
      <label htmlFor={`${field}-value`}>Value</label>
      {row.type === 'boolean' ? (
        <select
          id={`${field}-value`}
          className="rk-input rk-select"
          value={row.value}
          onChange={(event) => onChange({ ...row, value: event.target.value })}
        >
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      ) : (
        <input
          id={`${field}-value`}
          className="rk-input"
          value={row.value}
          inputMode={row.type === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${field}-value-error` : undefined}
          onChange={(event) => onChange({ ...row, value: event.target.value })}
        />
      )}
      <FieldError id={`${field}-value-error`} error={error} />
    </span>
  )
}

function FieldError(props: { id: string; error: string | undefined }) {
  return props.error ? (
    <span id={props.id} className="rk-field__error">
      {props.error}
    </span>
  ) : null
}
