import { type InputHTMLAttributes, useId } from 'react'

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string
  value: string
  onChange: (value: string) => void
  hint?: string
  /** Shown under the field and announced; marks the input invalid. */
  error?: string | null
}

/** A labelled text input with an optional hint and an inline error tied to it by aria-describedby. */
export function FormField({ label, value, onChange, hint, error, ...input }: FormFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className="rk-form-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="rk-form-field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="rk-form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
