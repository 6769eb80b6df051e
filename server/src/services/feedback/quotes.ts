import type { ApiData } from '@retainkit/shared/api'
import {
  QUOTES_PER_PAGE,
  type SentimentLabel,
  type SessionOutcome,
} from '@retainkit/shared/feedback-insights'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/tables'
import type { AnalyticsRange } from '../analytics/range'
import { cohortColumns } from '../analytics/write-in-sentiment'

/**
 * The write-ins behind one figure of the sentiment or themes data sets (the dashboard's "click a bar"),
 * newest first, a page at a time, read from the scored write-ins by the account's time index: a
 * drill-down, never a page view's data set. A theme's quotes include those of the themes merged into it.
 */
export interface QuoteFilters {
  sentiment?: SentimentLabel | undefined
  reason_key?: string | undefined
  outcome?: SessionOutcome | undefined
  theme?: string | undefined
  month?: string | undefined
  before?: string | undefined
}

type QuotesPage = ApiData<'GET /api/analytics/quotes'>

interface QuoteRow {
  event_id: string
  session_id: string | null
  text: string | null
  sentiment: SentimentLabel
  language: string | null
  reason_key: string
  outcome: SessionOutcome
  themes: string[]
  created_at: Date | string
}

const iso = (at: Date | string) => new Date(at).toISOString()

async function themeKeys(db: Kysely<Database>, accountId: string, theme: string): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`
    select key from feedback_themes where account_id = ${accountId} and merged_into = ${theme}`.execute(db)
  return [theme, ...rows.map((row) => row.key)]
}

function monthBounds(month: string): [string, string] {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return [
    new Date(Date.UTC(year, number - 1, 1)).toISOString(),
    new Date(Date.UTC(year, number, 1)).toISOString(),
  ]
}

export async function listQuotes(
  db: Kysely<Database>,
  accountId: string,
  range: AnalyticsRange,
  filters: QuoteFilters,
): Promise<QuotesPage> {
  const conditions: RawBuilder<unknown>[] = []
  if (filters.sentiment) conditions.push(sql` and f.sentiment = ${filters.sentiment}`)
  if (filters.reason_key !== undefined) conditions.push(sql` and f.reason_key = ${filters.reason_key}`)
  if (filters.outcome) conditions.push(sql` and f.outcome = ${filters.outcome}`)
  if (filters.theme)
    conditions.push(sql` and f.themes && ${await themeKeys(db, accountId, filters.theme)}::text[]`)
  if (filters.month) {
    const [from, to] = monthBounds(filters.month)
    conditions.push(sql` and f.created_at >= ${from}::timestamptz and f.created_at < ${to}::timestamptz`)
  }
  if (filters.before) {
    const [at, id] = filters.before.split('~') as [string, string]
    conditions.push(sql` and (f.created_at, f.event_id) < (${at}::timestamptz, ${id}::bigint)`)
  }
  const { rows } = await sql<QuoteRow>`
    select f.event_id, f.session_id, e.text, f.sentiment, f.language, f.reason_key, f.outcome, f.themes,
      f.created_at
    from feedback_insights as f join session_events as e on e.id = f.event_id
    where f.account_id = ${accountId} and f.live = ${range.mode !== 'test'}
      and f.created_at >= ${range.start.toISOString()}::timestamptz
      and f.created_at < ${range.until.toISOString()}::timestamptz${cohortColumns(range.cohort, 'f.')}${sql.join(conditions, sql``)}
    order by f.created_at desc, f.event_id desc
    limit ${QUOTES_PER_PAGE + 1}`.execute(db)
  const page = rows.slice(0, QUOTES_PER_PAGE)
  const last = page.at(-1)
  return {
    quotes: page.map((row) => ({
      event_id: String(row.event_id),
      session_id: row.session_id,
      text: row.text ?? '',
      sentiment: row.sentiment,
      language: row.language,
      reason_key: row.reason_key === '' ? null : row.reason_key,
      outcome: row.outcome,
      themes: row.themes,
      created_at: iso(row.created_at),
    })),
    next: rows.length > QUOTES_PER_PAGE && last ? `${iso(last.created_at)}~${last.event_id}` : null,
  }
}
