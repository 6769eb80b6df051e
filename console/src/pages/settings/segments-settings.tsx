import type { ApiData } from '@retainkit/shared/api'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { languagesOf } from '@retainkit/shared/i18n'
import { type SegmentRule, segmentsPayloadSchema } from '@retainkit/shared/schemas'
import { useRef, useState } from 'react'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard'
import { getConfig, getReasons, getSegments, type SegmentInput, saveSegments } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { toast } from '../../lib/toast-store'
import { useApiResource } from '../../lib/use-api-resource'
import { useCapability } from '../../session/session-store'
import { jsonEqual } from '../editor/config-path'
import { useStripePlans } from '../editor/use-stripe-plans'
import { SegmentCatalogContext } from './segments/catalog-picker'
import { sampleFactsFor } from './segments/condition-model'
import {
  EMPTY_SAMPLE,
  SamplePreviewPanel,
  type SampleValues,
  valuesOf,
} from './segments/sample-preview-panel'
import { problemsFromIssues, type SaveProblem, SaveProblems } from './segments/save-problems'
import { SegmentCard, type SegmentDraft } from './segments/segment-card'
import { SegmentFlowEditor } from './segments/segment-flow-editor'
import { reachText, useSegmentReach } from './segments/use-segment-reach'
import '../editor/editor.css'

type Loaded = {
  segments: ApiData<'GET /api/account?action=segments'>['segments']
  config: CancelFlowConfig
  reasons: CancellationReason[]
}

let drafted = 0
const draftKey = () => {
  drafted += 1
  return `draft-${drafted}`
}

const toDrafts = (segments: Loaded['segments']): SegmentDraft[] =>
  segments.map(({ id, name, enabled, rule, config_json, reasons }) => ({
    key: id,
    id,
    name,
    enabled,
    rule,
    config_json,
    ...(reasons ? { reasons } : {}),
  }))
const toInput = ({ key: _key, ...segment }: SegmentDraft): SegmentInput => segment

/**
 * Settings → Segments: audiences in matching order (the first that matches a subscriber wins; the
 * default flow catches the rest), each with its conditions, its own flow edited with the editor's
 * sections, and how many of last month's sessions it would have caught; beside them, the flow a sample
 * subscriber would get, live. The server decides at session start, from the same rules.
 */
