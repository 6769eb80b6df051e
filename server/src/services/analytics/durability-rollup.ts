import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { CHECKPOINT_DAYS, type CheckpointState, type Durability, type DurabilityTally } from './durability'
import type { AnalyticsRange } from './range'
import { rollupWindow } from './rollup-window'

/**
 * "Saves that stuck" read from the rollups of migration 111, answering what followSaves + shapeDurability
 * answer from the raw rows (a test compares them). Whether a save is lost, and by which checkpoint, is
 * decided when the save or its subscription is written; what depends on the clock — a checkpoint reached
 * or still pending — is decided here per UTC day of the save. Only three days can hold saves on both
 * sides of a checkpoint (the day `now - 30/60/90 days` falls in): each is read from its daily rows as if
 * all its saves were on the side of its larger part, and only the saves of the smaller part (at most
 * half a day's) are read one by one from analytics_save_followups to move them to their own side. The
 * partial days at the range's ends are read save by save.
 */

const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

interface TallyRow {
  mechanism: string
  reason_key: string
  currency: string
  durability: Durability
  d30: CheckpointState
  d60: CheckpointState
  d90: CheckpointState
  saves: number | string
  mrr: number | string
}

export async function rolledUpDurability(
  db: Kysely<Database>,
  accountId: string,
  range: AnalyticsRange,
  now: Date,
): Promise<DurabilityTally[]> {
  const w = rollupWindow(range)
  const live = sql.raw(range.mode === 'test' ? 'false' : 'true')
  // Save-by-save pieces [lo, hi): the range's partial days, read alone; and a part of each boundary day,
  // which corrects that day's rows (`correcting`).
  const pieces: { lo: string; hi: string; correcting: boolean }[] = w.edgeLo.map((lo, index) => ({
    lo,
    hi: w.edgeHi[index] ?? lo,
    correcting: false,
  }))
  // Per checkpoint: the instant it is reached for a save made at it (a save after it is pending), and the
  // first day whose rows count as pending. A boundary day's rows count on the side of its larger part;
  // the saves of its smaller part, on the other side, are moved to their own state one by one.
  const checkpoints = CHECKPOINT_DAYS.map((days) => {
    const boundary = now.getTime() - days * DAY_MS
    const dayStart = Math.floor(boundary / DAY_MS) * DAY_MS
    const day = isoDay(dayStart)
    // Saves up to the boundary's millisecond are decided (saved_at < boundary + 1 ms).
    const decidedUntil = boundary + 1
    let firstPendingDay = isoDay(dayStart + DAY_MS)
    if (day >= w.dayFrom && day < w.dayTo) {
      const pending = decidedUntil - dayStart <= DAY_MS / 2
      if (pending) firstPendingDay = day
      const [lo, hi] = pending ? [dayStart, decidedUntil] : [decidedUntil, dayStart + DAY_MS]
      pieces.push({ lo: new Date(lo).toISOString(), hi: new Date(hi).toISOString(), correcting: true })
    }
    return { days, boundary: new Date(boundary).toISOString(), firstPendingDay }
  })
  const lostBy = (alias: string, days: number) => sql.raw(`${alias}.lost_within between 1 and ${days}`)
  // The state a day's rows give its saves at a checkpoint.
  const dayState = (
    alias: string,
    day: RawBuilder<unknown>,
    { days, firstPendingDay }: (typeof checkpoints)[number],
  ) => sql`case
    when ${lostBy(alias, days)} then 'lost'
    when ${day} >= ${firstPendingDay}::date then 'pending'
    when ${sql.raw(alias)}.tracked then 'kept' else 'unknown' end`
  // A save's own state at a checkpoint.
  const saveState = ({ days, boundary }: (typeof checkpoints)[number]) => sql`case
    when ${lostBy('f', days)} then 'lost'
    when date_trunc('milliseconds', f.saved_at) > ${boundary}::timestamptz then 'pending'
    when f.tracked then 'kept' else 'unknown' end`
  const savedDay = sql`(f.saved_at at time zone 'UTC')::date`
  const [c30, c60, c90] = checkpoints as [
    (typeof checkpoints)[number],
    (typeof checkpoints)[number],
    (typeof checkpoints)[number],
  ]
  const days = sql`
    select d.mechanism, d.reason_key, d.currency,
      case when d.lost then 'lost' when d.tracked then 'kept' else 'unknown' end as durability,
      ${dayState('d', sql`d.day`, c30)} as d30, ${dayState('d', sql`d.day`, c60)} as d60,
      ${dayState('d', sql`d.day`, c90)} as d90, d.saves, d.mrr
    from analytics_daily_durability as d
    where d.account_id = ${accountId} and d.live = ${live}
      and d.day >= ${w.dayFrom}::date and d.day < ${w.dayTo}::date`
  // Each save of a piece in its own state (+1); in a correcting piece, also taken out of the state its
  // day's rows gave it (-1). One branch per piece, its bounds written out, so the planner estimates its
  // rows from its statistics (joined to an array of bounds it priced each piece at a fixed share of the
  // whole table: at 10M events that drew JIT compilation, 0.4 s).
  const state = (checkpoint: (typeof checkpoints)[number]) =>
    sql`case when sign.s = 1 then ${saveState(checkpoint)} else ${dayState('f', savedDay, checkpoint)} end`
  const piece = ({ lo, hi, correcting }: (typeof pieces)[number]) => sql`
    select f.mechanism, f.reason_key, f.currency,
      case when f.lost_at is not null then 'lost' when f.tracked then 'kept' else 'unknown' end,
      ${state(c30)}, ${state(c60)}, ${state(c90)}, sign.s, sign.s * f.mrr
    from analytics_save_followups as f
    cross join (values ${correcting ? sql`(1), (-1)` : sql`(1)`}) as sign(s)
    where f.account_id = ${accountId} and f.live = ${live}
      and f.saved_at >= ${lo}::timestamptz and f.saved_at < ${hi}::timestamptz`
  // Only the branches with something to read: an empty one still costs planning (see rollup-queries.ts).
  const { rows } = await sql<TallyRow>`
    select mechanism, reason_key, currency, durability, d30, d60, d90, sum(saves) as saves, sum(mrr) as mrr
    from (${sql.join([days, ...pieces.map(piece)], sql` union all `)}) as parts
    group by 1, 2, 3, 4, 5, 6, 7
    having sum(saves) > 0`.execute(db)
  return rows.map((row) => ({
    mechanism: row.mechanism,
    reason_key: row.reason_key === '' ? null : row.reason_key,
    currency: row.currency === '' ? null : row.currency,
    durability: row.durability,
    checkpoints: { d30: row.d30, d60: row.d60, d90: row.d90 },
    saves: Number(row.saves),
    mrr: Number(row.mrr),
  }))
}
