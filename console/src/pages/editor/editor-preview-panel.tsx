import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { languageName } from '../../features/language-name'
import type { PreviewDevice } from '../../features/preview/preview-controls'
import type { PreviewVariant } from '../../features/preview/preview-module'
import { SamplePreview } from '../../features/preview/sample-preview'

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

/** What the preview shows wherever it is (beside the form, or in the phone's sheet): the same component. */
export function EditorPreviewBody({ onLocaleChange, locales, ...props }: EditorPreviewPanelProps) {
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
      <SamplePreview
        {...props}
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
