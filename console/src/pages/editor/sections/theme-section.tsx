import type { Theme } from '@retainkit/shared/config-types'
import { DEFAULT_THEME, themeContrastWarnings } from '@retainkit/shared/theme'
import { ColorField } from '../../../features/forms/color-field'
import { NumberField } from '../../../features/forms/number-field'
import { TextField } from '../../../features/forms/text-field'
import { fieldId } from '../../../features/validation/field-errors'
import { schemaMaxLength } from '../schema-limits'
import { memoSection, type SectionProps } from './section'

const COLOURS = [
  { key: 'primary_color', label: 'Primary colour (buttons)' },
  { key: 'secondary_color', label: 'Secondary colour (secondary actions)' },
  { key: 'background_color', label: 'Background colour' },
  { key: 'text_color', label: 'Text colour' },
] as const satisfies ReadonlyArray<{ key: keyof Theme; label: string }>

/**
 * Colours, corner radius and font. Contrast is checked on every change with the shared rules (the ones
 * the widget's derived colours follow), so a merchant sees a failing pair before subscribers do.
 */
function ThemeSectionView({ draft, errors, set, disabled }: SectionProps) {
  const theme: Theme = draft.theme ?? {}
  const warnings = themeContrastWarnings(theme)
  return (
    <div className="rk-theme">
      <div className="rk-grid-2">
        {COLOURS.map(({ key, label }) => (
          <ColorField
            key={key}
            id={fieldId('editor', `theme.${key}`)}
            label={label}
            value={theme[key]}
            fallback={DEFAULT_THEME[key]}
            error={errors[`theme.${key}`]}
            disabled={disabled}
            onChange={(value) => set(`theme.${key}`, value)}
          />
        ))}
      </div>
      <div className="rk-grid-2">
        <NumberField
          id={fieldId('editor', 'theme.border_radius')}
          label="Corner radius"
          unit="px"
          step={1}
          value={theme.border_radius}
          error={errors['theme.border_radius']}
          disabled={disabled}
          onChange={(value) => set('theme.border_radius', value)}
        />
        <TextField
          id={fieldId('editor', 'theme.font_family')}
          label="Font family"
          value={theme.font_family ?? ''}
          maxLength={schemaMaxLength('theme.font_family')}
          error={errors['theme.font_family']}
          disabled={disabled}
          placeholder="Inter, system-ui, sans-serif"
          hint="Fonts your site already loads; the widget does not download fonts. Empty uses the system font."
          onChange={(value) => set('theme.font_family', value === '' ? undefined : value)}
        />
      </div>
      <div className="rk-contrast" role="status" aria-live="polite">
        {warnings.length === 0 ? (
          <p className="rk-contrast__ok">Colour contrast meets WCAG AA.</p>
        ) : (
          <>
            <p className="rk-contrast__title">Contrast warnings</p>
            <ul>
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  )
}

export const ThemeSection = memoSection(ThemeSectionView, ['theme'])
