import type { Tier } from '@retainkit/shared/billing'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { availableLocales, languagesOf } from '@retainkit/shared/i18n'
import { ROUTES } from '@retainkit/shared/routes'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard'
import type { PreviewDevice } from '../../features/preview/preview-controls'
import type { PreviewVariant } from '../../features/preview/preview-module'
import { ReasonsEditor } from '../../features/reasons/reasons-editor'
import { serverFieldErrors } from '../../features/validation/field-errors'
import { getConfig, saveConfig } from '../../lib/api'
import type { ApiError } from '../../lib/api-client'
import { userMessageOf } from '../../lib/error-handler'
import { toast } from '../../lib/toast-store'
import { useNarrowScreen } from '../../lib/use-narrow-screen'
import { useEditorDraft } from './editor-draft'
import { EditorPreviewPanel } from './editor-preview-panel'
import { EditorPreviewSheet } from './editor-preview-sheet'
import { ErrorSummary } from './error-summary'
import { ComplianceSection } from './sections/compliance-section'
import { CopySection } from './sections/copy-section'
import { FlowSection } from './sections/flow-section'
import { LanguagesSection } from './sections/languages-section'
import { OffersSection } from './sections/offers-section'
import { ReactivationSection } from './sections/reactivation-section'
import { ReasonOrderField } from './sections/reason-order-field'
import { EditorSection } from './sections/section'
import { ThemeSection } from './sections/theme-section'
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

/** Sections a free account cannot change (default flow and styling, no save offers or banners). */
const FREE_LOCKS = {
  theme: 'Custom styling',
  flow: 'A custom flow',
  offers: 'Save offers',
  reactivation: 'The reactivation banner',
} as const

const SECTION_LINKS = [
  ['editor-copy', 'Copy'],
  ['editor-reasons', 'Reasons'],
  ['editor-offers', 'Offers'],
  ['editor-theme', 'Styling'],
  ['editor-flow', 'Flow'],
  ['editor-banner', 'Banner'],
  ['editor-compliance', 'Compliance'],
  ['editor-languages', 'Languages'],
] as const

const isConflict = (error: ApiError) => error.status === 409 || error.code === 'CONSTRAINT_VIOLATION'

function formatSavedAt(iso: string | null): string | null {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date.toLocaleString()
}

