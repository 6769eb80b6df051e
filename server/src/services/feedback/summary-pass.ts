import { type Kysely, sql } from 'kysely'
import type { WriteInSummaryConfig } from '../../config/summaries-env'
import type { Database } from '../../db/tables'
import { loadEffectiveTier } from '../billing/tier'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import { startPeriodicWorker } from '../periodic-worker'
import { requestSummary, type SummaryInputs, SummaryRequestError } from './summary-request'

/**
 * The optional monthly write-in summaries: once a UTC month is over, each Pro account with live
 * write-ins in it gets a plain-language summary from the operator's OpenAI-compatible endpoint. Off
 * (no pass at all) unless the endpoint is configured. The pass runs apart from everything else: a slow
 * or failing endpoint costs a row marked failed and a later attempt, never a request or another pass.
 */
export interface SummaryDeps {
  db: Kysely<Database>
  clock: Clock
  logger: Logger
  config: WriteInSummaryConfig | null
  fetch?: typeof fetch
}

/** Attempts before a month's summary is given up; the wait after the n-th failure is n × RETRY_AFTER_MS. */
export const SUMMARY_ATTEMPTS = 4
export const RETRY_AFTER_MS = 3_600_000
/** Summaries asked per pass (each may take up to the timeout). */
const PER_PASS = 3
/** Write-ins given to the model: up to three per theme, the longest (they say the most). */
const QUOTES = 40

export function previousMonth(now: Date): { month: string; start: Date; end: Date } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1))
  return { month: start.toISOString().slice(0, 7), start, end }
}

async function monthInputs(db: Kysely<Database>, accountId: string, start: Date, end: Date) {
  const from = start.toISOString().slice(0, 10)
  const to = end.toISOString().slice(0, 10)
  const { rows: split } = await sql<{ sentiment: string; n: string }>`
    select sentiment, sum(writeins) as n from analytics_daily_sentiment
    where account_id = ${accountId} and live and day >= ${from}::date and day < ${to}::date
    group by sentiment order by sentiment`.execute(db)
  const { rows: themes } = await sql<{ name: string; mentions: string }>`
    select coalesce(t.custom_name, t.name, d.theme) as name, sum(d.mentions) as mentions
    from analytics_daily_themes as d
    left join feedback_themes as t on t.account_id = d.account_id and t.key = d.theme
    where d.account_id = ${accountId} and d.live and d.day >= ${from}::date and d.day < ${to}::date
    group by 1 order by 2 desc, 1 limit 8`.execute(db)
  const { rows: quotes } = await sql<{ event_id: string; text: string; sentiment: string }>`
    select event_id, text, sentiment from (
      select f.event_id, e.text, f.sentiment,
        row_number() over (partition by f.themes[1] order by length(e.text) desc, f.event_id) as rank
      from feedback_insights as f join session_events as e on e.id = f.event_id
      where f.account_id = ${accountId} and f.live and f.created_at >= ${start.toISOString()}::timestamptz
        and f.created_at < ${end.toISOString()}::timestamptz and length(trim(coalesce(e.text, ''))) >= 12
    ) as ranked where rank <= 3 order by rank, event_id limit ${QUOTES}`.execute(db)
  const sentiments = Object.fromEntries(split.map((row) => [row.sentiment, Number(row.n)]))
  return {
    writeins: Object.values(sentiments).reduce((a, b) => a + b, 0),
    sentiments,
    themes: themes.map((row) => ({ name: row.name, mentions: Number(row.mentions) })),
    quotes: quotes.map((row) => ({ ...row, event_id: String(row.event_id) })),
  }
}

/** The month's row claimed for this instance (a lease as long as the timeout and a minute); false when
 * it is done, given up, waiting for its next attempt or held by another instance. */
