import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import type { UiStrings } from '@retainkit/shared/ui-strings'
import type { ReactivationTerms } from '@retainkit/shared/widget-api'
import { Dialog } from '../ui/dialog'
import { ReactivateBody, type ReactivateState } from './terms'

export type BannerCopy = NonNullable<CancelFlowConfig['reactivation']>
export type BannerState = ReactivateState

export interface BannerViewProps {
  /** The headline, text and the two buttons' labels (the main one, then dismissing). */
  copy: Pick<BannerCopy, 'headline' | 'subheadline' | 'cta_primary' | 'cta_secondary'>
  /** What reactivating costs and when (from the server; the preview's sample). Null: nothing to offer. */
  terms: ReactivationTerms | null
  state: BannerState
  /** The widget's own words in the subscriber's language. */
  strings: UiStrings
  /** As the cancel flow's modal dialog (a subscriber already scheduled to cancel) instead of a banner. */
  dialog?: boolean
  /** The main button: asks for the confirmation, then reactivates (see reactivation). */
  onReactivate: () => void
  /** Back from the confirmation. */
  onBack: () => void
  /** The other button (and, as a dialog, × and Escape). */
  onDismiss: () => void
  /** Removes it after a successful reactivation (not a dismissal: nothing is recorded). */
  onClose: () => void
}

/**
 * The reactivation banner: a labelled region (not a modal: it never takes focus or blocks the page),
 * with the merchant's copy, what coming back costs (plan, price with and without the winback discount,
 * first charge, renewal), a reactivation that asks for one explicit confirmation naming the amount, and
 * a dismiss button. As a dialog it is the cancel flow's answer to a subscriber already scheduled to
 * cancel: when it ends, and the undo.
 */
export function BannerView({
  copy,
  terms,
  strings,
  state,
  dialog,
  onReactivate,
  onBack,
  onDismiss,
  onClose,
}: BannerViewProps) {
  const busy = state.kind === 'working'
  const body = [
    // Each widget part has its own shadow root, so the ids never meet; the dialog's owner focuses the headline.
    <h2 key="h" id="rk-title" tabIndex={-1}>
      {copy.headline}
    </h2>,
    state.kind === 'done' || !copy.subheadline ? null : (
      <p key="s" className="s">
        {copy.subheadline}
      </p>
    ),
    <ReactivateBody
      key="b"
      terms={terms}
      strings={strings}
      state={state}
      primaryLabel={copy.cta_primary}
      secondaryLabel={copy.cta_secondary}
      onPrimary={onReactivate}
      onSecondary={onDismiss}
      onBack={onBack}
      onClose={onClose}
    />,
  ]
  if (dialog)
    return (
      <Dialog overlay busy={busy} progress="" closeLabel={strings.close} onClose={onDismiss}>
        {body}
      </Dialog>
    )
  // (The console's preview draws it in place, in its own inline wrapper.)
  return (
    <section className="k" aria-labelledby="rk-title" aria-busy={busy || undefined}>
      {body}
    </section>
  )
}
