import type { ChangeEvent } from 'react'

/** A required one-line field with its label, as the site's forms lay it out. */
export function TextInputField({
  id,
  name,
  label,
  type,
  autoComplete,
  value,
  onChange,
}: {
  id: string
  name: string
  label: string
  type: 'text' | 'email'
  autoComplete: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={onChange}
      />
    </div>
  )
}
