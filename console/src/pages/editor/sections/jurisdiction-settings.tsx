import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import {
  DEFAULT_JURISDICTION_SETTINGS,
  JURISDICTION_MODES,
  type JurisdictionMode,
  type JurisdictionSettings,
} from '@retainkit/shared/jurisdiction'
import { cancelFlowConfigSchema } from '@retainkit/shared/schemas'
import { useId, useState } from 'react'
import { CheckboxField, SelectField } from '../../../features/forms/choice-fields'
import { describedBy, errorId } from '../../../features/forms/field-shell'
import { NumberField } from '../../../features/forms/number-field'
import { JURISDICTION_MODE_LABELS } from '../../../features/jurisdiction-labels'
import { fieldId } from '../../../features/validation/field-errors'

type Compliance = NonNullable<CancelFlowConfig['compliance']>

// The schema's own rule for a region code, so the message is the shared one.
const regionSchema = cancelFlowConfigSchema.shape.compliance.unwrap().shape.jurisdictions.unwrap().shape.rules
  .element.shape.region

const MODE_OPTIONS = JURISDICTION_MODES.map((mode) => ({
  value: mode,
  label: JURISDICTION_MODE_LABELS[mode],
}))

interface Props {
  compliance: Compliance
  write: (patch: Partial<Compliance>) => void
  errors: Readonly<Record<string, string>>
  disabled?: boolean
}

