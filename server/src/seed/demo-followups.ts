import { shiftUtcMonths } from '@retainkit/shared/period'
import type { Insertable } from 'kysely'
import type { SavesTable, SubscriberSubscriptionsTable } from '../db/tables'
import type { Prng } from './prng'

/**
 * What became of each demo save afterwards, as the merchant's Stripe events would have told us
 * (subscriber_subscriptions, which the durability card and net saved revenue read): most are kept, some
 * subscribers cancel again later (scheduled at the period's end, then ended), a few stop paying (a
 * renewal fails: past due, then unpaid). Each save's fate is drawn once, from a stream of the day's seed
 * of its own, so adding it changed no other row of the history; its subscription's row is then a pure
 * function of the instant it is read at, and a later history only moves rows forward in time.
 *
 * Shares a subscription-box merchant would recognise: a discount is the least durable (a good part of
 * its losses when the three discounted months end), many pausers leave when the pause ends, a smaller
 * plan sticks best; 4–8 % of saves end unpaid on a later renewal.
 */
type Mechanism = 'discount' | 'pause' | 'plan_switch' | 'reactivation'
const FATES: Readonly<Record<Mechanism, Readonly<Record<DemoFate['kind'], number>>>> = {
  discount: { kept: 66, lost: 28, unpaid: 6 },
  pause: { kept: 72, lost: 23, unpaid: 5 },
  plan_switch: { kept: 81, lost: 15, unpaid: 4 },
  reactivation: { kept: 64, lost: 28, unpaid: 8 },
}
const DAY_MS = 86_400_000
/** A renewal left unpaid is past due for Stripe's retries (three weeks), then marked unpaid. */
const RETRY_DAYS = 21
/** No fate is decided later than this after its save (what the template's catch-up must look back over). */
export const DEMO_FATE_HORIZON_DAYS = 220

export type DemoFate =
  | { kind: 'kept' }
  /** Cancelled again at `cancelAt`, ending at the period's end (`endAt`). */
  | { kind: 'lost'; cancelAt: number; endAt: number }
  /** The renewal at `unpaidAt` failed: past due, then unpaid. */
  | { kind: 'unpaid'; unpaidAt: number }

export interface DemoFollowed {
  accountId: string
  subscriptionId: string
  customerId: string
  savedAt: number
  /** When Stripe created the subscription (a reactivation's is new). */
  createdAt: number
  /** When a pause ends, for a pause. */
  pausedUntil: number | null
  fate: DemoFate
}

/** The first renewal of a monthly subscription created at `created` after `after`, and the n-th on. */
function renewalAfter(created: number, after: number, nth = 1): number {
  let months = 1
  while (shiftUtcMonths(new Date(created), months).getTime() <= after) months += 1
  return shiftUtcMonths(new Date(created), months + nth - 1).getTime()
}

const timeOfDay = (random: Prng) => random.int(0, 86_399) * 1000

/** When a lost save's subscriber cancels again. */
function cancelAtOf(mechanism: Mechanism, savedAt: number, pausedUntil: number | null, random: Prng): number {
  const days = (min: number, max: number) => savedAt + random.int(min, max) * DAY_MS + timeOfDay(random)
  if (mechanism === 'discount' && random.chance(0.5))
    // When the three discounted months end and the full price comes back.
    return shiftUtcMonths(new Date(savedAt), 3).getTime() + random.int(-4, 10) * DAY_MS + timeOfDay(random)
  if (pausedUntil !== null && random.chance(0.6))
    return pausedUntil + random.int(0, 6) * DAY_MS + timeOfDay(random)
  return random.chance(0.45) ? days(3, 40) : days(41, 170)
}

/** Draws one save's fate (three to six draws from the day's follow-up stream, in the save's order). */
export function followDemoSave(save: Insertable<SavesTable>, random: Prng): DemoFollowed {
  const savedAt = (save.created_at as Date).getTime()
  const mechanism = save.mechanism as Mechanism
  const detail = JSON.parse(String(save.detail ?? '{}')) as { months?: number }
  const pausedUntil =
    mechanism === 'pause' ? shiftUtcMonths(new Date(savedAt), detail.months ?? 1).getTime() : null
  // A reactivation starts a new subscription; the others have been paying for a while.
  const createdAt = mechanism === 'reactivation' ? savedAt : savedAt - random.int(20, 700) * DAY_MS
  const kind = random.weighted(FATES[mechanism])
  const followed = {
    accountId: save.account_id as string,
    subscriptionId: save.subscription_id as string,
    customerId: save.customer_id as string,
    savedAt,
    createdAt,
    pausedUntil,
  }
  if (kind === 'kept') return { ...followed, fate: { kind } }
  if (kind === 'unpaid') {
    const billedFrom = pausedUntil ?? savedAt
    const unpaidAt = renewalAfter(createdAt, billedFrom, random.int(1, 4)) + random.int(60, 7200) * 1000
    return { ...followed, fate: { kind, unpaidAt } }
  }
  const cancelAt = cancelAtOf(mechanism, savedAt, pausedUntil, random)
  return { ...followed, fate: { kind, cancelAt, endAt: renewalAfter(createdAt, cancelAt) } }
}

/** The save's subscription as Stripe would have described it at `at` (the save made before it). */
export function demoSubscriptionAt(
  followed: DemoFollowed,
  at: number,
): Insertable<SubscriberSubscriptionsTable> {
  const { fate } = followed
  const happened = (instant: number | null | undefined) =>
    instant !== null && instant !== undefined && instant <= at
  // The last change Stripe would have told us about: the save itself (a few minutes before the history's
  // end at most), then whatever has happened since.
  const changes = [followed.pausedUntil]
  const row: Insertable<SubscriberSubscriptionsTable> = {
    account_id: followed.accountId,
    subscription_id: followed.subscriptionId,
    customer_id: followed.customerId,
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    paused: followed.pausedUntil !== null && !happened(followed.pausedUntil),
    unpaid_since: null,
    stripe_created: new Date(followed.createdAt),
    synced_at: new Date(followed.savedAt),
  }
  if (fate.kind === 'lost' && happened(fate.cancelAt)) {
    changes.push(fate.cancelAt, fate.endAt)
    row.canceled_at = new Date(fate.cancelAt)
    if (happened(fate.endAt))
      Object.assign(row, { status: 'canceled', ended_at: new Date(fate.endAt), paused: false })
    else row.cancel_at_period_end = true
  } else if (fate.kind === 'unpaid' && happened(fate.unpaidAt)) {
    const markedUnpaid = fate.unpaidAt + RETRY_DAYS * DAY_MS
    changes.push(fate.unpaidAt, markedUnpaid)
    row.unpaid_since = new Date(fate.unpaidAt)
    row.status = happened(markedUnpaid) ? 'unpaid' : 'past_due'
  }
  const seen = changes.filter((instant): instant is number => happened(instant))
  row.synced_at = new Date(Math.max(followed.savedAt, ...seen))
  return row
}
