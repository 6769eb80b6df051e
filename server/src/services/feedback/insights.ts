import { franc } from 'franc-min'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import { startPeriodicWorker } from '../periodic-worker'
import type { ScoredLanguage } from './languages'
import { lastEventsCallAt, registerFeedbackNudge } from './nudge'
import { scoreWriteIn } from './sentiment'
import { themesOf } from './themes'

/**
 * The background pass that turns write-ins into insights (migration 220): it queues the rows stored
 * before the migration a slice at a time (the backfill, resumable: how far it got is in the database),
 * scores what is queued (sentiment and themes, in the session's language) into `feedback_insights` and
 * the daily counts, and settles each write-in's outcome once its session ends. Every step is safe with
 * several instances at once (queue rows taken with SKIP LOCKED, each count moved by the statement that
 * moves its row), so it needs no lease. The events call only queues (a row trigger), and a nudge from
 * the call that stored a write-in runs a pass within a second once subscribers' calls quieten down.
 */
export interface InsightsDeps {
  db: Kysely<Database>
  logger: Logger
  clock: Clock
}

/** Write-ins scored per transaction. */
export const SCORE_BATCH = 200
/** Event ids the backfill looks through per step. */
export const BACKFILL_SLICE = 50_000
/** A session still open a week after its write-in is taken as left for good ('open' stays its outcome). */
export const SETTLE_AFTER_MS = 7 * 86_400_000

interface QueuedRow {
  id: string
  account_id: string
  session_id: string | null
  live: boolean
  created_at: Date
  text: string | null
  reason_key: string
  language: string | null
  status: string | null
  segment_id: string
  arm_id: string
}

/** franc's codes for the four scored languages: a write-in older than the session's language, guessed
 * among them only (and not scored when franc cannot tell). */
const FRANC: Record<string, ScoredLanguage> = { eng: 'en', fra: 'fr', deu: 'de', spa: 'es' }

function languageOfOldWriteIn(text: string): ScoredLanguage | null {
  return FRANC[franc(text, { only: Object.keys(FRANC), minLength: 3 })] ?? null
}

/** Queues the next slice of events stored before the trigger existed; false once all are queued. */
export async function backfillSlice(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ more: boolean }>`
    with state as (select through, upto from feedback_backfill where through < upto for update skip locked),
    slice as (select least(through + ${BACKFILL_SLICE}, upto) as next from state),
    queued as (
      insert into feedback_pending (event_id)
      select e.id from session_events as e, state
      where e.id > state.through and e.id <= (select next from slice) and e.step = 'feedback_submitted'
      on conflict do nothing
    ),
    moved as (update feedback_backfill set through = (select next from slice) where id = 1 and exists (select 1 from state)
      returning through < upto as more)
    select coalesce((select more from moved), false) as more`.execute(db)
  return rows[0]?.more === true
}

const ISO = (at: Date | string) => new Date(at).toISOString()

async function insightOf(row: QueuedRow, now: Date, stale: number) {
  const text = row.text ?? ''
  const language = row.language ?? (row.status === null ? null : languageOfOldWriteIn(text))
  const scored = await scoreWriteIn(text, language)
  const themes = scored.language ? await themesOf(text, scored.language) : []
  const outcome = row.status ?? 'open'
  return {
    insight: {
      event_id: row.id,
      account_id: row.account_id,
      session_id: row.session_id,
      live: row.live,
      created_at: ISO(row.created_at),
      language: scored.language,
      sentiment: scored.sentiment,
      score: scored.score,
      themes: themes.map((theme) => theme.key),
      reason_key: row.reason_key,
      outcome,
      segment_id: row.segment_id,
      arm_id: row.arm_id,
      settled: outcome !== 'open' || new Date(row.created_at).getTime() < now.getTime() - stale,
    },
    themes: themes.map((theme) => ({ account_id: row.account_id, key: theme.key, name: theme.name })),
  }
}

