import { randomBytes, randomUUID } from 'node:crypto'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import type { OfferType } from '@retainkit/shared/vocabulary'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../db/tables'
import type { AppDeps } from '../deps'
import { DEMO_ACCOUNT_ID } from '../services/demo-account'
import { drainFeedbackInsights } from '../services/feedback/insights'
import { maskSecret } from '../services/secret-box'
import { readSetting, writeSetting } from '../services/settings'
import { insertDemoHistory, insertDemoSubscriptions } from './demo-bulk'
import { DEMO_FATE_HORIZON_DAYS } from './demo-followups'
import {
  buildDemoHistory,
  DEMO_REASON_OFFERS,
  DEMO_SWITCH_PLANS,
  type DemoHistory,
  demoHistoryUntil,
} from './demo-history'

/**
 * The demo merchant seeded on first start (RETAINKIT_SEED_DEMO, on by default): sign in as
 * DEMO_OWNER_EMAIL to see a dashboard full of a year's history. services/accounts.ts refers to the same
 * address (the demo owner's session bootstrap); keep the two equal.
 */
export const DEMO_OWNER_EMAIL = 'demo@retainkit.dev'
export { DEMO_ACCOUNT_ID }
export const DEMO_ACCOUNT_NAME = 'Northwind Coffee Club'

/** Serialises two instances starting at once against one PostgreSQL: only one seeds. */
const SEED_LOCK = 4_242_030

/**
 * The Stripe key earlier demos were seeded with: a placeholder Stripe refuses. The demo now has no
 * Stripe connection (its data is generated and says so); a start removes this one where it was stored.
 */
const OLD_DEMO_STRIPE_KEY_HINT = maskSecret('sk_test_retainkit_placeholder_demo')
/** Where the demo's snippet was last seen: the local example site. */
const DEMO_SITE_ORIGIN = 'http://localhost:8788'

export interface DemoSeedResult {
  cancelSessions: number
  bannerSessions: number
  events: number
  saves: number
}

/** The default flow with plan switching on: the club offers a smaller bag or a slower rhythm. */
export function demoConfig(): CancelFlowConfig {
  const config = createDefaultConfig()
  config.plan_switch = {
    ...config.plan_switch,
    enabled: true,
    plans: DEMO_SWITCH_PLANS.map(({ id, name, price }) => ({ id, name, price })),
  }
  return config
}

/**
 * The default reasons, each mapped to the offer the history used. The one change from the defaults:
 * "I'm not using it enough" offers the smaller plan rather than a pause, which is what a coffee club
 * whose bags pile up would offer, and what makes the plan switch show up in the demo's charts.
 */
export function demoReasons(): CancellationReason[] {
  const offers: Readonly<Record<string, OfferType | null>> = DEMO_REASON_OFFERS
  return createDefaultReasons().map((reason) => {
    const offer = offers[reason.key]
    return offer === undefined ? reason : { ...reason, offer: offer ?? 'none' }
  })
}

/**
 * The demo's live widget secret (a year of live sessions were signed with one), encrypted with this
 * DATA_DIR's secret — which is why a demo seeded at build time, without that secret, leaves it out:
 * `completeDemoSeed` writes it at start. Nobody knows it; the demo's owner can create their own.
 */
async function writeDemoWidgetSecret(
  db: Kysely<Database> | Transaction<Database>,
  secrets: AppDeps['secrets'],
  now: Date,
): Promise<void> {
  const secret = `rkws_${randomBytes(32).toString('base64url')}`
  await db
    .insertInto('widget_secrets')
    .values({
      id: `wsk_${randomBytes(12).toString('base64url')}`,
      account_id: DEMO_ACCOUNT_ID,
      secret_ciphertext: secrets.encrypt(secret),
      mode: 'live',
      created_at: now,
    })
    .execute()
}

/** Removes the placeholder Stripe key earlier demos stored (a key Stripe refuses); whether one was there. */
async function removeOldDemoStripeKey(db: Kysely<Database>): Promise<boolean> {
  const removed = await db
    .deleteFrom('gateway_credentials')
    .where('account_id', '=', DEMO_ACCOUNT_ID)
    .where('secret_key_hint', '=', OLD_DEMO_STRIPE_KEY_HINT)
    .executeTakeFirst()
  return Number(removed.numDeletedRows) > 0
}

