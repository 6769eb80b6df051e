import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { monthsLabel } from '@retainkit/shared/flow'
import type { ReactivationResponse } from '@retainkit/shared/widget-api'

export type BannerCopy = NonNullable<CancelFlowConfig['reactivation']>
export type WinbackOffer = Extract<ReactivationResponse, { eligible: true }>['offer']
export type BannerState = { kind: 'idle' | 'working' } | { kind: 'done' | 'error'; message: string }

export interface BannerViewProps {
  copy: BannerCopy
  offer: WinbackOffer
  state: BannerState
  /** Drawn in place (the console's preview) rather than fixed at the bottom of the page. */
  inline?: boolean
  onReactivate: () => void
  onDismiss: () => void
  /** Removes the banner after a successful reactivation (not a dismissal: nothing is recorded). */
  onClose: () => void
}

/**
 * Runs a reactivation for the banner in `state` (once at a time), moving it to working, then done with
 * the message to show or error with the failure's message. The owner keeps the state and redraws.
 */
export function reactivateBanner(
  state: BannerState,
  run: () => Promise<string>,
  set: (state: BannerState) => void,
): void {
  if (state.kind === 'working') return
  set({ kind: 'working' })
  run().then(
    (message) => set({ kind: 'done', message }),
    (error: unknown) =>
      set({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
  )
}

/**
 * The reactivation banner: a labelled region (not a modal: it never takes focus or blocks the page),
 * with the merchant's copy, the winback offer for churned subscribers, one-click reactivation and a
 * dismiss button.
 */
export function BannerView({
  copy,
  offer,
  state,
  inline,
  onReactivate,
  onDismiss,
  onClose,
}: BannerViewProps) {
  const working = state.kind === 'working'
  const done = state.kind === 'done'
  const banner = (
    <section className="k" aria-labelledby="rk-b-title" aria-busy={working ? 'true' : undefined}>
      <h2 id="rk-b-title">{copy.headline}</h2>
      {done ? null : <p className="s">{copy.subheadline}</p>}
      {offer && !done ? (
        <p>
          <strong>
            {offer.percentOff}% off for {monthsLabel(offer.months)}
          </strong>{' '}
          when you reactivate today.
        </p>
      ) : null}
      <div role="status">{done ? <p>{state.message}</p> : null}</div>
      <div role="alert">{state.kind === 'error' ? <p className="e">{state.message}</p> : null}</div>
      <div className="a">
        {done ? (
          <button type="button" onClick={onClose}>
            Close
          </button>
        ) : (
          <>
            <button type="button" onClick={onDismiss}>
              {copy.cta_secondary}
            </button>
            <button
              type="button"
              className="p"
              aria-disabled={working ? 'true' : undefined}
              onClick={onReactivate}
            >
              {copy.cta_primary}
            </button>
          </>
        )}
      </div>
    </section>
  )
  return inline ? <div className="i">{banner}</div> : banner
}
