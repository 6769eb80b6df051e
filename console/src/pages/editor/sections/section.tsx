import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { ROUTES } from '@retainkit/shared/routes'
import type { ReactNode } from 'react'
import type { FieldErrors } from '../../../features/validation/field-errors'

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
      <a className="rk-button rk-button--primary" href={ROUTES.pricing}>
        Upgrade to Pro
      </a>
    </div>
  )
}
