import { toCount } from '@retainkit/shared/analytics'
import type { DurabilityGroupData, SaveDurabilityData } from '@retainkit/shared/api'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { sessionCohort } from './cohort'
import type { AnalyticsRange } from './range'
import { MoneyParts, type MoneyRow, payingFromSql } from './saved-money'

/**
 * Whether saves stuck. A save is counted when the offer is accepted; this follows it afterwards from
 * what Stripe told us about its subscription (subscriber_subscriptions, kept by the merchant's Stripe
 * events): still active and paid 30, 60 and 90 days later, or lost — cancelled (in the widget or
 * anywhere else), scheduled to cancel, or unpaid. A checkpoint not reached yet is `pending` — unless the
 * save is already lost, which decides every later checkpoint; a save whose subscription Stripe never
 * told us about is `unknown` rather than assumed kept.
 */

export const CHECKPOINT_DAYS = [30, 60, 90] as const
export type CheckpointState = 'kept' | 'lost' | 'pending' | 'unknown'
export type Durability = 'kept' | 'lost' | 'unknown'
/** What a save is now, for its money (saved-money.ts): `kept` split into paying and `paused`. */
export type SaveState = 'kept' | 'paused' | 'lost' | 'unknown'

const DAY_MS = 86_400_000

export interface SaveDurability {
  save_id: string
  session_id: string | null
  customer_id: string
  subscription_id: string | null
  mechanism: string
  reason_key: string | null
  mrr_after: number
  currency: string | null
  saved_at: Date
  durability: Durability
  /** Its money's part now: a kept save paying nothing yet (pause, extended trial) is `paused`. */
  state: SaveState
  lost_at: Date | null
  /** `d30`, `d60`, `d90`. */
  checkpoints: Record<`d${(typeof CHECKPOINT_DAYS)[number]}`, CheckpointState>
}

/** A save joined to its session and its subscription's last known Stripe state. */
export interface FollowedRow {
  id: string | number
  session_id: string | null
  customer_id: string
  subscription_id: string | null
  mechanism: string
  reason_key: string | null
  mrr_after: number | string
  currency: string | null
  created_at: Date | string
  status: string | null
  cancel_at_period_end: boolean | null
  canceled_at: Date | string | null
  ended_at: Date | string | null
  unpaid_since: Date | string | null
  synced_at: Date | string | null
  /** When a pause or an extended trial ends (saved-money.ts's payingFromSql); null for other saves. */
  paying_from?: Date | string | null
}

const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value))

/** When the subscription stopped being a kept save, if it did after `savedAt`. */
function lostAtOf(row: FollowedRow, savedAt: Date): Date | null {
  const candidates: Array<Date | null> = []
  if (row.status === 'canceled') candidates.push(asDate(row.ended_at) ?? asDate(row.canceled_at))
  // A cancellation asked for (at the period's end) is the subscriber leaving, even before it ends.
  else if (row.cancel_at_period_end) candidates.push(asDate(row.canceled_at) ?? asDate(row.synced_at))
  candidates.push(asDate(row.unpaid_since))
  const after = candidates.filter((at): at is Date => at !== null && at >= savedAt)
  if (after.length === 0) return null
  return new Date(Math.min(...after.map((at) => at.getTime())))
}

export function durabilityOf(row: FollowedRow, now: Date): SaveDurability {
  const savedAt = new Date(row.created_at)
  const tracked = row.status !== null
  const lostAt = tracked ? lostAtOf(row, savedAt) : null
  const stateAt = (days: number): CheckpointState => {
    const at = new Date(savedAt.getTime() + days * DAY_MS)
    if (lostAt && lostAt <= at && lostAt <= now) return 'lost'
    if (at > now) return 'pending'
    return tracked ? 'kept' : 'unknown'
  }
  const durability: Durability = lostAt && lostAt <= now ? 'lost' : tracked ? 'kept' : 'unknown'
  const payingFrom = asDate(row.paying_from ?? null)
  return {
    save_id: String(row.id),
    session_id: row.session_id,
    customer_id: row.customer_id,
    subscription_id: row.subscription_id,
    mechanism: row.mechanism,
    reason_key: row.reason_key,
    mrr_after: Number(row.mrr_after),
    currency: row.currency,
    saved_at: savedAt,
    durability,
    state: durability === 'kept' && payingFrom && payingFrom > now ? 'paused' : durability,
    lost_at: lostAt && lostAt <= now ? lostAt : null,
    checkpoints: { d30: stateAt(30), d60: stateAt(60), d90: stateAt(90) },
  }
}

/** Every save of the range (its mode, by `saved_at`), followed up to `now`. */
export async function followSaves(
  db: Kysely<Database>,
  accountId: string,
  range: AnalyticsRange,
  now: Date,
): Promise<SaveDurability[]> {
  const live = range.mode === 'test' ? sql.raw('not s.live') : sql.raw('s.live')
  const { rows } = await sql<FollowedRow>`
    select s.id, s.session_id, s.customer_id, coalesce(s.subscription_id, cs.subscription_id) as subscription_id,
      s.mechanism, cs.reason_key, s.mrr_after, lower(s.currency) as currency, s.created_at,
      ss.status, ss.cancel_at_period_end, ss.canceled_at, ss.ended_at, ss.unpaid_since, ss.synced_at,
      ${payingFromSql('s.mechanism', 's.created_at', 's.detail')} as paying_from
    from saves s
    left join cancel_sessions cs on cs.id = s.session_id
    left join subscriber_subscriptions ss on ss.account_id = s.account_id
      and ss.subscription_id = coalesce(s.subscription_id, cs.subscription_id)
    where s.account_id = ${accountId} and ${live}${sessionCohort(range.cohort, 'cs.')}
      and s.created_at >= ${range.start.toISOString()}::timestamptz
      and s.created_at < ${range.until.toISOString()}::timestamptz
    order by s.created_at, s.id`.execute(db)
  return rows.map((row) => durabilityOf(row, now))
}

