import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { languagesOf } from '@retainkit/shared/i18n'
import { useMemo, useState } from 'react'
import { languageName } from '../../features/language-name'
import type { PreviewDevice } from '../../features/preview/preview-controls'
import type { PreviewVariant } from '../../features/preview/preview-module'
import { SamplePreview } from '../../features/preview/sample-preview'
import { StatutoryPagePreview, SubscriberFrom } from '../../features/preview/subscriber-from'
import { draftWarnings, type PreviewAddress, subscriberView } from '../../features/preview/subscriber-preview'

export interface EditorPreviewPanelProps {
  config: CancelFlowConfig
  reasons: readonly CancellationReason[]
  screen: FlowScreen | undefined
  onScreenChange: (screen: FlowScreen) => void
  variant: PreviewVariant
  onVariantChange: (variant: PreviewVariant) => void
  device: PreviewDevice
  onDeviceChange: (device: PreviewDevice) => void
  /** The language being edited: the preview speaks it. */
  locale: string
  onLocaleChange: (locale: string) => void
  /** Every language the draft offers. */
  locales: readonly string[]
}

const NOWHERE: PreviewAddress = { country: '', state: '', startedOn: '' }

/**
 * What the preview shows wherever it is (beside the form, or in the phone's sheet): the same component.
 * "Preview as a subscriber from …" decides, with the server's own shared functions, the flow a
 * subscriber at that address gets from the draft, and lists the rules the draft breaks.
 */
export function EditorPreviewBody({ onLocaleChange, locales, ...props }: EditorPreviewPanelProps) {
  const [address, setAddress] = useState<PreviewAddress>(NOWHERE)
  const { config, reasons } = props
  const view = useMemo(() => subscriberView(config, address, new Date()), [config, address])
  const warnings = useMemo(() => draftWarnings(config, reasons), [config, reasons])
  const statutory =
    view.decision.mode === 'statutory_button' && props.variant === 'cancel' ? (
      <StatutoryPagePreview
        config={config}
        reasons={reasons}
        locale={props.locale}
        decision={view.decision}
      />
    ) : undefined
  return (
    <>
      <p className="rk-field__hint">
        Unsaved changes show here as you type. Nothing is sent to subscribers until you save.
      </p>
      <div className="rk-field">
        <label htmlFor="editor-preview-language">Preview language</label>
        <select
          id="editor-preview-language"
          className="rk-input"
          value={props.locale}
          onChange={(event) => onLocaleChange(event.target.value)}
        >
          {locales.map((tag) => (
            <option key={tag} value={tag}>
              {languageName(tag)} ({tag})
            </option>
          ))}
        </select>
      </div>
      <SubscriberFrom
        address={address}
        onAddressChange={setAddress}
        view={view}
        warnings={warnings}
        defaultLanguage={languagesOf(config).default}
      />
      <SamplePreview
        {...props}
        eligibleOffers={view.eligibleOffers}
        cap={view.cap}
        mode={view.decision.mode}
        instead={statutory}
        frame={(widget) => <div className={`rk-device rk-device--${props.device}`}>{widget}</div>}
      />
    </>
  )
}

/** The live preview beside the form: the real widget, following the unsaved draft on every keystroke. */
export function EditorPreviewPanel(props: EditorPreviewPanelProps) {
  return (
    <aside className="rk-editor-preview" aria-labelledby="editor-preview-title">
      <h2 id="editor-preview-title">Live preview</h2>
      <EditorPreviewBody {...props} />
    </aside>
  )
}
