import { randomBytes } from 'node:crypto'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { SegmentInput, SegmentRule } from '@retainkit/shared/schemas'
import type { Kysely, Transaction } from 'kysely'
import { lockAccountRow } from '../../db/account-lock'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { configChanged } from '../config-changes'

type Db = Kysely<Database> | Transaction<Database>

export interface StoredSegment {
  id: string
  name: string
  enabled: boolean
  position: number
  rule: SegmentRule
  config_json: CancelFlowConfig
  reasons: CancellationReason[] | null
  updated_at: Date
}

export const newSegmentId = (): string => `seg_${randomBytes(12).toString('hex')}`

/** The account's segments in matching order. */
export async function loadSegments(db: Db, accountId: string): Promise<StoredSegment[]> {
  const rows = await db
    .selectFrom('segments')
    .select(['id', 'name', 'enabled', 'position', 'rule', 'config_json', 'reasons', 'updated_at'])
    .where('account_id', '=', accountId)
    .orderBy('position')
    .execute()
  return rows.map((row) => ({
    ...row,
    rule: row.rule as SegmentRule,
    config_json: row.config_json as CancelFlowConfig,
    reasons: (row.reasons ?? null) as CancellationReason[] | null,
  }))
}

export const SEGMENT_NOT_FOUND = 'This segment no longer exists: reload the segments and try again.'
export const SEGMENT_IN_EXPERIMENT =
  'This segment has a running experiment: stop the experiment before deleting the segment.'

/**
 * Replaces the ordered list in one transaction, under the account's row lock so two editors' saves
 * serialise: ids the list names are updated (and must be the account's), new ones created, the rest
 * deleted — unless an experiment is running on one (409), which would lose its audience silently.
 */
export async function saveSegments(
  deps: AppDeps,
  accountId: string,
  segments: SegmentInput[],
): Promise<StoredSegment[]> {
  const now = deps.clock.now()
  const saved = await deps.db.transaction().execute(async (trx) => {
    await lockAccountRow(trx, accountId)
    const existing = await loadSegments(trx, accountId)
    const known = new Set(existing.map((segment) => segment.id))
    for (const segment of segments) {
      if (segment.id && !known.has(segment.id))
        throw new HttpError('NOT_FOUND', SEGMENT_NOT_FOUND, 'segments')
    }
    const kept = new Set(segments.flatMap((segment) => (segment.id ? [segment.id] : [])))
    const removed = existing.filter((segment) => !kept.has(segment.id)).map((segment) => segment.id)
    if (removed.length > 0) {
      const running = await trx
        .selectFrom('experiments')
        .select('id')
        .where('account_id', '=', accountId)
        .where('status', '=', 'running')
        .where('segment_id', 'in', removed)
        .executeTakeFirst()
      if (running) throw new HttpError('CONSTRAINT_VIOLATION', SEGMENT_IN_EXPERIMENT, 'segments')
      await trx
        .deleteFrom('segments')
        .where('account_id', '=', accountId)
        .where('id', 'in', removed)
        .execute()
    }
    for (const [position, segment] of segments.entries()) {
      const values = {
        name: segment.name,
        enabled: segment.enabled,
        position,
        rule: JSON.stringify(segment.rule),
        config_json: JSON.stringify(segment.config_json),
        reasons: segment.reasons ? JSON.stringify(segment.reasons) : null,
        updated_at: now,
      }
      if (segment.id) {
        await trx
          .updateTable('segments')
          .set(values)
          .where('account_id', '=', accountId)
          .where('id', '=', segment.id)
          .execute()
      } else {
        await trx
          .insertInto('segments')
          .values({ ...values, id: newSegmentId(), account_id: accountId, created_at: now })
          .execute()
      }
    }
    return loadSegments(trx, accountId)
  })
  // The published config says whether sessions may be routed: drop every instance's cached copy.
  await configChanged(deps, accountId)
  return saved
}

/** Whether an enabled segment or a running experiment may route a subscriber away from the default flow. */
export async function hasRouting(db: Db, accountId: string): Promise<boolean> {
  const [segment, experiment] = await Promise.all([
    db
      .selectFrom('segments')
      .select('id')
      .where('account_id', '=', accountId)
      .where('enabled', '=', true)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('experiments')
      .select('id')
      .where('account_id', '=', accountId)
      .where('status', '=', 'running')
      .limit(1)
      .executeTakeFirst(),
  ])
  return segment !== undefined || experiment !== undefined
}