/**
 * Subscriptions cancelled in the range without a cancellation in the widget for that subscriber: the
 * Billing Portal, support, the merchant's own app. Counted apart so the save rate is not flattered by
 * cancellations that never met the flow.
 */
export async function outsideFlowCancellations(
  db: Kysely<Database>,
  accountId: string,
  range: AnalyticsRange,
): Promise<number> {
  const mode = range.mode === 'test' ? 'test' : 'live'
  const { rows } = await sql<{ count: string | number }>`
    select count(*) as count from subscriber_subscriptions ss
    where ss.account_id = ${accountId}
      and ss.canceled_at >= ${range.start.toISOString()}::timestamptz
      and ss.canceled_at < ${range.until.toISOString()}::timestamptz
      and not exists (
        select 1 from cancel_sessions cs
        where cs.account_id = ss.account_id and cs.customer_id = ss.customer_id
          and cs.status = 'canceled' and cs.mode = ${mode}
      )`.execute(db)
  return toCount(rows[0]?.count ?? 0)
}

/**
 * Saves alike in everything the card shows — offer, reason, currency, durability and checkpoint states —
 * counted together: one per save when computed from raw rows, one per group when read from the rollups.
 */
export interface DurabilityTally {
  mechanism: string
  reason_key: string | null
  currency: string | null
  durability: Durability
  checkpoints: SaveDurability['checkpoints']
  saves: number
  mrr: number
}

export const tallyOfSave = (save: SaveDurability): DurabilityTally => ({
  mechanism: save.mechanism,
  reason_key: save.reason_key,
  currency: save.currency,
  durability: save.durability,
  checkpoints: save.checkpoints,
  saves: 1,
  mrr: save.mrr_after,
})

function group(
  key: string,
  tallies: readonly DurabilityTally[],
  money: MoneyParts | undefined,
): DurabilityGroupData {
  const sum = (list: readonly DurabilityTally[]) => list.reduce((total, tally) => total + tally.saves, 0)
  const of = (state: Durability) => tallies.filter((tally) => tally.durability === state)
  return {
    key,
    saves: sum(tallies),
    kept: sum(of('kept')),
    lost: sum(of('lost')),
    unknown: sum(of('unknown')),
    keptMrr: money?.list('kept') ?? [],
    pausedMrr: money?.list('paused') ?? [],
    lostMrr: money?.list('lost') ?? [],
    stuck: CHECKPOINT_DAYS.map((days) => {
      const inState = (...states: CheckpointState[]) =>
        sum(tallies.filter((tally) => states.includes(tally.checkpoints[`d${days}`])))
      const decided = inState('kept', 'lost')
      const kept = inState('kept')
      return { days, decided, kept, rate: decided === 0 ? null : Math.round((kept / decided) * 10_000) / 100 }
    }),
  }
}

function moneyBy(rows: readonly MoneyRow[], keyOf: (row: MoneyRow) => string): Map<string, MoneyParts> {
  const groups = new Map<string, MoneyParts>()
  for (const row of rows) {
    const key = keyOf(row)
    const parts = groups.get(key) ?? new MoneyParts()
    groups.set(key, parts.add(row))
  }
  return groups
}

function groupBy(
  tallies: readonly DurabilityTally[],
  keyOf: (tally: { mechanism: string; reason_key: string | null }) => string,
  money: readonly MoneyRow[],
) {
  const groups = new Map<string, DurabilityTally[]>()
  for (const tally of tallies) {
    const key = keyOf(tally)
    const list = groups.get(key)
    if (list) list.push(tally)
    else groups.set(key, [tally])
  }
  const moneyOf = moneyBy(money, keyOf)
  return [...groups.entries()]
    .map(([key, list]) => group(key, list, moneyOf.get(key)))
    .sort((a, b) => b.saves - a.saves || a.key.localeCompare(b.key))
}

const DAY_KEY_MS = 86_400_000

/**
 * The "Saves that stuck" card: totals, by offer (mechanism) and by cancellation reason; counts from the
 * tallies, money from `money` (each save's MRR in the part it is in now, per currency). While no save
 * has reached its 30-day checkpoint, `firstOutcomeDue` says when the first will (the UTC day of the
 * range's first save, 30 days on): too early to tell, rather than "0 of N still paying".
 */
export function shapeDurability(
  tallies: readonly DurabilityTally[],
  money: readonly MoneyRow[],
  outsideFlow: number,
  now: Date,
): SaveDurabilityData {
  const saves = tallies.filter((tally) => tally.saves > 0)
  const all = new MoneyParts()
  for (const row of money) all.add(row)
  const totals = group('all', saves, all)
  const decided30 = totals.stuck[0]?.decided ?? 0
  const first = Math.min(...money.map((row) => row.first_saved_at.getTime()))
  const firstDay = Number.isFinite(first) ? Math.floor(first / DAY_KEY_MS) * DAY_KEY_MS : null
  return {
    asOf: now.toISOString(),
    checkpoints: [...CHECKPOINT_DAYS],
    currencies: all.currencies,
    firstOutcomeDue:
      decided30 === 0 && totals.saves > 0 && firstDay !== null
        ? new Date(firstDay + CHECKPOINT_DAYS[0] * DAY_KEY_MS).toISOString().slice(0, 10)
        : null,
    totals,
    byOffer: groupBy(saves, (tally) => tally.mechanism, money),
    byReason: groupBy(saves, (tally) => tally.reason_key ?? 'unknown', money),
    outsideFlow: { cancellations: outsideFlow },
  }
}
