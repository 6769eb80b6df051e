import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowCap, JurisdictionMode } from '@retainkit/shared/jurisdiction'
import type { OfferType } from '@retainkit/shared/vocabulary'
import { type ReactNode, useMemo } from 'react'
import {
  PREVIEW_ELIGIBLE_OFFERS,
  PreviewControls,
  type PreviewControlsProps,
  sampleSubscriber,
  usePreviewScreens,
} from './preview-controls'
import { WidgetPreview } from './widget-preview'

export type SampleSubscriber = ReturnType<typeof sampleSubscriber>

export interface SamplePreviewProps extends Omit<PreviewControlsProps, 'screens'> {
  config: CancelFlowConfig
  reasons: readonly CancellationReason[]
  /** Places the widget on its page: a device frame in the editor, a sample merchant page on /preview. */
  frame: (widget: ReactNode, subscriber: SampleSubscriber) => ReactNode
  /** The language to preview; the account's default when absent. */
  locale?: string | undefined
  /** A previewed subscriber's jurisdiction: the offers it allows, its cap and its mode (default: every offer). */
  eligibleOffers?: readonly OfferType[]
  cap?: FlowCap | null
  mode?: JurisdictionMode
  /** What the subscriber gets instead of the flow (the statutory page), framed like the widget. */
  instead?: ReactNode
}

/**
 * A flow as the console previews it, the same way wherever it appears (editor draft or saved version):
 * the preview controls, then the real widget for a sample subscriber with every offer eligible.
 */
export function SamplePreview({
  config,
  reasons,
  frame,
  locale,
  eligibleOffers = PREVIEW_ELIGIBLE_OFFERS,
  cap,
  mode,
  instead,
  ...controls
}: SamplePreviewProps) {
  const screens = usePreviewScreens(config, reasons)
  // Made once: a new period end on every render would update the widget on every keystroke.
  const subscriber = useMemo(() => sampleSubscriber(), [])
  const { variant, screen } = controls
  return (
    <>
      <PreviewControls screens={screens} {...controls} />
      {frame(
        instead ?? (
          <WidgetPreview
            label={variant === 'cancel' ? 'Cancel flow preview' : 'Reactivation banner preview'}
            config={config}
            reasons={reasons}
            variant={variant}
            subscriber={subscriber}
            eligibleOffers={eligibleOffers}
            {...(cap ? { cap } : {})}
            {...(mode ? { mode } : {})}
            {...(screen ? { screen } : {})}
            {...(locale ? { locale } : {})}
          />
        ),
        subscriber,
      )}
    </>
  )
}
