import { cancelFlowConfigSchema } from '@retainkit/shared/schemas'
import { useId, useState } from 'react'
import { CheckboxField } from '../../../features/forms/choice-fields'
import { describedBy, errorId } from '../../../features/forms/field-shell'
import { fieldId } from '../../../features/validation/field-errors'
import { JurisdictionSettingsFields } from './jurisdiction-settings'
import { memoSection, type SectionProps } from './section'

// The schema's own rule for one jurisdiction code, so the message is the shared one.
const jurisdictionSchema = cancelFlowConfigSchema.shape.compliance.unwrap().shape.suppress_offers_in.element

type Compliance = NonNullable<SectionProps['draft']['compliance']>

/**
 * Compliance switches: no save offers at all, or none for subscribers in listed
 * jurisdictions (ISO country or region codes such as US-MN, for laws that forbid offers during
 * cancellation) — judged by the country and state the merchant signs into the subscriber token, else
 * the Stripe billing address — and, if the merchant chooses, none when neither says where the
 * subscriber lives.
 */
function ComplianceSectionView({ draft, errors, set, disabled }: SectionProps) {
  const compliance = draft.compliance ?? { suppress_offers: false, suppress_offers_in: [] }
  const write = (patch: Partial<Compliance>) => set('compliance', { ...compliance, ...patch })
  const listError = Object.entries(errors).find(([key]) =>
    key.startsWith('compliance.suppress_offers_in'),
  )?.[1]
  return (
    <div className="rk-compliance">
      <CheckboxField
        id={fieldId('editor', 'compliance.suppress_offers')}
        label="Never show save offers (cancel flows only ask for a reason and confirm)"
        checked={compliance.suppress_offers}
        disabled={disabled}
        onChange={(value) => write({ suppress_offers: value })}
      />
      <NoOffersIn compliance={compliance} write={write} listError={listError} disabled={disabled} />
      <JurisdictionSettingsFields compliance={compliance} write={write} errors={errors} disabled={disabled} />
    </div>
  )
}

/** The jurisdictions without save offers: a list of region codes, each added checked and removable. */
function NoOffersIn({
  compliance,
  write,
  listError,
  disabled,
}: {
  compliance: Compliance
  write: (patch: Partial<Compliance>) => void
  listError: string | undefined
  disabled: boolean | undefined
}) {
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string | null>(null)
  const inputId = useId()
  const add = () => {
    const value = code.trim().toUpperCase()
    const parsed = jurisdictionSchema.safeParse(value)
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? 'Use an ISO country or region code, e.g. US-MN')
      return
    }
    if (!compliance.suppress_offers_in.includes(value))
      write({ suppress_offers_in: [...compliance.suppress_offers_in, value] })
    setCode('')
    setCodeError(null)
  }
  return (
    <fieldset id={fieldId('editor', 'compliance.suppress_offers_in')} tabIndex={-1} disabled={disabled}>
      <legend>No save offers for subscribers in</legend>
      <p className="rk-field__hint">
        Where a subscriber lives comes from the country and state your server signs into their token, else
        from their Stripe billing address.
      </p>
      {compliance.suppress_offers_in.length > 0 ? (
        <ul className="rk-chips" aria-label="Jurisdictions without save offers">
          {compliance.suppress_offers_in.map((entry) => (
            <li key={entry} className="rk-chip">
              <span className="rk-mono">{entry}</span>
              <button
                type="button"
                className="rk-chip__remove"
                aria-label={`Remove ${entry}`}
                onClick={() =>
                  write({
                    suppress_offers_in: compliance.suppress_offers_in.filter((item) => item !== entry),
                  })
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rk-field__hint">No jurisdictions listed.</p>
      )}
      <div className="rk-inline-form">
        <label htmlFor={inputId}>Country or region code</label>
        <input
          id={inputId}
          className="rk-input rk-input--short"
          value={code}
          placeholder="US-MN"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={describedBy(inputId, false, Boolean(codeError))}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the code instead of submitting the whole editor form.
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
        />
        <button type="button" className="rk-button rk-button--secondary" onClick={add}>
          Add
        </button>
      </div>
      {codeError ? (
        <p className="rk-field__error" id={errorId(inputId)}>
          {codeError}
        </p>
      ) : null}
      {listError ? <p className="rk-field__error">{listError}</p> : null}
      <CheckboxField
        id={fieldId('editor', 'compliance.suppress_offers_when_unknown')}
        label="No save offers when neither the token nor Stripe says where the subscriber lives"
        checked={compliance.suppress_offers_when_unknown === true}
        disabled={disabled}
        onChange={(value) => write({ suppress_offers_when_unknown: value })}
      />
    </fieldset>
  )
}

export const ComplianceSection = memoSection(ComplianceSectionView, ['compliance'])
