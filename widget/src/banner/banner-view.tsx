import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { monthsLabel } from '@retainkit/shared/flow'
import type { ReactivationResponse } from '@retainkit/shared/widget-api'
import { useState } from 'react'
import type { Presentation } from '../ui/dialog-shell'

export type BannerCopy = NonNullable<CancelFlowConfig['reactivation']>
export type WinbackOffer = Extract<ReactivationResponse, { eligible: true }>['offer']

interface BannerViewProps {
  copy: BannerCopy
  offer: WinbackOffer
  presentation: Presentation
  /** Performs the reactivation; resolves with the message to show. */
  onReactivate: () => Promise<string>
  onDismiss: () => void
  /** Removes the banner after a successful reactivation (not a dismissal: nothing is recorded). */
  onClose: () => void
}

type State = { kind: 'idle' | 'working' } | { kind: 'done' | 'error'; message: string }

/**
 * The reactivation banner: a labelled region (not a modal: it never takes focus or blocks the page),
 * with the merchant's copy, the winback offer for churned subscribers, one-click reactivation and a
 * dismiss button.
 */
export function BannerView({ copy, offer, presentation, onReactivate, onDismiss, onClose }: BannerViewProps) {
  const [state, setState] = useState<State>({ kind: 'idle' })
  const working = state.kind === 'working'
  const reactivate = () => {
    if (working) return
    setState({ kind: 'working' })
    onReactivate().then(
      (message) => setState({ kind: 'done', message }),
      (error: unknown) =>
        setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    )
  }
  const banner = (
    <section className="k" aria-labelledby="rk-b-title" aria-busy={working ? 'true' : undefined}>
      <h2 id="rk-b-title">{copy.headline}</h2>
      {state.kind === 'done' ? null : <p className="s">{copy.subheadline}</p>}
      {offer && state.kind !== 'done' ? (
        <p>
          <strong>
            {offer.percentOff}% off for {monthsLabel(offer.months)}
          </strong>{' '}
          when you reactivate today.
        </p>
      ) : null}
      <div role="status">{state.kind === 'done' ? <p>{state.message}</p> : null}</div>
      <div role="alert">{state.kind === 'error' ? <p className="e">{state.message}</p> : null}</div>
      <div className="a">
        {state.kind === 'done' ? (
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
              onClick={reactivate}
            >
              {copy.cta_primary}
            </button>
          </>
        )}
      </div>
    </section>
  )
  return presentation === 'inline' ? <div className="i">{banner}</div> : banner
}
