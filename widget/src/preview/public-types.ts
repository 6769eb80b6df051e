import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen, FlowSubscriber } from '@retainkit/shared/flow'
import type { FlowCap, JurisdictionMode } from '@retainkit/shared/jurisdiction'
import type { OfferType } from '@retainkit/shared/vocabulary'

/**
 * The types of `@retainkit/widget/preview` (dist/preview.js), for the console: framework-agnostic, so a
 * React 19 app drives the widget's own Preact components without sharing a renderer with them.
 */

export interface PreviewProps {
  config: CancelFlowConfig
  reasons: readonly CancellationReason[]
  /** The screen to show; changing it jumps there. Default: the flow's first screen. */
  screen?: FlowScreen
  /** A sample subscriber for the copy's placeholders (plan name, period end). */
  subscriber?: FlowSubscriber
  /** Offers treated as eligible. Default: all four. */
  eligibleOffers?: readonly OfferType[]
  /** 'cancel' (default) or the reactivation 'banner'. */
  variant?: 'cancel' | 'banner'
  /** The language to preview (`fr`, `ar`): the account's default when absent or not offered. */
  locale?: string
  /** The jurisdiction's cap on screens and offers, as the server cuts a capped subscriber's flow. */
  cap?: FlowCap | null
  /** The previewed subscriber's jurisdiction mode: "Step x of y" counts no offer step where it allows none. */
  mode?: JurisdictionMode
}

export interface PreviewHandle {
  /** Re-renders with new props (cheap: call it on every keystroke). */
  update(props: PreviewProps): void
  /** Unmounts and empties the container's shadow root. */
  destroy(): void
}

export interface PreviewScreenOption {
  screen: FlowScreen
  label: string
}

export type MountPreview = (container: HTMLElement, props: PreviewProps) => PreviewHandle
export type PreviewScreens = (
  config: CancelFlowConfig,
  reasons: readonly CancellationReason[],
) => PreviewScreenOption[]

/** Renders the real widget components inline in a shadow root on `container`: no network, no storage. */
export declare const mountPreview: MountPreview
/** The screens a step switcher can offer for this config, in flow order. */
export declare const PREVIEW_SCREENS: PreviewScreens
