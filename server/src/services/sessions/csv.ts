import { toCsv } from '@retainkit/shared/csv'
import { toMajor } from '@retainkit/shared/money'
import { SESSION_CSV_MAX_ROWS } from '@retainkit/shared/sessions'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import type { SessionFilters } from './filters'
import { readSessionRows, type SessionSummary, summaryOf } from './list'

const HEADER = [
  'session_id',
  'started_at',
  'completed_at',
  'kind',
  'mode',
  'outcome',
  'customer_id',
  'email',
  'name',
  'product',
  'price_id',
  'mrr',
  'currency',
  'reason_key',
  'offer_shown',
  'offer_accepted',
  'segment_id',
  'arm_id',
  'jurisdiction_mode',
] as const

const line = (s: SessionSummary) => [
  s.id,
  s.started_at,
  s.completed_at,
  s.kind,
  s.mode,
  s.outcome,
  s.customer.id,
  s.customer.email,
  s.customer.name,
  s.plan?.product ?? null,
  s.plan?.price_id ?? null,
  // In the currency's own units (29.00 USD, 500 JPY), as the dashboard's CSVs write amounts.
  s.mrr ? toMajor(s.mrr) : null,
  s.mrr?.currency ?? null,
  s.reason_key,
  s.offer_shown,
  s.offer_accepted,
  s.segment_id,
  s.arm_id,
  s.jurisdiction_mode,
]

/**
 * `GET /api/sessions/{accountId}/export`: the filtered view as CSV, newest first, as many rows as the
 * page would list (up to SESSION_CSV_MAX_ROWS; `truncated` says when there were more). The same masking
 * as the page.
 */
export async function sessionsCsvOf(
  db: Kysely<Database>,
  accountId: string,
  filters: SessionFilters,
): Promise<{ csv: string; truncated: boolean }> {
  const rows = await readSessionRows(db, accountId, filters, {
    cursor: null,
    limit: SESSION_CSV_MAX_ROWS + 1,
  })
  const truncated = rows.length > SESSION_CSV_MAX_ROWS
  const summaries = rows.slice(0, SESSION_CSV_MAX_ROWS).map((row) => summaryOf(row, filters.masked))
  return { csv: toCsv(HEADER, summaries.map(line)), truncated }
}
