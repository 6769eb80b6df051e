import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { CHECKPOINT_DAYS, type CheckpointState, type Durability, type DurabilityTally } from './durability'
import type { AnalyticsRange } from './range'
import { rollupWindow } from './rollup-window'

/**
 * "Saves that stuck" read from the rollups of migration 111, answering what followSaves + shapeDurability
 * answer from the raw rows (a test compares them). Whether a save is lost, and by which checkpoint, is
 * decided when the save or its subscription is written; what depends on the clock — a checkpoint reached
 * or still pending — is decided here per UTC day of the save. Only three days can hold saves on both
 * sides of a checkpoint (the day `now - 30/60/90 days` falls in): those, and the partial days at the
 * range's ends, are read save by save from analytics_save_followups.
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
  // The instant each checkpoint is reached for a save made at it, and that instant's day.
  const boundaries = CHECKPOINT_DAYS.map((days) => now.getTime() - days * DAY_MS)
  const boundaryDays = boundaries.map((ms) => isoDay(Math.floor(ms / DAY_MS) * DAY_MS))
  const [b30, b60, b90] = boundaries.map((ms) => new Date(ms).toISOString())
  const [day30, day60, day90] = boundaryDays
  // Save-by-save pieces: the range's partial days, and the boundary days among its whole days.
  const pieceLo = [...w.edgeLo]
  const pieceHi = [...w.edgeHi]
  for (const day of new Set(boundaryDays)) {
    if (day >= w.dayFrom && day < w.dayTo) {
      pieceLo.push(`${day}T00:00:00.000Z`)
      pieceHi.push(new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString())
    }
  }
  const lostBy = (alias: string, days: number) => sql.raw(`${alias}.lost_within between 1 and ${days}`)
  // A whole day is on one side of each boundary (its boundary day is read save by save).
  const dayState = (days: number, boundaryDay: string | undefined) => sql`case
    when ${lostBy('d', days)} then 'lost'
    when d.day > ${boundaryDay}::date then 'pending'
    when d.tracked then 'kept' else 'unknown' end`
  const saveState = (days: number, boundary: string | undefined) => sql`case
    when ${lostBy('f', days)} then 'lost'
    when date_trunc('milliseconds', f.saved_at) > ${boundary}::timestamptz then 'pending'
    when f.tracked then 'kept' else 'unknown' end`
  const days = sql`
    select d.mechanism, d.reason_key, d.currency,
      case when d.lost then 'lost' when d.tracked then 'kept' else 'unknown' end as durability,
      ${dayState(30, day30)} as d30, ${dayState(60, day60)} as d60, ${dayState(90, day90)} as d90,
      d.saves, d.mrr
    from analytics_daily_durability as d
    where d.account_id = ${accountId} and d.live = ${live}
      and d.day >= ${w.dayFrom}::date and d.day < ${w.dayTo}::date
      and d.day <> all(${boundaryDays}::date[])`
  const saves = sql`
    select f.mechanism, f.reason_key, f.currency,
      case when f.lost_at is not null then 'lost' when f.tracked then 'kept' else 'unknown' end,
      ${saveState(30, b30)}, ${saveState(60, b60)}, ${saveState(90, b90)},
      1, f.mrr
    from unnest(${pieceLo}::timestamptz[], ${pieceHi}::timestamptz[]) as piece(lo, hi)
    join analytics_save_followups as f on f.account_id = ${accountId} and f.live = ${live}
      and f.saved_at >= piece.lo and f.saved_at < piece.hi`
  // Only the branches with something to read: an empty one still costs planning (see rollup-queries.ts).
  const { rows } = await sql<TallyRow>`
    select mechanism, reason_key, currency, durability, d30, d60, d90, sum(saves) as saves, sum(mrr) as mrr
    from (${pieceLo.length === 0 ? days : sql`${days} union all ${saves}`}) as parts
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
