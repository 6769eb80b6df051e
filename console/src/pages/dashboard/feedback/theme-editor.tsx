import type { WriteInTheme } from '@retainkit/shared/feedback-insights'
import { THEME_NAME_MAX, type ThemeUpdate } from '@retainkit/shared/schemas'
import { type FormEvent, useId, useState } from 'react'
import { userMessageOf } from '../../../lib/error-handler'
import { updateTheme } from './feedback-api'

/**
 * One theme's settings, edited in place: its name, pinned or not, merged into another theme, mapped to a
 * cancellation reason. Saved in one call; the server checks every field again (editors and up, Pro).
 */
export function ThemeEditor({
  accountId,
  theme,
  others,
  reasons,
  onSaved,
  onCancel,
}: {
  accountId: string
  theme: WriteInTheme
  /** The themes it may be merged into. */
  others: readonly WriteInTheme[]
  reasons: ReadonlyMap<string, string>
  onSaved: () => void
  onCancel: () => void
}) {
  const id = useId()
  const [name, setName] = useState(theme.name)
  const [pinned, setPinned] = useState(theme.pinned)
  const [mergedInto, setMergedInto] = useState('')
  const [reason, setReason] = useState(theme.reason_key ?? '')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setError(null)
    const update: ThemeUpdate = {
      key: theme.key,
      pinned,
      reason_key: reason === '' ? null : reason,
      ...(name.trim() !== theme.name ? { name: name.trim() === '' ? null : name.trim() } : {}),
      ...(mergedInto ? { merged_into: mergedInto } : {}),
    }
    const result = await updateTheme(accountId, update)
    setSaving(false)
    if (result.error) setError(userMessageOf(result.error))
    else onSaved()
  }

  return (
    <form className="rk-theme-editor" onSubmit={save} aria-label={`Edit the theme ${theme.name}`}>
      <div className="rk-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          className="rk-input"
          value={name}
          maxLength={THEME_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <ChoiceField
        id={`${id}-merge`}
        label="Merge into"
        value={mergedInto}
        onChange={setMergedInto}
        none="Keep as its own theme"
        options={others.map((other) => [other.key, other.name] as const)}
      />
      <ChoiceField
        id={`${id}-reason`}
        label="Cancellation reason"
        value={reason}
        onChange={setReason}
        none="None"
        options={[...reasons]}
      />
      <label className="rk-check">
        <input type="checkbox" checked={pinned} onChange={(event) => setPinned(event.target.checked)} /> Pin
        to the top of the list
      </label>
      {error ? (
        <p className="rk-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="rk-theme-editor__actions">
        <button type="submit" className="rk-button rk-button--primary rk-button--small" disabled={saving}>
          {saving ? 'Saving…' : 'Save theme'}
        </button>
        <button type="button" className="rk-button rk-button--secondary rk-button--small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** A labelled select whose empty value means `none`. */
function ChoiceField(props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  none: string
  options: readonly (readonly [key: string, label: string])[]
}) {
  return (
    <div className="rk-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        className="rk-select"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{props.none}</option>
        {props.options.map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
    </div>
  )
}
