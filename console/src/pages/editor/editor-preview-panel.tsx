import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { useMemo } from 'react'
import {
  PREVIEW_ELIGIBLE_OFFERS,
  PreviewControls,
  type PreviewDevice,
  sampleSubscriber,
  usePreviewScreens,
} from '../../features/preview/preview-controls'
import type { PreviewVariant } from '../../features/preview/preview-module'
import { WidgetPreview } from '../../features/preview/widget-preview'

export interface EditorPreviewPanelProps {
  config: CancelFlowConfig
  reasons: readonly CancellationReason[]
  screen: FlowScreen | undefined
  onScreenChange: (screen: FlowScreen) => void
  variant: PreviewVariant
  onVariantChange: (variant: PreviewVariant) => void
  device: PreviewDevice
  onDeviceChange: (device: PreviewDevice) => void
}

/** The live preview beside the form: the real widget, following the unsaved draft on every keystroke. */
export function EditorPreviewPanel(props: EditorPreviewPanelProps) {
  const { config, reasons, screen, variant, device } = props
  const screens = usePreviewScreens(config, reasons)
  const subscriber = useMemo(() => sampleSubscriber(), [])
  return (
    <aside className="rk-editor-preview" aria-labelledby="editor-preview-title">
      <h2 id="editor-preview-title">Live preview</h2>
      <p className="rk-field__hint">
        Unsaved changes show here as you type. Nothing is sent to subscribers until you save.
      </p>
      <PreviewControls
        screens={screens}
        screen={screen}
        onScreenChange={props.onScreenChange}
        variant={variant}
        onVariantChange={props.onVariantChange}
        device={device}
        onDeviceChange={props.onDeviceChange}
      />
      <div className={`rk-device rk-device--${device}`}>
        <WidgetPreview
          label={variant === 'cancel' ? 'Cancel flow preview' : 'Reactivation banner preview'}
          config={config}
          reasons={reasons}
          variant={variant}
          subscriber={subscriber}
          eligibleOffers={PREVIEW_ELIGIBLE_OFFERS}
          {...(screen ? { screen } : {})}
        />
      </div>
    </aside>
  )
}
