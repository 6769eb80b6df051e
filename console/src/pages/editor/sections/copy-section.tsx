import { COPY_PLACEHOLDERS, placeholdersIn } from '@retainkit/shared/default-config'
import type { FlowScreen } from '@retainkit/shared/flow'
import { TextField } from '../../../features/forms/text-field'
import { fieldId } from '../../../features/validation/field-errors'
import { COPY_SCREENS, type CopyScreen, copyFieldLabel, copyLimit, copyText } from '../copy-screens'
import type { SectionProps } from './section'

const KNOWN_PLACEHOLDERS = new Set(Object.keys(COPY_PLACEHOLDERS))

/** A hint for text that uses `{name}` tokens the widget does not fill in. */
function placeholderHint(text: string): string | undefined {
  const unknown = [...new Set(placeholdersIn(text).filter((name) => !KNOWN_PLACEHOLDERS.has(name)))]
  if (unknown.length === 0) return undefined
  return `${unknown.map((name) => `{${name}}`).join(', ')} is not a placeholder and will be shown as written. Available: ${[
    ...KNOWN_PLACEHOLDERS,
  ]
    .map((name) => `{${name}}`)
    .join(' ')}.`
}

export interface CopySectionProps extends SectionProps {
  /** Jumps the preview to the screen whose copy is being edited. */
  onShowScreen: (screen: FlowScreen) => void
}

/** Copy of every screen of the flow, each field with a counter at the spec 5 limit. */
export function CopySection({ draft, errors, set, disabled, onShowScreen }: CopySectionProps) {
  return (
    <div className="rk-copy">
      {COPY_SCREENS.map((screen) => (
        <CopyScreenFields
          key={screen.path}
          screen={screen}
          draft={draft}
          errors={errors}
          set={set}
          disabled={disabled}
          onShowScreen={onShowScreen}
        />
      ))}
    </div>
  )
}

function CopyScreenFields({
  screen,
  draft,
  errors,
  set,
  disabled,
  onShowScreen,
}: CopySectionProps & { screen: CopyScreen }) {
  return (
    <fieldset className="rk-copy__screen" disabled={disabled} onFocus={() => onShowScreen(screen.screen)}>
      <legend>{screen.title}</legend>
      <p className="rk-field__hint">{screen.description}</p>
      {screen.fields.map((field) => {
        const path = `${screen.path}.${field}`
        const value = copyText(draft, path)
        return (
          <TextField
            key={path}
            id={fieldId('editor', path)}
            label={copyFieldLabel(screen, field)}
            value={value}
            maxLength={copyLimit(path)}
            multiline={field === 'subheadline'}
            error={errors[path]}
            hint={placeholderHint(value)}
            onChange={(next) => set(path, next)}
          />
        )
      })}
    </fieldset>
  )
}