export function SegmentsSettings({ accountId }: { accountId: string }) {
  const canEdit = useCapability('canEditConfig')
  const { state, reload } = useApiResource<Loaded>(async () => {
    const [segments, config, reasons] = await Promise.all([
      getSegments(accountId),
      getConfig(accountId),
      getReasons(accountId),
    ])
    if (segments.error) return segments
    if (config.error) return config
    if (reasons.error) return reasons
    return {
      data: {
        segments: segments.data.segments,
        config: config.data.config_json,
        reasons: reasons.data.reasons,
      },
    }
  }, accountId)
  const [drafts, setDrafts] = useState<SegmentDraft[] | null>(null)
  // What the server holds now (null: as loaded), so leaving asks only when the list differs from it.
  const [saved, setSaved] = useState<SegmentDraft[] | null>(null)
  const [saving, setSaving] = useState(false)
  const [problems, setProblems] = useState<{ message: string; list: SaveProblem[] } | null>(null)
  const [openKey, setOpenKey] = useState<string | null>(null)
  const [sample, setSample] = useState<SampleValues>(EMPTY_SAMPLE)
  const [screen, setScreen] = useState<FlowScreen | undefined>(undefined)
  const [locale, setLocale] = useState<string | null>(null)
  const problemsRef = useRef<HTMLDivElement>(null)
  const list = drafts ?? (state.status === 'ready' ? toDrafts(state.data.segments) : [])
  const inputs = list.map(toInput)
  const baseline = saved ?? (state.status === 'ready' ? toDrafts(state.data.segments) : [])
  const dirty = canEdit && !jsonEqual(inputs, baseline.map(toInput))
  const reach = useSegmentReach(accountId, inputs, state.status === 'ready')
  // Read by the conditions' pickers and the flows' plan switches alike.
  const stripePlans = useStripePlans(accountId, true)

  if (state.status === 'loading') return <Spinner label="Loading segments..." />
  if (state.status === 'error')
    return <LoadError what="Your segments" error={state.error} onRetry={() => void reload()} />
  const loaded = state.data
  const readOnly = !canEdit
  const update = (next: SegmentDraft[]) => setDrafts(next)
  const replace = (key: string, next: SegmentDraft) =>
    update(list.map((old) => (old.key === key ? next : old)))
  const showProblems = (next: { message: string; list: SaveProblem[] }) => {
    setProblems(next)
    requestAnimationFrame(() => problemsRef.current?.focus())
  }

  const save = async () => {
    setProblems(null)
    const checked = segmentsPayloadSchema.safeParse({ segments: inputs })
    if (!checked.success) {
      showProblems({
        message: 'Fix these before saving:',
        list: problemsFromIssues(
          checked.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
          inputs,
        ),
      })
      return
    }
    setSaving(true)
    const result = await saveSegments(accountId, inputs)
    setSaving(false)
    if (result.error) {
      showProblems({
        message: userMessageOf(result.error),
        list: problemsFromIssues(result.error.issues ?? [], inputs),
      })
      return
    }
    const stored = toDrafts(result.data.segments)
    // The open flow stays open under the id the server gave a new segment.
    const openIndex = list.findIndex((draft) => draft.key === openKey)
    setOpenKey(openIndex === -1 ? null : (stored[openIndex]?.key ?? null))
    setDrafts(stored)
    setSaved(stored)
    toast({
      title: 'Segments saved',
      description: 'New cancel sessions use them at once.',
      variant: 'success',
    })
  }

  const previewAsMember = (draft: SegmentDraft) =>
    setSample(valuesOf(sampleFactsFor(draft.rule as SegmentRule)))
  const open = list.find((draft) => draft.key === openKey)
  const editedConfig = open ? (open.config_json as CancelFlowConfig) : loaded.config
  const previewLocale = locale ?? languagesOf(editedConfig).default

  return (
    <SegmentCatalogContext.Provider value={stripePlans}>
      <div className="rk-settings__stack rk-segments">
        <UnsavedChangesGuard when={dirty} />
        <p className="rk-form__help">
          Segments give groups of subscribers their own flow. They are checked in order when a cancel session
          starts — the first that matches wins — from the subscriber's Stripe subscription and the attributes
          you sign into the subscriber token. Everyone else sees your default flow.
          {readOnly ? ' Your role can view segments but not change them.' : ''}
        </p>
        {problems ? (
          <SaveProblems ref={problemsRef} message={problems.message} problems={problems.list} />
        ) : null}
        <div className="rk-editor__layout rk-segments__layout">
          <div>
            {list.length === 0 ? (
              <p className="rk-muted">No segments yet: every subscriber sees the default flow.</p>
            ) : (
              <ol className="rk-segments__list">
                {list.map((draft, index) => (
                  <SegmentCard
                    key={draft.key}
                    draft={draft}
                    index={index}
                    count={list.length}
                    readOnly={readOnly}
                    reach={reachText(reach, index)}
                    flowOpen={openKey === draft.key}
                    onChange={(next) => replace(draft.key, next)}
                    onMove={(by) => {
                      const next = [...list]
                      const [moved] = next.splice(index, 1)
                      if (moved) next.splice(index + by, 0, moved)
                      update(next)
                    }}
                    onRemove={() => update(list.filter((old) => old.key !== draft.key))}
                    onToggleFlow={() => {
                      const opening = openKey !== draft.key
                      setOpenKey(opening ? draft.key : null)
                      setLocale(null)
                      if (opening) previewAsMember(draft)
                    }}
                    onPreviewAsMember={() => previewAsMember(draft)}
                    flowEditor={
                      <SegmentFlowEditor
                        key={draft.key}
                        accountId={accountId}
                        title={draft.name || 'Unnamed segment'}
                        config={draft.config_json as CancelFlowConfig}
                        reasons={(draft.reasons as CancellationReason[] | null | undefined) ?? null}
                        accountReasons={loaded.reasons}
                        disabled={readOnly}
                        stripePlans={stripePlans}
                        onConfigChange={(config_json) => replace(draft.key, { ...draft, config_json })}
                        onReasonsChange={(reasons) => {
                          const { reasons: _old, ...rest } = draft
                          replace(draft.key, reasons ? { ...rest, reasons } : rest)
                        }}
                        onShowScreen={setScreen}
                        locale={previewLocale}
                        onLocaleChange={setLocale}
                      />
                    }
                  />
                ))}
              </ol>
            )}
            {readOnly ? null : (
              <div className="rk-form__actions">
                <button
                  type="button"
                  className="rk-button"
                  onClick={() =>
                    update([
                      ...list,
                      {
                        key: draftKey(),
                        name: `Segment ${list.length + 1}`,
                        enabled: true,
                        rule: {
                          match: 'all',
                          conditions: [{ attribute: 'billing_interval', operator: 'equals', value: 'year' }],
                        },
                        config_json: structuredClone(loaded.config),
                      },
                    ])
                  }
                >
                  Add segment
                </button>
                <button
                  type="button"
                  className="rk-button rk-button--primary"
                  disabled={saving}
                  onClick={() => void save()}
                >
                  {saving ? 'Saving…' : 'Save segments'}
                </button>
              </div>
            )}
          </div>
          <SamplePreviewPanel
            segments={inputs}
            defaultConfig={loaded.config}
            accountReasons={loaded.reasons}
            values={sample}
            onValuesChange={setSample}
            screen={screen}
            onScreenChange={setScreen}
            locale={previewLocale}
          />
        </div>
      </div>
    </SegmentCatalogContext.Provider>
  )
}