/** The settings row saying up to when the demo's history runs (sessions started before it are in). */
export const DEMO_HISTORY_UNTIL_KEY = 'demo_history_until'

const writeHistoryUntil = (db: Kysely<Database> | Transaction<Database>, until: Date, now: Date) =>
  writeSetting(db, DEMO_HISTORY_UNTIL_KEY, until.toISOString(), now)

/**
 * What the build's demo template leaves to the start (db/pglite-template.ts), and what a demo seeded by
 * an earlier version lacks: the demo's widget secret, encrypted with this DATA_DIR's secret (unless the
 * demo ever had one: its owner may have revoked it), the removal of the placeholder Stripe key earlier
 * demos stored, and — when the history was made on an earlier day — the sessions since. Those are the
 * same rows a seed at this moment would have written (the history is generated day by day,
 * seed/demo-history.ts), a few dozen a day, written through the triggers like any session so the
 * rollups follow. What it wrote.
 */
export async function completeDemoSeed(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'clock' | 'dbKind'>,
): Promise<{ secretWritten: boolean; sessionsAdded: number }> {
  if (!(await demoExists(deps.db))) return { secretWritten: false, sessionsAdded: 0 }
  const now = deps.clock.now()
  await removeOldDemoStripeKey(deps.db)
  const stored = await deps.db
    .selectFrom('widget_secrets')
    .select('id')
    .where('account_id', '=', DEMO_ACCOUNT_ID)
    .executeTakeFirst()
  if (!stored) await writeDemoWidgetSecret(deps.db, deps.secrets, now)
  return { secretWritten: !stored, sessionsAdded: await catchUpDemoHistory(deps, now) }
}

/** Writes the demo sessions started since the history's recorded end; how many. */
async function catchUpDemoHistory(deps: Pick<AppDeps, 'db' | 'dbKind'>, now: Date): Promise<number> {
  const until = demoHistoryUntil(now)
  return deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    const recorded = await readSetting(trx, DEMO_HISTORY_UNTIL_KEY)
    const since = recorded === null ? null : new Date(recorded)
    // No record (a demo seeded before the record existed) or nothing new: leave the history alone.
    if (!since || Number.isNaN(since.getTime()) || since >= until) return 0
    const history = buildDemoHistory(DEMO_ACCOUNT_ID, now, since)
    if (history.sessions.length > 0) await insertDemoHistory(trx, history, deps.dbKind, { bulk: false })
    await followDemoSavesForward(trx, now, since)
    await writeHistoryUntil(trx, until, now)
    return history.sessions.length
  })
}

type SubscriptionRow = DemoHistory['subscriptions'][number]
const FOLLOWED_FIELDS = [
  'customer_id',
  'status',
  'cancel_at_period_end',
  'canceled_at',
  'ended_at',
  'paused',
  'unpaid_since',
  'stripe_created',
  'synced_at',
] as const satisfies readonly (keyof SubscriptionRow)[]
const sameRow = (a: SubscriptionRow, b: SubscriptionRow) =>
  FOLLOWED_FIELDS.every((field) => {
    const [x, y] = [a[field], b[field]]
    return x instanceof Date || y instanceof Date
      ? x !== null && y !== null && new Date(x as Date).getTime() === new Date(y as Date).getTime()
      : x === y
  })

/**
 * Moves the older saves' subscriptions to what Stripe would say of them now (a cancellation come due, a
 * pause over, a renewal failed since the last start): the rows a seed at this moment writes. Only saves
 * young enough for their fate to be undecided are looked at, unless the demo has no subscription rows
 * at all (seeded before they existed), when the whole year gets them.
 */
async function followDemoSavesForward(trx: Transaction<Database>, now: Date, since: Date): Promise<void> {
  const stored = await trx
    .selectFrom('subscriber_subscriptions')
    .selectAll()
    .where('account_id', '=', DEMO_ACCOUNT_ID)
    .execute()
  const undecidedFrom = new Date(since.getTime() - DEMO_FATE_HORIZON_DAYS * 86_400_000)
  const wanted = buildDemoHistory(DEMO_ACCOUNT_ID, now, stored.length === 0 ? undefined : undecidedFrom)
  const byId = new Map(stored.map((row) => [row.subscription_id, row]))
  const changed = wanted.subscriptions.filter((row) => {
    const old = byId.get(row.subscription_id as string)
    return !old || !sameRow(old, row)
  })
  await insertDemoSubscriptions(trx, changed)
}

