import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'

/** Months shown: a year of summaries is what the console lists. */
const MONTHS_SHOWN = 12

export interface SummaryView {
  month: string
  summary: string
  model: string
  writeins: number
  quotes: { event_id: string; session_id: string | null; text: string }[]
  created_at: string
}

/**
 * The account's ready monthly summaries, newest month first, each with the write-ins it was given
 * (quote_ids), so the merchant can check the summary against the words it came from. A write-in erased
 * since (a subscriber's data deleted) drops out of the list rather than failing it.
 */
export async function listWriteInSummaries(db: Kysely<Database>, accountId: string): Promise<SummaryView[]> {
  const { rows } = await sql<{
    month: string
    summary: string
    model: string
    writeins: number
    created_at: Date
    quote_ids: string[]
  }>`
    select to_char(month, 'YYYY-MM') as month, summary, model, writeins, created_at, quote_ids
    from feedback_summaries
    where account_id = ${accountId} and status = 'ready' and summary is not null
    order by month desc limit ${MONTHS_SHOWN}`.execute(db)
  const ids = rows.flatMap((row) => row.quote_ids.map(String))
  const texts = new Map<string, { session_id: string | null; text: string }>()
  if (ids.length > 0) {
    const { rows: events } = await sql<{ id: string; session_id: string | null; text: string | null }>`
      select id, session_id, text from session_events
      where account_id = ${accountId} and id = any(${ids}::bigint[])`.execute(db)
    for (const event of events) {
      if (event.text) texts.set(String(event.id), { session_id: event.session_id, text: event.text })
    }
  }
  return rows.map((row) => ({
    month: row.month,
    summary: row.summary,
    model: row.model,
    writeins: Number(row.writeins),
    quotes: row.quote_ids.flatMap((id) => {
      const found = texts.get(String(id))
      return found ? [{ event_id: String(id), ...found }] : []
    }),
    created_at: new Date(row.created_at).toISOString(),
  }))
}