/** Scores up to SCORE_BATCH queued write-ins in one transaction; how many it took from the queue. */
export async function scoreQueued(deps: Pick<InsightsDeps, 'db' | 'clock'>): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const { rows: claimed } = await sql<{ event_id: string }>`
      delete from feedback_pending where event_id in (
        select event_id from feedback_pending order by event_id limit ${SCORE_BATCH} for update skip locked)
      returning event_id`.execute(trx)
    if (claimed.length === 0) return 0
    const { rows } = await sql<QueuedRow>`
      select e.id, e.account_id, e.session_id, e.live, e.created_at, e.text,
        coalesce(e.reason_key, s.reason_key, '') as reason_key, s.locale as language, s.status,
        coalesce(s.segment_id, '') as segment_id, coalesce(s.arm_id, '') as arm_id
      from session_events as e left join cancel_sessions as s on s.id = e.session_id
      where e.id = any(${claimed.map((row) => row.event_id)}::bigint[]) and e.step = 'feedback_submitted'`.execute(
      trx,
    )
    const now = deps.clock.now()
    const scored = await Promise.all(rows.map((row) => insightOf(row, now, SETTLE_AFTER_MS)))
    if (scored.length > 0) await storeInsights(trx, scored)
    return claimed.length
  })
}

type Scored = Awaited<ReturnType<typeof insightOf>>

/** The insights and their counts in one statement; a row already stored (scored twice) counts once. */
async function storeInsights(db: Kysely<Database>, scored: readonly Scored[]): Promise<void> {
  const insights = JSON.stringify(scored.map((entry) => entry.insight))
  const names = new Map(
    scored.flatMap((entry) => entry.themes).map((theme) => [`${theme.account_id} ${theme.key}`, theme]),
  )
  await sql`
    with fresh as (
      insert into feedback_insights (event_id, account_id, session_id, live, created_at, language, sentiment,
        score, themes, reason_key, outcome, segment_id, arm_id, settled)
      select event_id, account_id, session_id, live, created_at, language, sentiment, score,
        array(select jsonb_array_elements_text(themes)), reason_key, outcome, segment_id, arm_id, settled
      from jsonb_to_recordset(${insights}::jsonb) as row (event_id bigint, account_id text, session_id text,
        live boolean, created_at timestamptz, language text, sentiment text, score real, themes jsonb,
        reason_key text, outcome text, segment_id text, arm_id text, settled boolean)
      order by event_id
      on conflict (event_id) do nothing
      returning *
    ), sentiment as (
      insert into analytics_daily_sentiment as d
        (account_id, live, day, reason_key, outcome, segment_id, arm_id, sentiment, writeins)
      select account_id, live, (created_at at time zone 'UTC')::date, reason_key, outcome, segment_id, arm_id,
        sentiment, count(*)
      from fresh group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (account_id, live, day, reason_key, outcome, segment_id, arm_id, sentiment)
        do update set writeins = d.writeins + excluded.writeins
    ), themes as (
      insert into analytics_daily_themes as t (account_id, live, day, theme, sentiment, mentions)
      select account_id, live, (created_at at time zone 'UTC')::date, theme, sentiment, count(*)
      from fresh, unnest(themes) as theme group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (account_id, live, day, theme, sentiment) do update set mentions = t.mentions + excluded.mentions
    )
    insert into feedback_themes (account_id, key, name)
    select account_id, key, name
    from jsonb_to_recordset(${JSON.stringify([...names.values()])}::jsonb) as row (account_id text, key text, name text)
    where exists (select 1 from fresh where fresh.account_id = row.account_id)
    order by account_id, key
    on conflict (account_id, key) do nothing`.execute(db)
}

/**
 * Moves the write-ins whose session ended since to their outcome (and their counts with them), and
 * marks settled those that can no longer change. How many it looked at.
 */
export async function settleOutcomes(
  deps: Pick<InsightsDeps, 'db' | 'clock'>,
  limit = 1000,
): Promise<number> {
  const stale = new Date(deps.clock.now().getTime() - SETTLE_AFTER_MS).toISOString()
  const { rows } = await sql<{ looked: string }>`
    with candidates as (
      select f.event_id, f.outcome as before, s.status as after, (s.status <> 'open' or f.created_at < ${stale}::timestamptz) as final
      from feedback_insights as f join cancel_sessions as s on s.id = f.session_id
      where not f.settled and (s.status <> f.outcome or s.status <> 'open' or f.created_at < ${stale}::timestamptz)
      order by f.created_at limit ${limit}
      for update of f skip locked
    ), moved as (
      update feedback_insights as f set outcome = c.after, settled = c.final
      from candidates as c where f.event_id = c.event_id
      returning f.account_id, f.live, (f.created_at at time zone 'UTC')::date as day, f.reason_key, f.segment_id,
        f.arm_id, f.sentiment, c.before, c.after
    ), deltas as (
      select account_id, live, day, reason_key, outcome, segment_id, arm_id, sentiment, sum(delta)::integer as delta
      from (
        select m.*, m.before as outcome, -1 as delta from moved as m where m.before <> m.after
        union all
        select m.*, m.after as outcome, 1 as delta from moved as m where m.before <> m.after
      ) as both_sides
      group by 1, 2, 3, 4, 5, 6, 7, 8
    ), applied as (
      insert into analytics_daily_sentiment as d
        (account_id, live, day, reason_key, outcome, segment_id, arm_id, sentiment, writeins)
      select account_id, live, day, reason_key, outcome, segment_id, arm_id, sentiment, delta from deltas
      order by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (account_id, live, day, reason_key, outcome, segment_id, arm_id, sentiment)
        do update set writeins = d.writeins + excluded.writeins
    )
    select count(*) as looked from moved`.execute(deps.db)
  return Number(rows[0]?.looked ?? 0)
}

