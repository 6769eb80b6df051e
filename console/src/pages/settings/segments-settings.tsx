import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { languagesOf } from '@retainkit/shared/i18n'
import type { SegmentRule } from '@retainkit/shared/schemas'
import { useState } from 'react'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard'
import type { SegmentInput } from '../../lib/api'
import { useCapability } from '../../session/session-store'
import { type StripePlansState, useStripePlans } from '../editor/use-stripe-plans'
import { SegmentCatalogContext } from './segments/catalog-picker'
import { sampleFactsFor } from './segments/condition-model'
import {
  EMPTY_SAMPLE,
  SamplePreviewPanel,
  type SampleValues,
  valuesOf,
} from './segments/sample-preview-panel'
import { SaveProblems } from './segments/save-problems'
import { SegmentCard, type SegmentDraft } from './segments/segment-card'
import { SegmentFlowEditor } from './segments/segment-flow-editor'
import { type ReachState, reachText, useSegmentReach } from './segments/use-segment-reach'
import {
  type LoadedSegments,
  newSegment,
  useSegmentDrafts,
  useSegmentsResource,
  useSegmentsSave,
} from './segments/use-segments-editor'
import '../editor/editor.css'

/**
 * Settings → Segments: audiences in matching order (the first that matches a subscriber wins; the
 * default flow catches the rest), each with its conditions, its own flow edited with the editor's
 * sections, and how many of last month's sessions it would have caught; beside them, the flow a sample
 * subscriber would get, live. The server decides at session start, from the same rules.
 */
export function SegmentsSettings({ accountId }: { accountId: string }) {
  const canEdit = useCapability('canEditConfig')
  const { state, reload } = useSegmentsResource(accountId)
  const drafts = useSegmentDrafts(state.status === 'ready' ? state.data.segments : null, canEdit)
  const preview = useSegmentPreview()
  const saver = useSegmentsSave(accountId, drafts, preview.openKey, preview.setOpenKey)
  const { list, inputs } = drafts
  const reach = useSegmentReach(accountId, inputs, state.status === 'ready')
  // Read by the conditions' pickers and the flows' plan switches alike.
  const stripePlans = useStripePlans(accountId, true)

  if (state.status === 'loading') return <Spinner label="Loading segments..." />
  if (state.status === 'error')
    return <LoadError what="Your segments" error={state.error} onRetry={() => void reload()} />
  const loaded = state.data
  const readOnly = !canEdit
  const previewLocale = preview.localeFor(list, loaded.config)
  const setDrafts = drafts.setDrafts
  const flows: SegmentFlows = {
    accountId,
    loaded,
    stripePlans,
    readOnly,
    reach,
    previewLocale,
    preview,
    setDrafts,
  }

  return (
    <SegmentCatalogContext.Provider value={stripePlans}>
      <div className="rk-settings__stack rk-segments">
        <UnsavedChangesGuard when={drafts.dirty} />
        <SegmentsHelp readOnly={readOnly} />
        {saver.problems ? (
          <SaveProblems
            ref={saver.problemsRef}
            message={saver.problems.message}
            problems={saver.problems.list}
          />
        ) : null}
        <div className="rk-editor__layout rk-segments__layout">
          <div>
            <SegmentList list={list} flows={flows} />
            {readOnly ? null : (
              <SegmentsActions
                saving={saver.saving}
                onAdd={() => setDrafts([...list, newSegment(list, loaded.config)])}
                onSave={() => void saver.save()}
              />
            )}
          </div>
          <SegmentsSample inputs={inputs} flows={flows} />
        </div>
      </div>
    </SegmentCatalogContext.Provider>
  )
}

/**
 * The sample preview beside the list: whose flow is open (one at a time), the sample subscriber's values,
 * the screen and language shown. Opening a segment's flow previews it as one of its members would see it.
 */
function useSegmentPreview() {
  const [openKey, setOpenKey] = useState<string | null>(null)
  const [sample, setSample] = useState<SampleValues>(EMPTY_SAMPLE)
  const [screen, setScreen] = useState<FlowScreen | undefined>(undefined)
  const [locale, setLocale] = useState<string | null>(null)
  const previewAsMember = (draft: SegmentDraft) =>
    setSample(valuesOf(sampleFactsFor(draft.rule as SegmentRule)))
  // The language shown: the one picked, else the default of the open segment's flow (or the default flow).
  const localeFor = (list: readonly SegmentDraft[], defaultConfig: CancelFlowConfig) => {
    const open = list.find((draft) => draft.key === openKey)
    const editedConfig = open ? (open.config_json as CancelFlowConfig) : defaultConfig
    return locale ?? languagesOf(editedConfig).default
  }
  const toggleFlow = (draft: SegmentDraft) => {
    const opening = openKey !== draft.key
    setOpenKey(opening ? draft.key : null)
    setLocale(null)
    if (opening) previewAsMember(draft)
  }
  return {
    ...{ openKey, setOpenKey, sample, setSample, screen, setScreen, locale, setLocale },
    ...{ localeFor, previewAsMember, toggleFlow },
  }
}