const demoExists = async (db: Kysely<Database> | Transaction<Database>) =>
  (await db.selectFrom('accounts').select('id').where('id', '=', DEMO_ACCOUNT_ID).executeTakeFirst()) !==
  undefined

/**
 * Creates the demo merchant unless an account 'demo' exists: its owner, the account (pro tier), the
 * owner's membership, config v1, the reasons, a widget secret, a widget load and twelve months of sessions, events and saves — all in
 * one transaction, so a failed seed leaves nothing behind. Returns null when there was nothing to do.
 */
export async function seedDemoIfEmpty(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'dbKind'> & Partial<Pick<AppDeps, 'secrets'>>,
): Promise<DemoSeedResult | null> {
  if (await demoExists(deps.db)) return null
  const now = deps.clock.now()
  const history = buildDemoHistory(DEMO_ACCOUNT_ID, now)

  const seeded = await deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    if (await demoExists(trx)) return false

    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_OWNER_EMAIL)
      .executeTakeFirst()
    const userId = existing?.id ?? randomUUID()
    if (!existing)
      await trx.insertInto('users').values({ id: userId, email: DEMO_OWNER_EMAIL, created_at: now }).execute()
    await trx
      .insertInto('accounts')
      .values({
        id: DEMO_ACCOUNT_ID,
        name: DEMO_ACCOUNT_NAME,
        slug: DEMO_ACCOUNT_ID,
        email: DEMO_OWNER_EMAIL,
        domain: 'localhost',
        tier: 'pro',
        created_at: now,
        updated_at: now,
      })
      .execute()
    await trx
      .insertInto('memberships')
      .values({ account_id: DEMO_ACCOUNT_ID, user_id: userId, role: 'owner', created_at: now })
      .execute()
    await trx
      .updateTable('users')
      .set({ active_account_id: DEMO_ACCOUNT_ID })
      .where('id', '=', userId)
      .execute()
    await trx
      .insertInto('flow_configs')
      .values({
        account_id: DEMO_ACCOUNT_ID,
        version: 1,
        config: JSON.stringify(demoConfig()),
        created_by: userId,
        created_at: now,
      })
      .execute()
    const reasons = JSON.stringify(demoReasons())
    await trx
      .insertInto('cancellation_reasons')
      .values({ account_id: DEMO_ACCOUNT_ID, reasons, updated_at: now, version: 1 })
      .execute()
    await trx
      .insertInto('cancellation_reason_versions')
      .values({ account_id: DEMO_ACCOUNT_ID, version: 1, reasons, created_by: userId, created_at: now })
      .execute()

    // Twelve months of sessions mean a widget secret signed their tokens and the snippet ran on a page.
    // (Without the DATA_DIR's secret — the build's demo template — the secret is written at start.)
    if (deps.secrets) await writeDemoWidgetSecret(trx, deps.secrets, now)
    await trx
      .insertInto('widget_loads')
      .values({
        account_id: DEMO_ACCOUNT_ID,
        origin: DEMO_SITE_ORIGIN,
        first_loaded_at: now,
        last_loaded_at: now,
      })
      .execute()

    await insertDemoHistory(trx, history, deps.dbKind)
    await writeHistoryUntil(trx, demoHistoryUntil(now), now)
    return true
  })
  if (!seeded) return null
  // The write-ins' sentiment and themes, so the demo's dashboard has them from its first view (a build's
  // demo template carries them; the sessions a later start adds are scored by the background pass).
  await drainFeedbackInsights(deps)

  const result: DemoSeedResult = {
    cancelSessions: history.cancelSessions,
    bannerSessions: history.bannerSessions,
    events: history.events.length,
    saves: history.saves.length,
  }
  deps.logger.info(`demo merchant seeded: ${result.cancelSessions} sessions`, {
    account: DEMO_ACCOUNT_ID,
    bannerSessions: result.bannerSessions,
    events: result.events,
    saves: result.saves,
  })
  return result
}
