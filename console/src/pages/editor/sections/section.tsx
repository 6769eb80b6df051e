import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { type ComponentType, memo, type NamedExoticComponent, type ReactNode } from 'react'
import type { FieldErrors } from '../../../features/validation/field-errors'
import { DEFAULT_BILLING_URL } from '../../../session/nav-hint'

/** What every editor section receives. */
export interface SectionProps {
  draft: CancelFlowConfig
  errors: FieldErrors
  set: (path: string, value: unknown) => void
  /** Read-only (no canEditConfig) or locked by the free tier. */
  disabled: boolean
}

export interface EditorSectionProps {
  id: string
  title: string
  description?: ReactNode
  /** Free tier: the section is shown, disabled, under an upgrade prompt naming the feature. */
  lockedFeature?: string | null
  children: ReactNode
}

/**
 * One titled region of the editor form. A locked section stays visible (the merchant sees what Pro
 * unlocks) but its controls are disabled through the fieldset, and the prompt says why.
 */
export function EditorSection({ id, title, description, lockedFeature, children }: EditorSectionProps) {
  const headingId = `${id}-heading`
  return (
    <section className="rk-editor-section" id={id} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {description ? <p className="rk-editor-section__intro">{description}</p> : null}
      {lockedFeature ? <UpgradePrompt feature={lockedFeature} /> : null}
      <fieldset className="rk-editor-section__body" disabled={Boolean(lockedFeature)}>
        <legend className="rk-visually-hidden">{title}</legend>
        {children}
      </fieldset>
    </section>
  )
}

export function UpgradePrompt({ feature }: { feature: string }) {
  return (
    <div className="rk-upgrade" role="note">
      <p>
        <strong>{feature} is a Pro feature.</strong> Free accounts use the default flow and styling; your copy
        and cancellation reasons stay editable.
      </p>
      <a className="rk-button rk-button--primary" href={DEFAULT_BILLING_URL}>
        Upgrade to Pro
      </a>
    </div>
  )
}

/**
 * Memoises a section on the parts of the config it shows: the editor re-renders on every keystroke, and
 * a section whose slices of the draft, messages and other props are unchanged skips that render.
 */
export function memoSection<P extends SectionProps>(
  component: ComponentType<P>,
  slices: readonly (keyof CancelFlowConfig)[],
): NamedExoticComponent<P> {
  const owns = (key: string) => slices.some((slice) => key === slice || key.startsWith(`${slice}.`))
  return memo(component, (before, after) => {
    for (const key of Object.keys(after) as (keyof P)[]) {
      if (key === 'draft' || key === 'errors') continue
      if (before[key] !== after[key]) return false
    }
    if (slices.some((slice) => before.draft[slice] !== after.draft[slice])) return false
    const keys = new Set([...Object.keys(before.errors), ...Object.keys(after.errors)].filter(owns))
    for (const key of keys) if (before.errors[key] !== after.errors[key]) return false
    return true
  })
}
