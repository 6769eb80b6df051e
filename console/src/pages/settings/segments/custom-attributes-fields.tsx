import { useEffect, useId, useRef, useState } from 'react'
import type { CustomValueType } from './condition-model'
import { type AttributeRow, blankRow, MAX_ROWS, retype, rowProblems, TYPE_LABELS } from './sample-attributes'

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
  const [focus, setFocus] = useState<number | 'add' | null>(null)
  useEffect(() => {
    if (focus === null) return
    const target = focus === 'add' ? addRef.current : document.getElementById(`${id}-${focus}-name`)
    target?.focus()
    setFocus(null)
  }, [focus, id])

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
      {rows.map((row, index) => {
        const problems = rowProblems(rows, index)
        const field = `${id}-${row.key}`
        const describedBy = (error: string | undefined, name: string) =>
          error ? `${field}-${name}-error` : undefined
        return (
          <fieldset key={row.key} className="rk-segments__attribute">
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
                aria-describedby={describedBy(problems.name, 'name')}
                onChange={(event) => replace(index, { ...row, name: event.target.value })}
              />
              {problems.name ? (
                <span id={`${field}-name-error`} className="rk-field__error">
                  {problems.name}
                </span>
              ) : null}
            </span>
            <span className="rk-segment__value">
              <label htmlFor={`${field}-type`}>Type</label>
              <select
                id={`${field}-type`}
                className="rk-input rk-select"
                value={row.type}
                onChange={(event) => replace(index, retype(row, event.target.value as CustomValueType))}
              >
                {(Object.keys(TYPE_LABELS) as CustomValueType[]).map((type) => (
                  <option key={type} value={type}>
                    {TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            </span>
            <span className="rk-segment__value">
              <label htmlFor={`${field}-value`}>Value</label>
              {row.type === 'boolean' ? (
                <select
                  id={`${field}-value`}
                  className="rk-input rk-select"
                  value={row.value}
                  onChange={(event) => replace(index, { ...row, value: event.target.value })}
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
                  aria-invalid={problems.value ? true : undefined}
                  aria-describedby={describedBy(problems.value, 'value')}
                  onChange={(event) => replace(index, { ...row, value: event.target.value })}
                />
              )}
              {problems.value ? (
                <span id={`${field}-value-error`} className="rk-field__error">
                  {problems.value}
                </span>
              ) : null}
            </span>
            <button type="button" className="rk-button" onClick={() => remove(index)}>
              Remove<span className="rk-visually-hidden"> attribute {index + 1}</span>
            </button>
          </fieldset>
        )
      })}
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
