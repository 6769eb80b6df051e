import { DEFAULT_CONFIG } from '@retainkit/shared/default-config'
import { CheckboxField } from '../../../features/forms/choice-fields'
import { NumberField } from '../../../features/forms/number-field'
import { TextField } from '../../../features/forms/text-field'
import { fieldId } from '../../../features/validation/field-errors'
import { schemaMaxLength } from '../schema-limits'
import { memoSection, type SectionProps } from './section'

const TEXTS = [
  { key: 'headline', label: 'Headline', multiline: false },
  { key: 'subheadline', label: 'Subheadline', multiline: true },
  { key: 'cta_primary', label: 'Reactivate button', multiline: false },
  { key: 'cta_secondary', label: 'Dismiss button', multiline: false },
] as const

/** The reactivation banner for returning churned or paused subscribers, and its winback discount. */
function ReactivationSectionView(props: SectionProps & { onShowBanner: () => void }) {
  const { draft, errors, set, disabled, onShowBanner } = props
  // A config without the section behaves as switched off; switching on starts from the default copy.
  const banner = draft.reactivation ?? { ...(DEFAULT_CONFIG.reactivation ?? defaultBanner()), enabled: false }
  const write = (key: string, value: unknown) => {
    if (!draft.reactivation) set('reactivation', { ...banner, [key]: value })
    else set(`reactivation.${key}`, value)
  }
  return (
    // Editing banner copy switches the preview to the banner, where that copy shows.
    <fieldset className="rk-reactivation rk-plain-fieldset" onFocus={onShowBanner}>
      <legend className="rk-visually-hidden">Reactivation banner settings</legend>
      <CheckboxField
        id={fieldId('editor', 'reactivation.enabled')}
        label="Show the reactivation banner to returning subscribers"
        checked={banner.enabled}
        disabled={disabled}
        onChange={(value) => write('enabled', value)}
      />
      <fieldset disabled={disabled || !banner.enabled}>
        <legend className="rk-visually-hidden">Banner copy</legend>
        {TEXTS.map(({ key, label, multiline }) => (
          <TextField
            key={key}
            id={fieldId('editor', `reactivation.${key}`)}
            label={label}
            multiline={multiline}
            value={banner[key]}
            maxLength={schemaMaxLength(`reactivation.${key}`)}
            error={errors[`reactivation.${key}`]}
            onChange={(value) => write(key, value)}
          />
        ))}
        <div className="rk-grid-2">
          <NumberField
            id={fieldId('editor', 'reactivation.winback_discount_percent')}
            label="Winback discount (churned subscribers)"
            unit="% off"
            value={banner.winback_discount_percent}
            error={errors['reactivation.winback_discount_percent']}
            hint="Leave empty for no winback discount."
            onChange={(value) => write('winback_discount_percent', value)}
          />
          <NumberField
            id={fieldId('editor', 'reactivation.winback_discount_months')}
            label="Winback discount lasts"
            unit="months"
            step={1}
            value={banner.winback_discount_months}
            error={errors['reactivation.winback_discount_months']}
            onChange={(value) => write('winback_discount_months', value)}
          />
        </div>
      </fieldset>
    </fieldset>
  )
}

function defaultBanner() {
  return { enabled: false, headline: '', subheadline: '', cta_primary: '', cta_secondary: '' }
}

export const ReactivationSection = memoSection(ReactivationSectionView, ['reactivation'])
