import type { Tier } from '@retainkit/shared/billing'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { availableLocales, languagesOf } from '@retainkit/shared/i18n'
import { useCallback, useRef, useState } from 'react'
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard'
import type { PreviewDevice } from '../../features/preview/preview-controls'
import type { PreviewVariant } from '../../features/preview/preview-module'
import { useNarrowScreen } from '../../lib/use-narrow-screen'
import { useEditorDraft } from './editor-draft'
import { EditorForm } from './editor-form'
import { EditorHeader, EditorNotices } from './editor-header'
import { EditorPreviewPanel } from './editor-preview-panel'
import { EditorPreviewSheet } from './editor-preview-sheet'
import { ErrorSummary } from './error-summary'
import { useEditorSave } from './use-editor-save'
import { useStripePlans } from './use-stripe-plans'

export interface EditorWorkspaceProps {
  accountId: string
  initial: { config: CancelFlowConfig; version: number; updatedAt: string | null }
  tier: Tier | null
  canEdit: boolean
  /** Saved reasons loaded with the config; null when they could not be (the reasons editor retries). */
  initialReasons: CancellationReason[] | null
  initialReasonsVersion?: number | undefined
}

/**
 * The editor once its data is loaded: the form (every part of config_json, plus the reasons), inline
 * validation with the validation messages, save with `base_version` and the 409 reload offer, discard, the
 * unsaved-changes guard (use-editor-save.ts saves), and the live preview beside it — on a phone, a sheet
 * opened from the header.
 */
export function EditorWorkspace({
  accountId,
  initial,
  tier,
  canEdit,
  initialReasons,
  initialReasonsVersion,
}: EditorWorkspaceProps) {
  const { state, dispatch, set, errors, clientErrors, dirty } = useEditorDraft(initial)
  const [reasons, setReasons] = useState<CancellationReason[]>(() => initialReasons ?? [])
  const [reasonsDirty, setReasonsDirty] = useState(false)
  const preview = usePreviewState(initial.config)
  const summary = useRef<HTMLDivElement>(null)
  const stripePlans = useStripePlans(accountId, canEdit && tier !== 'free')
  const readOnly = !canEdit
  const errorCount = Object.keys(clientErrors).length
  const saver = useEditorSave({ accountId, state, dispatch, errorCount, readOnly, summary })
  const narrow = useNarrowScreen()
  const previewProps = {
    ...preview.props,
    config: state.draft,
    reasons,
    locales: availableLocales(state.draft),
  }
  return (
    <div className="rk-editor">
      <UnsavedChangesGuard when={(dirty || reasonsDirty) && !readOnly} />
      <EditorHeader
        accountId={accountId}
        version={state.version}
        updatedAt={state.updatedAt}
        dirty={dirty}
        readOnly={readOnly}
        saver={saver}
        previewSheet={narrow ? <EditorPreviewSheet {...previewProps} /> : null}
      />
      <EditorNotices readOnly={readOnly} saver={saver} />
      {saver.attempted && errorCount > 0 ? <ErrorSummary ref={summary} errors={clientErrors} /> : null}
      <div className="rk-editor__layout">
        <EditorForm
          accountId={accountId}
          tier={tier}
          section={{ draft: state.draft, errors, set, disabled: readOnly }}
          onSubmit={() => void saver.save()}
          reasons={reasons}
          onReasonsChange={setReasons}
          onReasonsDirtyChange={setReasonsDirty}
          initialReasons={initialReasons}
          initialReasonsVersion={initialReasonsVersion}
          stripePlans={stripePlans}
          onShowScreen={preview.showScreen}
          onShowBanner={preview.showBanner}
          locale={preview.props.locale}
          onLocaleChange={preview.props.onLocaleChange}
        />
        {narrow ? null : <EditorPreviewPanel {...previewProps} />}
      </div>
    </div>
  )
}

/** What the preview shows: which screen or the banner, on which device, in which language. */
function usePreviewState(config: CancelFlowConfig) {
  const [screen, setScreen] = useState<FlowScreen | undefined>(undefined)
  const [variant, setVariant] = useState<PreviewVariant>('cancel')
  const [device, setDevice] = useState<PreviewDevice>('desktop')
  // The language being edited, which the preview speaks (the default language until one is picked).
  const [locale, setLocale] = useState<string>(() => languagesOf(config).default)
  const showScreen = useCallback((next: FlowScreen) => {
    setVariant('cancel')
    setScreen(next)
  }, [])
  const showBanner = useCallback(() => setVariant('banner'), [])
  return {
    showScreen,
    showBanner,
    props: {
      screen,
      onScreenChange: showScreen,
      variant,
      onVariantChange: setVariant,
      device,
      onDeviceChange: setDevice,
      locale,
      onLocaleChange: setLocale,
    },
  }
}
