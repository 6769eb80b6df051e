import type { ApiData } from '@retainkit/shared/api'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import type { SegmentInput, SegmentRule } from '@retainkit/shared/schemas'
import { FakeBackend } from '../../../test-support/fake-backend'
import { withFlowEditorData } from '../settings-test-support'

/** The segments page's calls, as the fake backend keys them. */
export const SEGMENTS = 'GET /api/account?action=segments'
export const SAVE = 'PUT /api/account?action=segments'
export const PREVIEW = 'POST /api/account?action=segment-preview'

export type StoredSegment = ApiData<typeof SEGMENTS>['segments'][number]

/** A stored segment as the server lists it: "billing interval is year" unless `rule` says otherwise. */
export const storedSegment = (overrides: Partial<StoredSegment> = {}): StoredSegment => ({
  id: 'seg_annual0001',
  name: 'Annual',
  enabled: true,
  position: 0,
  rule: { match: 'all', conditions: [{ attribute: 'billing_interval', operator: 'equals', value: 'year' }] },
  config_json: createDefaultConfig(),
  reasons: null,
  updated_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
})

export const annual = storedSegment()

/**
 * A stand-in for the server's reach: a count that depends on the rules sent (ten per condition, one per
 * group), so a test sees the console ask again with the changed conditions and show the new answer.
 */
const reachOf = (segments: SegmentInput[]) =>
  segments.map((segment) => {
    const rule = segment.rule as SegmentRule
    return rule.conditions.length * 10 + (rule.groups?.length ?? 0)
  })

/** The fake backend answering the segments page: the stored list, reach, and saves echoed back with ids. */
export function backendWith(stored: readonly StoredSegment[] = [annual]) {
  return withFlowEditorData(new FakeBackend())
    .on(SEGMENTS, { body: { data: { segments: [...stored] } } })
    .on(PREVIEW, (request) => {
      const { segments } = request.body as { segments: SegmentInput[] }
      return {
        body: {
          data: {
            sample: null,
            reach: {
              since: '2026-10-25T00:00:00.000Z',
              sessions: 120,
              without_facts: 0,
              segments: reachOf(segments),
              default_flow: 120 - reachOf(segments).reduce((sum, count) => sum + count, 0),
            },
          },
        },
      }
    })
    .on(SAVE, (request) => {
      const { segments } = request.body as { segments: SegmentInput[] }
      return {
        body: {
          data: {
            segments: segments.map((segment, position) => ({
              ...segment,
              id: segment.id ?? `seg_new000000${position}`,
              position,
              reasons: segment.reasons ?? null,
              updated_at: '2026-11-25T10:00:00.000Z',
            })),
          },
        },
      }
    })
}

/** The list the last save sent. */
export const savedBody = (backend: FakeBackend) =>
  (backend.requestsTo(SAVE).at(-1)?.body as { segments: SegmentInput[] } | undefined)?.segments ?? []
