import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../../src/db/tables'

/**
 * The analytics benchmark's data (tests/bench/analytics.bench.ts): cancel sessions following a real flow
 * — session_started → reason_selected → feedback_submitted (40%) → reason_continue (12%) or
 * offer_shown → offer_accepted | offer_declined → cancel_completed (or flow_abandoned) — 4.64 events
 * each on average, spread evenly over [start, end), with a save per accepted offer. Written by the
 * database itself (generate_series), deterministic for a seed (hashes, not random()), so two accounts
 * loaded with one seed hold the same rows.
 *
 * Millions of events go in one statement per table. Two ways:
 * - `bulk`: with the triggers held back (`session_replication_role = replica`, as the embedded demo seed
 *   does), `live` written as the per-row trigger would (every session here is live), then
 *   `rebuildAnalyticsRollups` builds each account's rollups once, set-based. Loading a million events
 *   through the per-statement rollup triggers took minutes on PostgreSQL and did not finish in 22 on
 *   PGlite; analytics-load.test.ts checks that both ways leave the same rollups.
 * - otherwise through the triggers, as any write.
 */
export interface AnalyticsLoad {
  accountId: string
  /** Session ids are `<tag>-<n>`: unique across the database. */
  tag: string
  sessions: number
  start: Date
  end: Date
  seed: number
  /**
   * Also four words per feedback from this many made-up ones (`x` and three letters), few of them often
   * and most rarely (log-uniform), as real write-ins have a long tail: without it every feedback comes
   * from 16 phrases, about 90 distinct words in all.
   */
  vocabulary?: number
}

// Weighted like a real merchant's reasons: 20 slots, too_expensive most common.
const REASON_SLOTS = [
  ...Array(6).fill('too_expensive'),
  ...Array(4).fill('not_using_enough'),
  ...Array(3).fill('switched_competitor'),
  ...Array(2).fill('temporary_break'),
  ...Array(2).fill('missing_features'),
  'technical_issues',
  ...Array(2).fill('other'),
] as string[]
const PHRASES = [
  'Too expensive for what it is.',
  "I don't use it enough anymore.",
  'Found a cheaper alternative elsewhere.',
  'Money is tight this month, sorry!',
  'The app kept crashing on my phone.',
  'Missing the integrations my team needs.',
  'Taking a break over the summer.',
  'Great product but the price went up again',
  'Switching to a competitor with better reporting',
  'Customer support never answered my emails',
  'Moving abroad, will be back next year',
  'Too many features I never touch',
  'Billing was confusing and I got charged twice',
  "It's fine, just not for me right now.",
  'Café-quality coffee but too much of it; bags pile up.',
  'Delivery was late three times in a row',
]
// Each text ends in ' #<n>': digits make no words, but every text differs, as real feedback does (so
// PostgreSQL cannot memoize the tokeniser on repeated texts).

type Db = Kysely<Database> | Transaction<Database>

export async function loadAnalyticsAccount(db: Db, load: AnalyticsLoad) {
  const { accountId, tag, sessions, start, end, seed } = load
  const span = sql`(${start.toISOString()}::timestamptz + (g::float8 / ${sessions}) * (${end.toISOString()}::timestamptz - ${start.toISOString()}::timestamptz))`
  // A uniform number in [0, 1) per session and purpose: the same for the same seed, session and purpose.
  const uniform = (purpose: number) =>
    sql`((hashint8extended(g, ${seed * 16 + purpose}) & 4294967295)::float8 / 4294967296)`
  const pick = (list: readonly string[], purpose: number) =>
    sql`(${list}::text[])[1 + floor(${uniform(purpose)} * ${list.length})::int]`
  // The k-th made-up word, k log-uniform in [1, vocabulary].
  const word = (purpose: number, vocabulary: number) => {
    const k = sql`floor(exp(${uniform(purpose)} * ln(${vocabulary})))::int`
    return sql`'x' || chr(97 + ${k} % 26) || chr(97 + ${k} / 26 % 26) || chr(97 + ${k} / 676 % 26)`
  }
  const tail = (vocabulary: number | undefined) =>
    vocabulary
      ? sql` || ' ' || ${sql.join(
          [5, 6, 7, 8].map((purpose) => word(purpose, vocabulary)),
          sql` || ' ' || `,
        )}`
      : sql``
  await sql`
    insert into cancel_sessions (id, account_id, customer_id, created_at)
    select ${tag} || '-' || g, ${accountId}, 'cus_' || g, ${span}
    from generate_series(1, ${sessions}) as g`.execute(db)
  // `live`: on the bulk path the per-row trigger that copies it from the session is held back; these
  // sessions are all live, which is also the column's default.
  await sql`
    insert into session_events (account_id, session_id, step, reason_key, offer, text, created_at, live)
    select ${accountId}, s.id, v.step, v.reason_key, v.offer, v.text, s.t0 + v.delay, true
    from (
      select r.*,
        case r.reason
          when 'too_expensive' then 'discount' when 'switched_competitor' then 'discount'
          when 'not_using_enough' then 'plan_switch' when 'temporary_break' then 'pause'
          when 'missing_features' then 'billing_cycle_switch'
        end as offer
      from (
        select ${tag} || '-' || g as id, ${span} as t0, ${pick(REASON_SLOTS, 0)} as reason,
          ${uniform(1)} as r_feedback, ${uniform(2)} as r_outcome,
          ${pick(PHRASES, 3)} || ' ' || ${pick(PHRASES, 4)}${tail(load.vocabulary)} || ' #' || g as text
        from generate_series(1, ${sessions}) as g
      ) as r
    ) as s
    cross join lateral (values
      ('session_started', null, null, null, interval '0 s'),
      ('reason_selected', s.reason, null, null, interval '15 s'),
      (case when s.r_feedback < 0.4 then 'feedback_submitted' end, null, null, s.text, interval '40 s'),
      (case when s.r_outcome < 0.12 then 'reason_continue' end, null, null, null, interval '60 s'),
      (case when s.r_outcome >= 0.12 and s.offer is not null then 'offer_shown' end, null, s.offer, null, interval '60 s'),
      (case when s.r_outcome >= 0.12 and s.offer is not null
        then case when s.r_outcome < 0.42 then 'offer_accepted' else 'offer_declined' end end,
        null, s.offer, null, interval '75 s'),
      (case when s.r_outcome >= 0.42 or (s.r_outcome >= 0.12 and s.offer is null)
        then case when s.r_outcome > 0.97 then 'flow_abandoned' else 'cancel_completed' end end,
        null, null, null, interval '90 s')
    ) as v(step, reason_key, offer, text, delay)
    where v.step is not null`.execute(db)
  await sql`
    insert into saves (account_id, session_id, customer_id, mechanism, mrr_before, mrr_after, currency,
      created_at, live)
    select account_id, session_id, 'cus_bench',
      case offer when 'billing_cycle_switch' then 'billing_cycle' else offer end, 3000,
      case offer when 'discount' then 2400 when 'plan_switch' then 1800 when 'billing_cycle_switch' then 2700 else 3000 end,
      'usd', created_at, true
    from session_events
    where account_id = ${accountId} and step = 'offer_accepted' and session_id like ${`${tag}-%`}`.execute(db)
}