async function claim(deps: SummaryDeps & { config: WriteInSummaryConfig }, accountId: string, month: string) {
  const lease = new Date(deps.clock.now().getTime() + deps.config.timeoutMs + 60_000)
  const { rows } = await sql<{ attempts: number }>`
    insert into feedback_summaries as s (account_id, month, status, model, attempts, next_attempt)
    values (${accountId}, ${`${month}-01`}::date, 'running', ${deps.config.model}, 1, ${lease})
    on conflict (account_id, month) do update
      set status = 'running', attempts = s.attempts + 1, next_attempt = excluded.next_attempt, updated_at = now()
      where s.status <> 'ready' and s.next_attempt <= ${deps.clock.now()}
    returning attempts`.execute(deps.db)
  return rows[0]?.attempts ?? null
}

/** Accounts with live write-ins last month and no summary settled for it, oldest account first. */
async function candidates(db: Kysely<Database>, month: { start: Date; end: Date }, now: Date) {
  const { rows } = await sql<{ account_id: string }>`
    select distinct d.account_id from analytics_daily_sentiment as d
    where d.live and d.writeins > 0 and d.day >= ${month.start.toISOString().slice(0, 10)}::date
      and d.day < ${month.end.toISOString().slice(0, 10)}::date
      and not exists (select 1 from feedback_summaries as s where s.account_id = d.account_id
        and s.month = ${month.start.toISOString().slice(0, 10)}::date
        and (s.status = 'ready' or s.next_attempt is null or s.next_attempt > ${now}))
    order by d.account_id`.execute(db)
  return rows.map((row) => row.account_id)
}

async function summarise(
  deps: SummaryDeps & { config: WriteInSummaryConfig },
  accountId: string,
  month: ReturnType<typeof previousMonth>,
) {
  const attempts = await claim(deps, accountId, month.month)
  if (attempts === null) return 'skipped' as const
  const inputs: SummaryInputs = {
    month: month.month,
    ...(await monthInputs(deps.db, accountId, month.start, month.end)),
  }
  const key = sql`account_id = ${accountId} and month = ${`${month.month}-01`}::date`
  try {
    const summary = await requestSummary(deps.config, inputs, deps.fetch)
    await sql`update feedback_summaries set status = 'ready', summary = ${summary},
      quote_ids = ${inputs.quotes.map((quote) => quote.event_id)}::bigint[], writeins = ${inputs.writeins},
      next_attempt = null, error = null, updated_at = now() where ${key}`.execute(deps.db)
    return 'ready' as const
  } catch (error) {
    if (!(error instanceof SummaryRequestError)) throw error
    const retry =
      attempts < SUMMARY_ATTEMPTS ? new Date(deps.clock.now().getTime() + attempts * RETRY_AFTER_MS) : null
    await sql`update feedback_summaries set status = 'failed', error = ${error.message}, next_attempt = ${retry},
      writeins = ${inputs.writeins}, updated_at = now() where ${key}`.execute(deps.db)
    deps.logger.warn('write-in summary failed', {
      accountId,
      month: month.month,
      attempts,
      error: error.message,
    })
    return 'failed' as const
  }
}

/** One pass: last month's summaries for up to PER_PASS Pro accounts that have none settled. */
export async function runSummaryPass(deps: SummaryDeps): Promise<{ ready: number; failed: number }> {
  const result = { ready: 0, failed: 0 }
  const config = deps.config
  if (!config) return result
  const now = deps.clock.now()
  const month = previousMonth(now)
  let asked = 0
  for (const accountId of await candidates(deps.db, month, now)) {
    if (asked >= PER_PASS) break
    if ((await loadEffectiveTier(deps.db, accountId, now))?.tier !== 'pro') continue
    const outcome = await summarise({ ...deps, config }, accountId, month)
    if (outcome === 'skipped') continue
    asked++
    result[outcome]++
  }
  return result
}

/** Every 15 minutes when the endpoint is configured; nothing at all when it is not. */
export function startWriteInSummaries(deps: SummaryDeps, everyMs = 15 * 60_000): () => void {
  if (!deps.config) return () => {}
  return startPeriodicWorker(deps.logger, 'write-in summaries', everyMs, () => runSummaryPass(deps))
}