/**
 * The editor once its data is loaded: the form (every part of config_json, plus the reasons), inline
 * validation with the validation messages, save with `base_version` and the 409 reload offer, discard, the
 * unsaved-changes guard, and the live preview beside it.
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
  const [saving, setSaving] = useState(false)
  const [attempted, setAttempted] = useState(false)
  const [conflict, setConflict] = useState(false)
  const [ruleMessage, setRuleMessage] = useState<string | null>(null)
  const [screen, setScreen] = useState<FlowScreen | undefined>(undefined)
  const [variant, setVariant] = useState<PreviewVariant>('cancel')
  const [device, setDevice] = useState<PreviewDevice>('desktop')
  // The language being edited, which the preview speaks (the default language until one is picked).
  const [locale, setLocale] = useState<string>(() => languagesOf(initial.config).default)
  const summary = useRef<HTMLDivElement>(null)
  const stripePlans = useStripePlans(accountId, canEdit && tier !== 'free')

  const free = tier === 'free'
  const readOnly = !canEdit
  const lock = (feature: string) => (free ? feature : null)
  const errorCount = Object.keys(clientErrors).length

  const showScreen = useCallback((next: FlowScreen) => {
    setVariant('cancel')
    setScreen(next)
  }, [])
  const showBanner = useCallback(() => setVariant('banner'), [])

  const save = async () => {
    if (readOnly || saving) return
    setAttempted(true)
    setRuleMessage(null)
    if (errorCount > 0) {
      requestAnimationFrame(() => summary.current?.focus())
      return
    }
    setSaving(true)
    const snapshot = state.draft
    const result = await saveConfig(accountId, snapshot, { baseVersion: state.version })
    setSaving(false)
    if (result.error) {
      const error = result.error
      if (isConflict(error)) {
        setConflict(true)
        return
      }
      if (error.code === 'VALIDATION_FAILED') {
        dispatch({
          type: 'serverErrors',
          errors: serverFieldErrors({ ...error, issues: error.issues ?? [] }, 'config_json'),
        })
      }
      if (error.code === 'BUSINESS_RULE_VIOLATION') setRuleMessage(userMessageOf(error))
      toast({ title: 'Changes not saved', description: userMessageOf(error), variant: 'destructive' })
      return
    }
    const version = typeof result.data?.version === 'number' ? result.data.version : state.version + 1
    dispatch({
      type: 'saved',
      config: snapshot,
      version,
      updatedAt: result.data?.updated_at ?? new Date().toISOString(),
    })
    setAttempted(false)
    toast({
      title: 'Changes saved',
      description: `Version ${version} is live for your subscribers.`,
      variant: 'success',
    })
  }

  const reload = async () => {
    const result = await getConfig(accountId)
    if (result.error) {
      toast({ title: 'Could not reload', description: userMessageOf(result.error), variant: 'destructive' })
      return
    }
    dispatch({
      type: 'loaded',
      config: result.data.config_json,
      version: result.data.version,
      updatedAt: result.data.updated_at,
    })
    setConflict(false)
    setAttempted(false)
    toast({
      title: 'Latest version loaded',
      description: `You are now editing version ${result.data.version}.`,
    })
  }

  // Ctrl/Cmd+S saves, as in every editor people know.
  const saveRef = useRef(save)
  saveRef.current = save
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault()
        void saveRef.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const savedAt = formatSavedAt(state.updatedAt)
  const sectionProps = { draft: state.draft, errors, set, disabled: readOnly }
  // On a phone the preview is a sheet opened from the header; elsewhere it stays beside the form.
  const narrow = useNarrowScreen()
  const previewProps = {
    config: state.draft,
    reasons,
    screen,
    onScreenChange: showScreen,
    variant,
    onVariantChange: setVariant,
    device,
    onDeviceChange: setDevice,
    locale,
    onLocaleChange: setLocale,
    locales: availableLocales(state.draft),
  }
  return (
    <div className="rk-editor">
      <UnsavedChangesGuard when={(dirty || reasonsDirty) && !readOnly} />
      <header className="rk-editor__header">
        <div>
          <h1>Cancel flow editor</h1>
          <p className="rk-editor__version">
            Version {state.version}
            {savedAt ? ` · saved ${savedAt}` : ''}
            {dirty ? ' · unsaved changes' : ''}
            {' · '}
            <Link to={`${ROUTES.editor}history?account_id=${encodeURIComponent(accountId)}`}>
              Version history
            </Link>
          </p>
        </div>
        {readOnly && !narrow ? null : (
          <div className="rk-actions">
            {narrow ? <EditorPreviewSheet {...previewProps} /> : null}
            {readOnly ? null : (
              <>
                <button
                  type="button"
                  className="rk-button rk-button--secondary"
                  disabled={!dirty || saving}
                  onClick={() => {
                    dispatch({ type: 'discard' })
                    setAttempted(false)
                    setRuleMessage(null)
                    toast({ title: 'Changes discarded', description: `Back to version ${state.version}.` })
                  }}
                >
                  Discard<span className="rk-editor__wide-only"> changes</span>
                </button>
                <button
                  type="submit"
                  form="editor-form"
                  className="rk-button rk-button--primary"
                  disabled={!dirty || saving}
                >
                  {saving ? (
                    'Saving…'
                  ) : (
                    <>
                      Save<span className="rk-editor__wide-only"> changes</span>
                    </>
                  )}
                </button>
              </>
            )}
          </div>
        )}
      </header>
      <div role="status" aria-live="polite" className="rk-visually-hidden">
        {saving ? 'Saving changes' : ''}
      </div>
      {readOnly ? (
        <p className="rk-notice" role="note">
          You can view this flow but not change it: your role does not include editing. Ask an owner or admin
          of this account for editor access.
        </p>
      ) : null}
      {conflict ? (
        <div className="rk-notice rk-notice--warning" role="alert">
          <p>
            Someone else saved a newer version of this flow while you were editing. Reload it to continue;
            your unsaved changes here will be lost.
          </p>
          <div className="rk-actions">
            <button type="button" className="rk-button rk-button--primary" onClick={() => void reload()}>
              Reload latest version
            </button>
            <button
              type="button"
              className="rk-button rk-button--secondary"
              onClick={() => setConflict(false)}
            >
              Keep editing
            </button>
          </div>
        </div>
      ) : null}
      {ruleMessage ? (
        <p className="rk-notice rk-notice--warning" role="alert">
          {ruleMessage}
        </p>
      ) : null}
      {attempted && errorCount > 0 ? <ErrorSummary ref={summary} errors={clientErrors} /> : null}
      <div className="rk-editor__layout">
        <form
          id="editor-form"
          className="rk-editor__form"
          aria-label="Cancel flow settings"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
        >
          <nav className="rk-editor__toc" aria-label="Editor sections">
            {SECTION_LINKS.map(([id, label]) => (
              <a key={id} href={`#${id}`}>
                {label}
              </a>
            ))}
          </nav>
          <EditorSection
            id="editor-copy"
            title="Copy"
            description="The words on every screen of the cancel flow."
          >
            <CopySection {...sectionProps} onShowScreen={showScreen} />
          </EditorSection>
          <EditorSection
            id="editor-reasons"
            title="Cancellation reasons"
            description="The reasons list is saved with its own button; the order in the flow is part of the flow."
          >
            <ReasonsEditor
              accountId={accountId}
              readOnly={readOnly}
              onReasonsChange={setReasons}
              onDirtyChange={setReasonsDirty}
              {...(initialReasons ? { initialReasons } : {})}
              {...(initialReasonsVersion !== undefined ? { initialVersion: initialReasonsVersion } : {})}
            />
            <ReasonOrderField
              order={state.draft.copy.cancel_reasons}
              reasons={reasons}
              errors={errors}
              set={set}
              disabled={readOnly}
            />
          </EditorSection>
          <EditorSection id="editor-offers" title="Save offers" lockedFeature={lock(FREE_LOCKS.offers)}>
            <OffersSection
              {...sectionProps}
              accountId={accountId}
              stripePlans={stripePlans}
              onShowScreen={showScreen}
            />
          </EditorSection>
          <EditorSection id="editor-theme" title="Styling" lockedFeature={lock(FREE_LOCKS.theme)}>
            <ThemeSection {...sectionProps} />
          </EditorSection>
          <EditorSection id="editor-flow" title="Flow" lockedFeature={lock(FREE_LOCKS.flow)}>
            <FlowSection {...sectionProps} />
          </EditorSection>
          <EditorSection
            id="editor-banner"
            title="Reactivation banner"
            lockedFeature={lock(FREE_LOCKS.reactivation)}
          >
            <ReactivationSection {...sectionProps} onShowBanner={showBanner} />
          </EditorSection>
          <EditorSection
            id="editor-compliance"
            title="Compliance"
            description="Every step always shows a visible way to finish cancelling; here you can also switch offers off."
          >
            <ComplianceSection {...sectionProps} />
          </EditorSection>
          <EditorSection
            id="editor-languages"
            title="Languages"
            description="Subscribers get the flow in their language: the one signed in their token, else the one your page passes to attach, else their browser's. English, French, German and Spanish are built in."
          >
            <LanguagesSection
              {...sectionProps}
              reasons={reasons}
              locale={locale}
              onLocaleChange={setLocale}
            />
          </EditorSection>
        </form>
        {narrow ? null : <EditorPreviewPanel {...previewProps} />}
      </div>
    </div>
  )
}
