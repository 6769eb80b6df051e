import type { ApiData } from '@retainkit/shared/api'
import type { JurisdictionMode } from '@retainkit/shared/jurisdiction'
import { SESSION_PAGE_SIZE, type SessionKind, type SessionOutcome } from '@retainkit/shared/sessions'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { decodeCursor, encodeCursor } from './cursor'
import { type CustomerIdentity, maskEmail, maskName } from './customers'
import { afterCursor, type SessionFilters, sessionConditions } from './filters'

export type SessionSummary = ApiData<'GET /api/sessions/{accountId}'>['sessions'][number]

/** One session row as the list and the CSV read it. */
export interface SessionRow {
  id: string
  kind: SessionKind
  mode: 'live' | 'test'
  created_at: Date | string
  completed_at: Date | string | null
  status: SessionOutcome
  customer_id: string
  subscription_id: string | null
  mrr: number | string
  currency: string | null
  reason_key: string | null
  segment_id: string | null
  experiment_id: string | null
  arm_id: string | null
  product: string | null
  price_id: string | null
  interval: string | null
  email: string | null
  name: string | null
  offer_shown: string | null
  offer_accepted: string | null
  jurisdiction_mode: JurisdictionMode | null
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/**
 * The columns of a session row: the session's own, the plan from the facts it was routed on, who the
 * customer is (subscriber_customers), and the offer last shown and the one accepted (its events,
 * looked up for the rows returned only).
 */
export const SESSION_COLUMNS = sql`cs.id, cs.kind, cs.mode, cs.created_at, cs.completed_at, cs.status,
  cs.customer_id, cs.subscription_id, cs.mrr, cs.currency, cs.reason_key, cs.segment_id,
  cs.experiment_id, cs.arm_id, cs.jurisdiction->>'mode' as jurisdiction_mode,
  cs.subscriber_facts->>'product' as product, cs.subscriber_facts->>'plan' as price_id,
  cs.subscriber_facts->>'billing_interval' as interval,
  sc.email, sc.name,
  (select e.offer from session_events e where e.session_id = cs.id and e.step = 'offer_shown'
    order by e.created_at desc, e.id desc limit 1) as offer_shown,
  (select coalesce(e.offer, 'reactivation') from session_events e where e.session_id = cs.id
    and e.step in ('offer_accepted', 'banner_accepted') limit 1) as offer_accepted`

export const SESSION_SOURCE = sql`cancel_sessions cs
  left join subscriber_customers sc on sc.account_id = cs.account_id and sc.customer_id = cs.customer_id`

/** Who the customer is, in full or masked for a viewer. */
export function customerView(id: string, identity: CustomerIdentity, masked: boolean) {
  return {
    id,
    email: identity.email && masked ? maskEmail(identity.email) : identity.email,
    name: identity.name && masked ? maskName(identity.name) : identity.name,
    masked,
  }
}

export function summaryOf(row: SessionRow, masked: boolean): SessionSummary {
  const currency = row.currency?.toLowerCase() ?? null
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    started_at: iso(row.created_at) ?? '',
    completed_at: iso(row.completed_at),
    outcome: row.status,
    customer: customerView(row.customer_id, { email: row.email, name: row.name }, masked),
    plan:
      row.product || row.price_id
        ? { product: row.product, price_id: row.price_id, interval: row.interval }
        : null,
    mrr: currency ? { amount: Number(row.mrr), currency } : null,
    reason_key: row.reason_key,
    offer_shown: row.offer_shown,
    offer_accepted: row.offer_accepted,
    segment_id: row.segment_id,
    experiment_id: row.experiment_id,
    arm_id: row.arm_id,
    jurisdiction_mode: row.jurisdiction_mode,
  }
}

/** Rows of the filtered view, newest first, after `cursor`: at most `limit`. */
export async function readSessionRows(
  db: Kysely<Database>,
  accountId: string,
  filters: SessionFilters,
  page: { cursor: string | null; limit: number },
): Promise<SessionRow[]> {
  const mode = filters.range.mode === 'test' ? 'test' : 'live'
  const cursor = page.cursor ? decodeCursor(page.cursor) : null
  const { rows } = await sql<SessionRow>`
    select ${SESSION_COLUMNS}
    from ${SESSION_SOURCE}
    where cs.account_id = ${accountId} and cs.mode = ${mode}${sessionConditions(accountId, filters)}${afterCursor(cursor)}
    order by cs.created_at desc, cs.id desc
    limit ${page.limit}`.execute(db)
  return rows
}

/**
 * `GET /api/sessions/{accountId}`: a page of the filtered view and the cursor of the next one. Reads
 * one row more than the page to know whether there is a next.
 */
export async function listSessions(
  db: Kysely<Database>,
  accountId: string,
  filters: SessionFilters,
  page: { cursor?: string | undefined; limit?: number | undefined },
): Promise<ApiData<'GET /api/sessions/{accountId}'>> {
  const limit = page.limit ?? SESSION_PAGE_SIZE
  const rows = await readSessionRows(db, accountId, filters, {
    cursor: page.cursor ?? null,
    limit: limit + 1,
  })
  const shown = rows.slice(0, limit)
  const last = shown.at(-1)
  return {
    sessions: shown.map((row) => summaryOf(row, filters.masked)),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ at: new Date(last.created_at), id: last.id }) : null,
  }
}
