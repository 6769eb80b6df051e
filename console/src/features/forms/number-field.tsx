import './forms.css'
import { type ReactNode, useEffect, useState } from 'react'
import { describedBy, FieldShell } from './field-shell'

export interface NumberFieldProps {
  id: string
  label: ReactNode
  /** undefined = empty (an optional setting left out). */
  value: number | undefined
  onChange: (value: number | undefined) => void
  error?: string | undefined
  hint?: ReactNode
  disabled?: boolean
  step?: number
  /** Text after the input, e.g. '%' or 'months'. */
  unit?: string
  /**
   * The value cannot be absent (a row of a list): emptying the input keeps the last number, and leaving
   * the field shows it again.
   */
  required?: boolean
}

/**
 * A number input that keeps what the person typed (so '-', '1.' or '' do not jump back) and reports a
 * number, or undefined when empty. Out-of-range values are passed on unchanged: the schema's message
 * ('Must be a positive number') explains them better than a silently clamped value.
 */
export function NumberField(props: NumberFieldProps) {
  const { id, label, value, onChange, error, hint, disabled, step, unit, required } = props
  const [text, setText] = useState(value === undefined ? '' : String(value))
  useEffect(() => {
    // Follow outside changes (discard, reload) without fighting the person's own typing.
    setText((current) =>
      parseNumber(current) === value ? current : value === undefined ? '' : String(value),
    )
  }, [value])
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <span className="rk-number">
        <input
          id={id}
          className="rk-input rk-input--number"
          type="number"
          inputMode="decimal"
          step={step ?? 'any'}
          value={text}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
          onChange={(event) => {
            setText(event.target.value)
            const next = parseNumber(event.target.value)
            if (next !== undefined || !required) onChange(next)
          }}
          onBlur={() => {
            if (required && parseNumber(text) === undefined) setText(value === undefined ? '' : String(value))
          }}
        />
        {unit ? <span className="rk-number__unit">{unit}</span> : null}
      </span>
    </FieldShell>
  )
}

export function parseNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined
  const value = Number(text)
  return Number.isFinite(value) ? value : undefined
}
