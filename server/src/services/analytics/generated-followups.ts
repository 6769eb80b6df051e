import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { createRandom, type GeneratedData, microInstant } from './generated-events'
import type { SaveSpec } from './test-fixtures'

/**
 * What happens to generated saves afterwards, for comparing the save-durability rollup with the raw
 * computation: sessions given their reason and subscription before or after the save is written,
 * subscriptions Stripe tells us about before or after it (or never) — kept, cancelled, scheduled to
 * cancel, unpaid, lost before the save, lost exactly on a checkpoint or a millisecond after it — and
 * some of them changing state later. Every loss happens no later than `lostBy` (what Stripe reports has
 * happened). Deterministic for a seed.
 */
const DAY_MS = 86_400_000
const REASONS = ['too_expensive', 'not_using_enough', 'missing_features'] as const

interface SubscriptionRow {
  subscription_id: string
  status: 'active' | 'canceled' | 'past_due'
  cancel_at_period_end: boolean
  canceled_at: string | null
  ended_at: string | null
  unpaid_since: string | null
  synced_at: string
}

export interface GeneratedFollowUps {
  /** Session facts written before the saves, and changed (or first written) after them. */
  sessionsBefore: { id: string; reason: string | null; subscription: string }[]
  sessionsAfter: { id: string; reason: string | null; subscription: string }[]
  subscriptionsBefore: SubscriptionRow[]
  subscriptionsAfter: SubscriptionRow[]
  /** Later changes of subscriptions already written. */
  subscriptionUpdates: SubscriptionRow[]
  /**
   * Saves without a session, on their own subscription, many of them around the days a checkpoint
   * boundary falls in.
   */
  extraSaves: SaveSpec[]
}

export function generateFollowUps(seed: number, data: GeneratedData, lostBy: number): GeneratedFollowUps {
  const random = createRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const out: GeneratedFollowUps = {
    sessionsBefore: [],
    sessionsAfter: [],
    subscriptionsBefore: [],
    subscriptionsAfter: [],
    subscriptionUpdates: [],
    extraSaves: [],
  }
  const stateOf = (subscriptionId: string, savedAt: number): SubscriptionRow => {
    const base: SubscriptionRow = {
      subscription_id: subscriptionId,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      unpaid_since: null,
      synced_at: new Date(lostBy).toISOString(),
    }
    const roll = random()
    if (roll < 0.2 || savedAt > lostBy) return base
    const offsets = [-2 * DAY_MS, 30 * DAY_MS, 30 * DAY_MS + 1, 60 * DAY_MS, 90 * DAY_MS + 1]
    const lostMs = random() < 0.5 ? savedAt + pick(offsets) : savedAt + Math.floor(random() * 120 * DAY_MS)
    const lost = microInstant(Math.min(lostMs, lostBy - 1), Math.floor(random() * 1000))
    if (roll < 0.5) return { ...base, status: 'canceled', ended_at: lost, canceled_at: lost }
    if (roll < 0.6) return { ...base, status: 'canceled', canceled_at: lost }
    if (roll < 0.75) return { ...base, cancel_at_period_end: true, canceled_at: random() < 0.5 ? lost : null }
    return { ...base, status: 'past_due', unpaid_since: lost }
  }
  const savedAtOf = new Map(data.saves.map((save) => [save.session ?? '', Date.parse(save.at)]))
  for (const session of data.sessions) {
    const subscription = `sub_${session.id}`
    const facts = { id: session.id, reason: random() < 0.1 ? null : pick(REASONS), subscription }
    const when = random()
    if (when < 0.5) out.sessionsBefore.push(facts)
    else if (when < 0.9) out.sessionsAfter.push(facts)
    const savedAt = savedAtOf.get(session.id)
    if (savedAt === undefined || random() < 0.15) continue
    const state = stateOf(subscription, savedAt)
    if (random() < 0.5) out.subscriptionsBefore.push(state)
    else out.subscriptionsAfter.push(state)
    if (random() < 0.3) out.subscriptionUpdates.push(stateOf(subscription, savedAt))
  }
  for (let index = 0; index < 80; index++) {
    const subscription = `sub_extra_${seed}_${index}`
    const nearBoundary = lostBy - pick([30, 60, 90]) * DAY_MS + Math.floor((random() - 0.5) * 2 * DAY_MS)
    const savedAt =
      random() < 0.5 ? nearBoundary : Date.parse('2025-11-20T00:00:00Z') + random() * 130 * DAY_MS
    out.extraSaves.push({
      mechanism: pick(['discount', 'pause', 'plan_switch'] as const),
      at: microInstant(Math.floor(savedAt), Math.floor(random() * 1000)),
      mrrAfter: 100 + Math.floor(random() * 900),
      currency: random() < 0.9 ? 'usd' : 'EUR',
      session: null,
      subscription,
    })
    if (random() < 0.85) {
      const state = stateOf(subscription, Math.floor(savedAt))
      if (random() < 0.5) out.subscriptionsBefore.push(state)
      else out.subscriptionsAfter.push(state)
    }
  }
  // A session whose reason changes after the save.
  for (const facts of out.sessionsBefore.slice(0, 10))
    out.sessionsAfter.push({ ...facts, reason: pick(REASONS) })
  return out
}

export async function writeSessionFacts(
  db: Kysely<Database>,
  sessions: GeneratedFollowUps['sessionsBefore'],
) {
  for (const session of sessions) {
    await db
      .updateTable('cancel_sessions')
      .set({ reason_key: session.reason, subscription_id: session.subscription })
      .where('id', '=', session.id)
      .execute()
  }
}

export async function upsertSubscriptions(
  db: Kysely<Database>,
  accountId: string,
  rows: readonly SubscriptionRow[],
) {
  if (rows.length === 0) return
  await db
    .insertInto('subscriber_subscriptions')
    .values(
      rows.map((row) => ({
        ...row,
        account_id: accountId,
        customer_id: 'cus_fixture',
        paused: false,
        stripe_created: '2025-01-01T00:00:00Z',
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['account_id', 'subscription_id']).doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        cancel_at_period_end: eb.ref('excluded.cancel_at_period_end'),
        canceled_at: eb.ref('excluded.canceled_at'),
        ended_at: eb.ref('excluded.ended_at'),
        unpaid_since: eb.ref('excluded.unpaid_since'),
        synced_at: eb.ref('excluded.synced_at'),
      })),
    )
    .execute()
}