/** What each segment's card and flow editor need from the page: the account's data, and the page's setters. */
interface SegmentFlows {
  accountId: string
  loaded: LoadedSegments
  stripePlans: StripePlansState
  readOnly: boolean
  reach: ReachState
  previewLocale: string
  preview: ReturnType<typeof useSegmentPreview>
  setDrafts: (next: SegmentDraft[]) => void
}

function SegmentsHelp({ readOnly }: { readOnly: boolean }) {
  return (
    <p className="rk-form__help">
      Segments give groups of subscribers their own flow. They are checked in order when a cancel session
      starts — the first that matches wins — from the subscriber's Stripe subscription and the attributes you
      sign into the subscriber token. Everyone else sees your default flow.
      {readOnly ? ' Your role can view segments but not change them.' : ''}
    </p>
  )
}

/** The flow a sample subscriber would get from the segments as edited, live. */
function SegmentsSample({ inputs, flows }: { inputs: SegmentInput[]; flows: SegmentFlows }) {
  const { loaded, preview } = flows
  return (
    <SamplePreviewPanel
      segments={inputs}
      defaultConfig={loaded.config}
      accountReasons={loaded.reasons}
      values={preview.sample}
      onValuesChange={preview.setSample}
      screen={preview.screen}
      onScreenChange={preview.setScreen}
      locale={flows.previewLocale}
    />
  )
}

function SegmentsActions(props: { saving: boolean; onAdd: () => void; onSave: () => void }) {
  return (
    <div className="rk-form__actions">
      <button type="button" className="rk-button" onClick={props.onAdd}>
        Add segment
      </button>
      <button
        type="button"
        className="rk-button rk-button--primary"
        disabled={props.saving}
        onClick={props.onSave}
      >
        {props.saving ? 'Saving…' : 'Save segments'}
      </button>
    </div>
  )
}

/** The segments in matching order, each a card whose own flow opens beneath it; or why there are none. */
function SegmentList({ list, flows }: { list: readonly SegmentDraft[]; flows: SegmentFlows }) {
  if (list.length === 0)
    return <p className="rk-muted">No segments yet: every subscriber sees the default flow.</p>
  const replace = (key: string, next: SegmentDraft) =>
    flows.setDrafts(list.map((old) => (old.key === key ? next : old)))
  return (
    <ol className="rk-segments__list">
      {list.map((draft, index) => (
        <SegmentCard
          key={draft.key}
          draft={draft}
          index={index}
          count={list.length}
          readOnly={flows.readOnly}
          reach={reachText(flows.reach, index)}
          flowOpen={flows.preview.openKey === draft.key}
          onChange={(next) => replace(draft.key, next)}
          onMove={(by) => {
            const next = [...list]
            const [moved] = next.splice(index, 1)
            if (moved) next.splice(index + by, 0, moved)
            flows.setDrafts(next)
          }}
          onRemove={() => flows.setDrafts(list.filter((old) => old.key !== draft.key))}
          onToggleFlow={() => flows.preview.toggleFlow(draft)}
          onPreviewAsMember={() => flows.preview.previewAsMember(draft)}
          flowEditor={
            <SegmentFlow
              key={draft.key}
              draft={draft}
              flows={flows}
              onChange={(next) => replace(draft.key, next)}
            />
          }
        />
      ))}
    </ol>
  )
}

/** One segment's own flow, edited with the editor's sections beside the live preview. */
function SegmentFlow(props: {
  draft: SegmentDraft
  flows: SegmentFlows
  onChange: (next: SegmentDraft) => void
}) {
  const { draft, flows, onChange } = props
  return (
    <SegmentFlowEditor
      accountId={flows.accountId}
      title={draft.name || 'Unnamed segment'}
      config={draft.config_json as CancelFlowConfig}
      reasons={(draft.reasons as CancellationReason[] | null | undefined) ?? null}
      accountReasons={flows.loaded.reasons}
      disabled={flows.readOnly}
      stripePlans={flows.stripePlans}
      onConfigChange={(config_json) => onChange({ ...draft, config_json })}
      onReasonsChange={(reasons) => {
        const { reasons: _old, ...rest } = draft
        onChange(reasons ? { ...rest, reasons } : rest)
      }}
      onShowScreen={flows.preview.setScreen}
      locale={flows.previewLocale}
      onLocaleChange={flows.preview.setLocale}
    />
  )
}
