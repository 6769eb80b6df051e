import { NumberField } from '../../../features/forms/number-field'
import { type FieldErrors, fieldId } from '../../../features/validation/field-errors'

export interface DurationsEditorProps {
  durations: readonly number[]
  errors: FieldErrors
  set: (path: string, value: unknown) => void
  disabled: boolean
  /** A switched-off pause may have no lengths; an enabled one needs 'At least one duration required'. */
  enabled: boolean
}

const PATH = 'pause.durations'
const MAX_DURATIONS = 12

/** The pause lengths (months) a subscriber can pick. Removing the last one shows 'At least one duration required'. */
export function DurationsEditor({ durations, errors, set, disabled, enabled }: DurationsEditorProps) {
  const listError = errors[PATH]
  return (
    <fieldset
      id={fieldId('editor', PATH)}
      tabIndex={-1}
      className="rk-list-editor"
      disabled={disabled}
      aria-describedby={listError ? `${PATH}-error` : undefined}
    >
      <legend>Pause lengths</legend>
      <ul className="rk-list-editor__items">
        {durations.map((months, index) => (
          // Durations have no identity beyond their position; the list is short and only edited here.
          // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity of a duration row
          <li key={index} className="rk-list-editor__row">
            <NumberField
              id={fieldId('editor', `${PATH}.${index}`)}
              label={`Pause option ${index + 1}`}
              unit="months"
              step={1}
              value={months}
              required
              error={errors[`${PATH}.${index}`]}
              onChange={(value) => set(`${PATH}.${index}`, value)}
            />
            <button
              type="button"
              className="rk-button rk-button--small rk-button--danger"
              onClick={() => {
                const rest = durations.filter((_, i) => i !== index)
                set(PATH, rest.length === 0 && !enabled ? undefined : rest)
              }}
            >
              Remove<span className="rk-visually-hidden"> pause option {index + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      {listError ? (
        <p className="rk-field__error" id={`${PATH}-error`}>
          {listError}
        </p>
      ) : null}
      <button
        type="button"
        className="rk-button rk-button--secondary"
        disabled={durations.length >= MAX_DURATIONS}
        onClick={() => set(PATH, [...durations, nextDuration(durations)])}
      >
        Add pause length
      </button>
    </fieldset>
  )
}

function nextDuration(durations: readonly number[]): number {
  const largest = durations.reduce((max, value) => (Number.isFinite(value) ? Math.max(max, value) : max), 0)
  return Math.max(1, Math.floor(largest) + 1)
}