/**
 * Loads the accounts, in bulk (triggers held back, then each account's rollups built once) or through
 * the triggers. One transaction: the replication role is the transaction's own.
 */
export async function loadAnalytics(db: Kysely<Database>, loads: readonly AnalyticsLoad[], bulk: boolean) {
  await db.transaction().execute(async (trx) => {
    if (bulk) await sql`set local session_replication_role = replica`.execute(trx)
    for (const load of loads) await loadAnalyticsAccount(trx, load)
    if (!bulk) return
    await sql`set local session_replication_role = origin`.execute(trx)
    for (const accountId of new Set(loads.map((load) => load.accountId)))
      await rebuildAnalyticsRollups(trx, accountId)
  })
}

/** Every rollup of one account, built from its rows (migrations 112 and 140). */
export async function rebuildAnalyticsRollups(db: Db, accountId: string) {
  await sql`select retainkit_rebuild_rollups(${accountId})`.execute(db)
  await sql`select retainkit_rebuild_session_rollup(${accountId})`.execute(db)
}

/** Shares of `column` over `slots` slots: slot `s` gets c / slots, plus one while s < c % slots. */
const share = (column: string, slots: number) =>
  sql`(${sql.ref(column)} / ${slots} + case when s < ${sql.ref(column)} % ${slots} then 1 else 0 end)`

/**
 * Spreads one account's rolled-up counters over `slots` slots, as concurrent writers leave them (writers
 * running at the same time add to rows of their own): the sums stay the same, and readers have up to
 * `slots` rows per key to add up — what a load by one writer would never show them.
 */
export async function spreadRollupSlots(db: Db, accountId: string, slots = 4) {
  const tables = [
    [
      'analytics_daily',
      ['live', 'step', 'day', 'reason_key', 'offer'],
      ['events', 'sessionless', 'last_of_session'],
    ],
    ['analytics_daily_words', ['live', 'day', 'word'], ['occurrences']],
    ['analytics_daily_saves', ['live', 'day', 'mechanism', 'currency'], ['mrr', 'saves']],
  ] as const
  for (const [table, keys, counters] of tables) {
    const keyList = sql.join(keys.map((key) => sql.ref(key)))
    const counterList = sql.join(counters.map((counter) => sql.ref(counter)))
    // Each key's totals, whatever slots they are in now; then every key rewritten over the slots.
    await sql`drop table if exists rollup_spread`.execute(db)
    await sql`
      create temporary table rollup_spread as
      select ${keyList}, ${sql.join(counters.map((counter) => sql`sum(${sql.ref(counter)}) as ${sql.ref(counter)}`))}
      from ${sql.table(table)} where account_id = ${accountId}
      group by ${keyList}`.execute(db)
    await sql`delete from ${sql.table(table)} where account_id = ${accountId}`.execute(db)
    await sql`
      insert into ${sql.table(table)} (account_id, slot, ${keyList}, ${counterList})
      select ${accountId}, s, ${keyList}, ${sql.join(counters.map((counter) => share(counter, slots)))}
      from rollup_spread cross join generate_series(0, ${slots - 1}) as s
      where ${sql.join(
        counters.map((counter) => sql`${share(counter, slots)} <> 0`),
        sql` or `,
      )}`.execute(db)
    await sql`drop table rollup_spread`.execute(db)
  }
}
