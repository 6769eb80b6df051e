import type { Ref } from 'react'
import { type FieldErrors, fieldId } from '../../features/validation/field-errors'

/** Readable names for the first part of a field path, so a summary entry says where the problem is. */
const SECTION_NAMES: Readonly<Record<string, string>> = {
  copy: 'Copy',
  discount: 'Discount offer',
  pause: 'Pause offer',
  plan_switch: 'Plan switch offer',
  billing_cycle_switch: 'Billing-cycle offer',
  theme: 'Styling',
  cancellation_flow: 'Flow steps',
  reactivation: 'Reactivation banner',
  compliance: 'Compliance',
}

export function describeField(path: string): string {
  const [section, ...rest] = path.split('.')
  const name = SECTION_NAMES[section ?? ''] ?? section ?? ''
  const detail = rest
    .filter((part) => !/^\d+$/.test(part))
    .map((part) => part.replace(/_/g, ' '))
    .join(' › ')
  return detail ? `${name}: ${detail}` : name
}

/**
 * Shown when a save is attempted with problems: every message as a link to its field. It takes focus
 * and is an alert, so keyboard and screen-reader users learn why nothing was saved.
 */
export function ErrorSummary({ errors, ref }: { errors: FieldErrors; ref?: Ref<HTMLDivElement> }) {
  const entries = Object.entries(errors)
  return (
    <div
      className="rk-error-summary"
      role="alert"
      tabIndex={-1}
      ref={ref}
      aria-labelledby="editor-error-summary-title"
    >
      <h2 id="editor-error-summary-title">
        {entries.length === 1
          ? 'Fix this problem before saving'
          : `Fix these ${entries.length} problems before saving`}
      </h2>
      <ul>
        {entries.map(([path, message]) => (
          <li key={path}>
            <a href={`#${fieldId('editor', path)}`}>
              {describeField(path)}: {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
