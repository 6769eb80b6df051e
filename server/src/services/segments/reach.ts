import type { SegmentRule, SubscriberFacts } from '@retainkit/shared/schemas'
import { firstMatchingSegment } from '@retainkit/shared/segment-match'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'

const DAY_MS = 86_400_000
/** Sessions read at most: enough for a month of a busy account, bounded so the editor stays fast. */
export const REACH_SESSION_LIMIT = 20_000

/**
 * How many of the last 30 days' live cancel sessions each segment of an (unsaved) list would have
 * caught, first match wins, from the facts each session was matched on when it started.
 */
export async function segmentReach(
  db: Kysely<Database>,
  accountId: string,
  segments: ReadonlyArray<{ enabled: boolean; rule: SegmentRule }>,
  now: Date,
) {
  const since = new Date(now.getTime() - 30 * DAY_MS)
  const rows = await db
    .selectFrom('cancel_sessions')
    .select('subscriber_facts')
    .where('account_id', '=', accountId)
    .where('kind', '=', 'cancel')
    .where('mode', '=', 'live')
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(REACH_SESSION_LIMIT)
    .execute()
  const counts = segments.map(() => 0)
  let withoutFacts = 0
  let defaultFlow = 0
  for (const row of rows) {
    if (row.subscriber_facts === null || typeof row.subscriber_facts !== 'object') {
      withoutFacts++
      continue
    }
    const matched = firstMatchingSegment(segments, row.subscriber_facts as SubscriberFacts)
    if (matched) counts[segments.indexOf(matched)] = (counts[segments.indexOf(matched)] ?? 0) + 1
    else defaultFlow++
  }
  return {
    since: since.toISOString(),
    sessions: rows.length,
    without_facts: withoutFacts,
    segments: counts,
    default_flow: defaultFlow,
  }
}
