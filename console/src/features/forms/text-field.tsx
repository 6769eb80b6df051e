import './forms.css'
import type { ReactNode } from 'react'
import { describedBy, FieldShell } from './field-shell'

export interface TextFieldProps {
  id: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  /** The spec limit: shows a counter. Not enforced by the input, so the spec message can appear. */
  maxLength?: number | undefined
  error?: string | undefined
  hint?: ReactNode
  multiline?: boolean
  rows?: number
  disabled?: boolean
  placeholder?: string
  type?: 'text' | 'url' | 'email'
  spellCheck?: boolean
  autoComplete?: string
  inputRef?: (element: HTMLInputElement | HTMLTextAreaElement | null) => void
}

/** `12 / 200`, red past the limit; counted in code points like the server's checks on the rendered text. */
export function CharacterCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max
  return (
    <span className={`rk-counter${over ? ' rk-counter--over' : ''}`} id={id}>
      {length} / {max}
      <span className="rk-visually-hidden"> characters{over ? ', over the limit' : ''}</span>
    </span>
  )
}

export function TextField(props: TextFieldProps) {
  const { id, label, value, onChange, maxLength, error, hint, multiline, disabled } = props
  const counterId = `${id}-count`
  const hasCounter = maxLength !== undefined
  const common = {
    id,
    value,
    disabled,
    placeholder: props.placeholder,
    spellCheck: props.spellCheck,
    autoComplete: props.autoComplete ?? 'off',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, Boolean(hint), Boolean(error), hasCounter ? counterId : undefined),
    className: 'rk-input',
  } as const
  return (
    <FieldShell
      id={id}
      label={label}
      hint={hint}
      error={error}
      aside={hasCounter ? <CharacterCounter id={counterId} length={value.length} max={maxLength} /> : null}
    >
      {multiline ? (
        <textarea
          {...common}
          ref={props.inputRef}
          rows={props.rows ?? 3}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          ref={props.inputRef}
          type={props.type ?? 'text'}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldShell>
  )
}