/** A rule to add: the region typed, the mode chosen, what was wrong with the last try. */
function AddRule({
  rules,
  onAdd,
}: {
  rules: JurisdictionSettings['rules']
  onAdd: (region: string, mode: JurisdictionMode) => void
}) {
  const id = useId()
  const [region, setRegion] = useState('')
  const [mode, setMode] = useState<JurisdictionMode>('offers_after_cancel')
  const [error, setError] = useState<string | null>(null)
  const add = () => {
    const value = region.trim().toUpperCase()
    const parsed = regionSchema.safeParse(value)
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? 'Use an ISO country or region code, e.g. US-MN')
    if (rules.some((rule) => rule.region === value)) return setError(`${value} already has a rule`)
    onAdd(value, mode)
    setRegion('')
    setError(null)
  }
  return (
    <>
      <div className="rk-inline-form rk-jurisdiction-add">
        <label htmlFor={`${id}-region`}>Region code</label>
        <input
          id={`${id}-region`}
          className="rk-input rk-input--short"
          value={region}
          placeholder="US-MN"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-region`, false, Boolean(error))}
          onChange={(event) => setRegion(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the rule instead of submitting the whole editor form.
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
        />
        <label htmlFor={`${id}-mode`}>Mode for the region</label>
        <select
          id={`${id}-mode`}
          className="rk-input rk-select"
          value={mode}
          onChange={(event) => setMode(event.target.value as JurisdictionMode)}
        >
          {MODE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <button type="button" className="rk-button rk-button--secondary" onClick={add}>
          Add rule
        </button>
      </div>
      {error ? (
        <p className="rk-field__error" id={errorId(`${id}-region`)}>
          {error}
        </p>
      ) : null}
    </>
  )
}

/** The merchant's own rules, each region's mode changeable in place and removable. */
function Rules({
  settings,
  set,
}: {
  settings: JurisdictionSettings
  set: (patch: Partial<JurisdictionSettings>) => void
}) {
  const id = useId()
  if (settings.rules.length === 0) return <p className="rk-field__hint">No rules of your own.</p>
  return (
    <ul className="rk-jurisdiction-rules" aria-label="Your rules">
      {settings.rules.map((rule, index) => (
        <li key={rule.region}>
          <label htmlFor={`${id}-${index}`} className="rk-mono">
            Mode for {rule.region}
          </label>
          <select
            id={`${id}-${index}`}
            className="rk-input rk-select"
            value={rule.mode}
            onChange={(event) =>
              set({
                rules: settings.rules.map((other) =>
                  other.region === rule.region
                    ? { ...other, mode: event.target.value as JurisdictionMode }
                    : other,
                ),
              })
            }
          >
            {MODE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="rk-button rk-button--secondary rk-button--small"
            aria-label={`Remove the rule for ${rule.region}`}
            onClick={() => set({ rules: settings.rules.filter((other) => other.region !== rule.region) })}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * Which mode each subscriber's session runs in (decided on the server from where they live): the
 * built-in rules (California, Minnesota, Germany, the EU, the UK) on or off, the merchant's own rules
 * by region, the mode for everyone else, the cap for capped sessions, the EU withdrawal period; and a
 * copy of every cancellation receipt for the merchant.
 */
export function JurisdictionSettingsFields({ compliance, write, errors, disabled }: Props) {
  const settings = compliance.jurisdictions ?? DEFAULT_JURISDICTION_SETTINGS
  const set = (patch: Partial<JurisdictionSettings>) =>
    write({ jurisdictions: { ...settings, ...patch, rules: [...(patch.rules ?? settings.rules)] } })
  const error = (key: string) => errors[`compliance.jurisdictions.${key}`]
  return (
    <fieldset
      id={fieldId('editor', 'compliance.jurisdictions')}
      className="rk-jurisdiction-settings"
      tabIndex={-1}
      disabled={disabled}
    >
      <legend>Jurisdiction modes</legend>
      <p className="rk-field__hint">
        Where a subscriber lives decides the mode of their cancellation: your rules first, then the built-in
        ones, then the mode for everywhere else. The rules and their sources are in the documentation; this is
        not legal advice.
      </p>
      <CheckboxField
        id={fieldId('editor', 'compliance.jurisdictions.built_in_rules')}
        label="Use the built-in rules (California, Minnesota, Germany, the EU, the UK)"
        checked={settings.built_in_rules}
        onChange={(value) => set({ built_in_rules: value })}
      />
      <Rules settings={settings} set={set} />
      <AddRule
        rules={settings.rules}
        onAdd={(region, mode) => set({ rules: [...settings.rules, { region, mode }] })}
      />
      {error('rules') ? <p className="rk-field__error">{error('rules')}</p> : null}
      <SelectField
        id={fieldId('editor', 'compliance.jurisdictions.default_mode')}
        label="Everywhere else"
        value={settings.default_mode}
        options={MODE_OPTIONS}
        onChange={(value) => set({ default_mode: value })}
      />
      <div className="rk-grid-2">
        <NumberField
          id={fieldId('editor', 'compliance.jurisdictions.cap.max_offers')}
          label="Offers at most"
          hint="For capped sessions (the UK)"
          value={settings.cap.max_offers}
          required
          error={error('cap.max_offers')}
          onChange={(value) => set({ cap: { ...settings.cap, max_offers: value ?? 0 } })}
        />
        <NumberField
          id={fieldId('editor', 'compliance.jurisdictions.cap.max_screens')}
          label="Screens at most"
          hint="The confirmation counts"
          value={settings.cap.max_screens}
          required
          error={error('cap.max_screens')}
          onChange={(value) => set({ cap: { ...settings.cap, max_screens: value ?? 1 } })}
        />
        <NumberField
          id={fieldId('editor', 'compliance.jurisdictions.withdrawal_days')}
          label="EU withdrawal period"
          unit="days"
          value={settings.withdrawal_days}
          required
          error={error('withdrawal_days')}
          onChange={(value) => set({ withdrawal_days: value ?? 14 })}
        />
      </div>
      <CheckboxField
        id={fieldId('editor', 'compliance.receipt_copy')}
        label="Send me a copy of every cancellation receipt (to the account's e-mail address)"
        checked={compliance.receipt_copy === true}
        onChange={(value) => write({ receipt_copy: value })}
      />
    </fieldset>
  )
}
