import './forms.css'
import { parseHex, toHex } from '@retainkit/shared/theme'
import { describedBy, errorId } from './field-shell'

export interface ColorFieldProps {
  id: string
  label: string
  /** The stored value: `#abc` or `#aabbcc`; undefined = the default theme's colour. */
  value: string | undefined
  /** Shown in the swatch when the value is missing or not a colour yet. */
  fallback: string
  onChange: (value: string | undefined) => void
  error?: string | undefined
  disabled?: boolean
}

/**
 * A colour picker and a hex text field for the same value. The picker only speaks `#rrggbb`, so it shows
 * the expanded form of a valid 3-digit value and the fallback while the text is not a colour; the text
 * field keeps exactly what was typed, so 'Invalid hex color format' can be seen and fixed.
 */
export function ColorField({ id, label, value, fallback, onChange, error, disabled }: ColorFieldProps) {
  const rgb = value === undefined ? null : parseHex(value)
  const swatch = rgb && value?.startsWith('#') ? toHex(rgb) : fallback
  const textId = `${id}-hex`
  return (
    <fieldset className={`rk-color${error ? ' rk-field--invalid' : ''}`} disabled={disabled}>
      <legend className="rk-field__label">{label}</legend>
      <div className="rk-color__row">
        <input
          id={id}
          type="color"
          className="rk-color__picker"
          value={swatch}
          aria-label={`${label} picker`}
          onChange={(event) => onChange(event.target.value)}
        />
        <label className="rk-visually-hidden" htmlFor={textId}>
          {label} hex value
        </label>
        <input
          id={textId}
          type="text"
          className="rk-input rk-color__hex"
          value={value ?? ''}
          placeholder={fallback}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(textId, false, false, error ? errorId(id) : undefined)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value.trim())}
        />
      </div>
      {error ? (
        <p className="rk-field__error" id={errorId(id)}>
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
