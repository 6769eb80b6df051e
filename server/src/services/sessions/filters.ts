import type { SessionsQuery } from '@retainkit/shared/schemas'
import { type RawBuilder, sql } from 'kysely'
import type { AnalyticsRange } from '../analytics/range'
import type { SessionCursor } from './cursor'

/**
 * The Sessions page's filters as SQL over `cancel_sessions cs`, each a condition starting with `and`.
 * Every filter is on the session's own columns, except the offer (an `offer_shown` event of the
 * session, through its index) and the search: a customer id, or an e-mail (prefix, any case) through
 * subscriber_customers — which a viewer may not search by (they see addresses masked).
 */
export interface SessionFilters {
  range: AnalyticsRange
  query: Pick<
    SessionsQuery,
    'q' | 'outcome' | 'reason' | 'offer' | 'kind' | 'segment_id' | 'arm_id' | 'jurisdiction'
  >
  /** A viewer: the search matches customer ids only. */
  masked: boolean
}

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function searchCondition(accountId: string, q: string, masked: boolean): RawBuilder<unknown> {
  if (q.includes('@') && !masked) {
    return sql` and cs.customer_id in (
      select sc.customer_id from subscriber_customers sc
      where sc.account_id = ${accountId} and lower(sc.email) like ${likePrefix(q.toLowerCase())}
      limit 500)`
  }
  return sql` and (cs.customer_id = ${q} or cs.customer_id like ${likePrefix(q)})`
}

export function sessionConditions(accountId: string, filters: SessionFilters): RawBuilder<unknown> {
  const { range, query } = filters
  const parts: RawBuilder<unknown>[] = [
    sql` and cs.created_at >= ${range.start.toISOString()}::timestamptz`,
    sql` and cs.created_at < ${range.until.toISOString()}::timestamptz`,
  ]
  if (query.outcome) parts.push(sql` and cs.status = ${query.outcome}`)
  if (query.reason) parts.push(sql` and cs.reason_key = ${query.reason}`)
  if (query.kind) parts.push(sql` and cs.kind = ${query.kind}`)
  if (query.segment_id === 'default') parts.push(sql` and cs.segment_id is null`)
  else if (query.segment_id) parts.push(sql` and cs.segment_id = ${query.segment_id}`)
  if (query.arm_id) parts.push(sql` and cs.arm_id = ${query.arm_id}`)
  if (query.jurisdiction) parts.push(sql` and cs.jurisdiction->>'mode' = ${query.jurisdiction}`)
  if (query.offer)
    parts.push(sql` and exists (select 1 from session_events e
      where e.session_id = cs.id and e.account_id = ${accountId} and e.step = 'offer_shown'
        and e.offer = ${query.offer})`)
  if (query.q) parts.push(searchCondition(accountId, query.q, filters.masked))
  return sql.join(parts, sql``)
}

/** After the cursor's row, newest first. */
export function afterCursor(cursor: SessionCursor | null): RawBuilder<unknown> {
  if (!cursor) return sql``
  return sql` and (cs.created_at, cs.id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`
}
