import { useEffect, useId, useState } from 'react'
import type { AmountCodec } from './catalog-options'

/** A number as typed: digits, a sign and a decimal point, nothing else. */
export const PLAIN_NUMBER: AmountCodec = {
  format: String,
  parse: (text) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : null),
  error: 'Enter a number',
}

/**
 * A number (or an amount, through `codec`) box that keeps the text being typed ("12," or "49.9") and
 * hands over the value once the text reads as one. With `onClear` the box may be left empty (a value
 * not known: the sample subscriber's MRR), which is handed over as such instead of being an error.
 */
export function NumberBox(props: {
  label: string
  value: number | null
  disabled: boolean
  describedBy: string | undefined
  codec?: AmountCodec | undefined
  onChange: (value: number) => void
  onClear?: () => void
}) {
  const id = useId()
  const codec = props.codec ?? PLAIN_NUMBER
  const optional = props.onClear !== undefined
  const read = (text: string) => (optional && text.trim() === '' ? null : codec.parse(text))
  const show = (value: number | null) => (value === null ? '' : codec.format(value))
  const [text, setText] = useState(show(props.value))
  // A value changed from outside (another test chosen, a reload) replaces the text being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read and show follow codec and optional
  useEffect(() => {
    setText((current) => (read(current) === props.value ? current : show(props.value)))
  }, [props.value, codec, optional])
  const invalid = !(optional && text.trim() === '') && codec.parse(text) === null
  return (
    <span className="rk-segment__value">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className="rk-input"
        type="text"
        inputMode="decimal"
        value={text}
        disabled={props.disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(event) => {
          setText(event.target.value)
          const next = read(event.target.value)
          if (next !== null) props.onChange(next)
          else if (optional && event.target.value.trim() === '') props.onClear?.()
        }}
      />
      {invalid ? <span className="rk-field__error">{codec.error}</span> : null}
    </span>
  )
}