export interface PassResult {
  scored: number
  settled: number
  /** Whether the backfill or the queue has more than this pass took. */
  more: boolean
}

/**
 * One pass: a backfill slice, queued write-ins until the queue is empty, `budgetMs` is spent or
 * `shouldYield` says subscribers' calls want the machine back, then settling.
 */
export async function runInsightsPass(
  deps: Pick<InsightsDeps, 'db' | 'clock'>,
  budgetMs = 5_000,
  shouldYield: () => boolean = () => false,
): Promise<PassResult> {
  const started = Date.now()
  const backfillMore = await backfillSlice(deps.db)
  let scored = 0
  let taken = SCORE_BATCH
  while (taken === SCORE_BATCH && Date.now() - started < budgetMs && !(scored > 0 && shouldYield())) {
    taken = await scoreQueued(deps)
    scored += taken
  }
  const settled = await settleOutcomes(deps)
  return { scored, settled, more: backfillMore || taken === SCORE_BATCH }
}

/** Passes until nothing is left (the demo seed, tests). */
export async function drainFeedbackInsights(deps: Pick<InsightsDeps, 'db' | 'clock'>): Promise<void> {
  for (let pass = 0; pass < 10_000; pass++) {
    const result = await runInsightsPass(deps, 60_000)
    if (!result.more && result.scored === 0) return
  }
}

// ---- the worker -------------------------------------------------------------------------------

/**
 * Scoring gives way to subscribers: while their events calls keep coming (one in the last QUIET_MS),
 * a pass waits, and a running pass stops between batches, for at most MAX_DEFER_MS; then it runs
 * regardless, so a write-in is scored within about a second on a quiet server and within seconds on a
 * busy one, and a burst of calls never shares the machine with scoring (measured: scoring in the middle
 * of a burst cost the events call 12-18 % of its throughput).
 */
export const QUIET_MS = 250
export const MAX_DEFER_MS = 10_000

/** Passes every `everyMs`, sooner after a nudge (within `nudgeMs`); never throws. Returns a stop function. */
export function startFeedbackInsights(
  deps: InsightsDeps,
  everyMs = 30_000,
  nudgeMs = 1_000,
  pacing = { quietMs: QUIET_MS, maxDeferMs: MAX_DEFER_MS },
): () => void {
  let soon: NodeJS.Timeout | null = null
  let running: Promise<void> = Promise.resolve()
  let waitingSince: number | null = null
  const busy = () => Date.now() - lastEventsCallAt(deps.db) < pacing.quietMs
  const overdue = () => waitingSince !== null && Date.now() - waitingSince >= pacing.maxDeferMs
  const pass = async () => {
    const forced = overdue()
    waitingSince = null
    const result = await runInsightsPass(deps, 5_000, () => !forced && busy())
    // A backlog (the backfill, a burst, a pass that gave way) is worked through pass after pass.
    if (result.more) nudge()
  }
  const runNow = () => {
    soon = null
    if (busy() && !overdue()) {
      waitingSince ??= Date.now()
      schedule(pacing.quietMs)
      return
    }
    running = running.then(pass).catch((error: unknown) => {
      deps.logger.error('write-in insights pass failed', {
        error: error instanceof Error ? error.message : String(error),
      })
    })
  }
  const schedule = (ms: number) => {
    if (soon) return
    soon = setTimeout(runNow, ms)
    soon.unref()
  }
  const nudge = () => schedule(nudgeMs)
  const unregister = registerFeedbackNudge(deps.db, nudge)
  const stopPeriodic = startPeriodicWorker(deps.logger, 'write-in insights', everyMs, async () => runNow())
  nudge()
  return () => {
    stopPeriodic()
    if (soon) clearTimeout(soon)
    unregister()
  }
}
