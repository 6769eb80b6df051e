import './forms.css'
import type { ReactNode } from 'react'
import { describedBy, FieldShell, hintId } from './field-shell'

export interface CheckboxFieldProps {
  id: string
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  hint?: ReactNode
  disabled?: boolean
}

export function CheckboxField({ id, label, checked, onChange, hint, disabled }: CheckboxFieldProps) {
  return (
    <div className="rk-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? hintId(id) : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="rk-field__hint" id={hintId(id)}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

export interface SelectOption<T extends string> {
  value: T
  label: string
}

export interface SelectFieldProps<T extends string> {
  id: string
  label: ReactNode
  value: T
  options: readonly SelectOption<T>[]
  onChange: (value: T) => void
  error?: string | undefined
  hint?: ReactNode
  disabled?: boolean
}

export function SelectField<T extends string>(props: SelectFieldProps<T>) {
  const { id, label, value, options, onChange, error, hint, disabled } = props
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className="rk-input rk-select"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        onChange={(event) => {
          const next = options.find((option) => option.value === event.target.value)
          if (next) onChange(next.value)
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}
