import { COPY_PLACEHOLDERS, placeholdersIn } from '@retainkit/shared/default-config'
import type { FlowScreen } from '@retainkit/shared/flow'
import { memo } from 'react'
import { TextField } from '../../../features/forms/text-field'
import { fieldId } from '../../../features/validation/field-errors'
import { getAt } from '../config-path'
import { COPY_SCREENS, type CopyScreen, copyFieldLabel, copyLimit } from '../copy-screens'
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

/** Copy of every screen of the flow, each field with a counter at the schema's limit. */
export function CopySection({ draft, errors, set, disabled, onShowScreen }: CopySectionProps) {
  return (
    <div className="rk-copy">
      {COPY_SCREENS.map((screen) => (
        <CopyScreenFields
          key={screen.path}
          screen={screen}
          values={getAt(draft, screen.path)}
          errors={screen.fields.map((field) => errors[`${screen.path}.${field}`])}
          set={set}
          disabled={disabled}
          onShowScreen={onShowScreen}
        />
      ))}
    </div>
  )
}

interface CopyScreenFieldsProps {
  screen: CopyScreen
  /** The screen's copy object; the config keeps its identity until one of its fields changes. */
  values: unknown
  /** One message (or undefined) per field of `screen.fields`. */
  errors: readonly (string | undefined)[]
  set: SectionProps['set']
  disabled: boolean
  onShowScreen: (screen: FlowScreen) => void
}

/**
 * Fourteen screens of fields re-rendering on every keystroke made typing sluggish: a screen re-renders
 * only when its own copy, its messages or its callbacks change.
 */
const CopyScreenFields = memo(
  function CopyScreenFields({ screen, values, errors, set, disabled, onShowScreen }: CopyScreenFieldsProps) {
    return (
      <fieldset className="rk-copy__screen" disabled={disabled} onFocus={() => onShowScreen(screen.screen)}>
        <legend>{screen.title}</legend>
        <p className="rk-field__hint">{screen.description}</p>
        {screen.fields.map((field, index) => {
          const path = `${screen.path}.${field}`
          const raw = getAt(values, field)
          const value = typeof raw === 'string' ? raw : ''
          return (
            <TextField
              key={path}
              id={fieldId('editor', path)}
              label={copyFieldLabel(screen, field)}
              value={value}
              maxLength={copyLimit(path)}
              multiline={field === 'subheadline'}
              error={errors[index]}
              hint={placeholderHint(value)}
              onChange={(next) => set(path, next)}
            />
          )
        })}
      </fieldset>
    )
  },
  (before, after) =>
    before.screen === after.screen &&
    before.values === after.values &&
    before.disabled === after.disabled &&
    before.set === after.set &&
    before.onShowScreen === after.onShowScreen &&
    before.errors.every((message, index) => message === after.errors[index]),
)
