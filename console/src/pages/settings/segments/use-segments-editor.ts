import type { ApiData } from '@retainkit/shared/api'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { segmentsPayloadSchema } from '@retainkit/shared/schemas'
import { useRef, useState } from 'react'
import { getConfig, getReasons, getSegments, type SegmentInput, saveSegments } from '../../../lib/api'
import { userMessageOf } from '../../../lib/error-handler'
import { toast } from '../../../lib/toast-store'
import { useApiResource } from '../../../lib/use-api-resource'
import { jsonEqual } from '../../editor/config-path'
import { problemsFromIssues, type SaveProblem } from './save-problems'
import type { SegmentDraft } from './segment-card'

export type LoadedSegments = {
  segments: ApiData<'GET /api/account?action=segments'>['segments']
  config: CancelFlowConfig
  reasons: CancellationReason[]
}

let drafted = 0
const draftKey = () => {
  drafted += 1
  return `draft-${drafted}`
}

const toDrafts = (segments: LoadedSegments['segments']): SegmentDraft[] =>
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

/** A new segment at the end of the list: annual subscribers, with a copy of the default flow. */
export const newSegment = (list: readonly SegmentDraft[], config: CancelFlowConfig): SegmentDraft => ({
  key: draftKey(),
  name: `Segment ${list.length + 1}`,
  enabled: true,
  rule: {
    match: 'all',
    conditions: [{ attribute: 'billing_interval', operator: 'equals', value: 'year' }],
  },
  config_json: structuredClone(config),
})

/** The account's segments, its default flow (a new segment starts from it) and its reasons, loaded together. */
export function useSegmentsResource(accountId: string) {
  return useApiResource<LoadedSegments>(async () => {
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
}

/**
 * The segments being edited (as loaded until the first change) as drafts and as the inputs a save sends,
 * and whether they differ from what the server holds now, so leaving asks only then.
 */
export function useSegmentDrafts(loaded: LoadedSegments['segments'] | null, canEdit: boolean) {
  const [drafts, setDrafts] = useState<SegmentDraft[] | null>(null)
  // What the server holds now (null: as loaded), so leaving asks only when the list differs from it.
  const [saved, setSaved] = useState<SegmentDraft[] | null>(null)
  const list = drafts ?? (loaded ? toDrafts(loaded) : [])
  const inputs = list.map(toInput)
  const baseline = saved ?? (loaded ? toDrafts(loaded) : [])
  const dirty = canEdit && !jsonEqual(inputs, baseline.map(toInput))
  const stored = (next: SegmentDraft[]) => {
    setDrafts(next)
    setSaved(next)
  }
  return { list, inputs, dirty, setDrafts, stored }
}

type SegmentDrafts = ReturnType<typeof useSegmentDrafts>
type Problems = { message: string; list: SaveProblem[] }

/**
 * Saving the list: checked with the shared schema first, then sent; a refusal of either shows the
 * problems, placed in words and focused. The open flow stays open under the id the server gave a new
 * segment.
 */
export function useSegmentsSave(
  accountId: string,
  drafts: SegmentDrafts,
  openKey: string | null,
  setOpenKey: (key: string | null) => void,
) {
  const [saving, setSaving] = useState(false)
  const [problems, setProblems] = useState<Problems | null>(null)
  const problemsRef = useRef<HTMLDivElement>(null)
  const showProblems = (next: Problems) => {
    setProblems(next)
    requestAnimationFrame(() => problemsRef.current?.focus())
  }

  const save = async () => {
    const { list, inputs } = drafts
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
    const openIndex = list.findIndex((draft) => draft.key === openKey)
    setOpenKey(openIndex === -1 ? null : (stored[openIndex]?.key ?? null))
    drafts.stored(stored)
    toast({
      title: 'Segments saved',
      description: 'New cancel sessions use them at once.',
      variant: 'success',
    })
  }
  return { saving, problems, problemsRef, save }
}
