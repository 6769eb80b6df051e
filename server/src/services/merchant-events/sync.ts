import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { startClusterPass } from '../cluster-pass'
import { stripeForAccount } from '../merchant-stripe'
import { runPastImport } from '../past-cancellations/import-run'
import { requestPastImport } from '../past-cancellations/import-state'
import { callStripe } from '../stripe-errors'
import { ensureConnectEndpoint } from './connect'
import { clearDeliveryFailureBefore } from './delivery-health'
import {
  MERCHANT_EVENT_TYPES,
  MERCHANT_EVENTS_KEY,
  registerMerchantEndpoint,
  widenMerchantEndpoint,
} from './endpoint'
import { applyMerchantEvent } from './receive'
import { lockMerchantEvents, storeSubscription } from './subscriptions'

/**
 * So that a missed webhook is never permanent: the first sync of a connection reads every subscription
 * (the backfill); later ones read the account's events created since the previous sync and apply those
 * not applied yet (the same path as a delivery, so nothing is counted twice).
 */

/** Events become listable a little after they are created: each reconcile looks back this far again. */
const RECONCILE_OVERLAP_SECONDS = 10 * 60
const PAGE = 100
/** The pass's name in metrics, logs and the cluster lease. */
export const RECONCILE_PASS = 'subscription reconcile'

export interface SyncResult {
  backfilled: number
  applied: number
}

export async function syncMerchantSubscriptions(deps: AppDeps, accountId: string): Promise<SyncResult> {
  const row = await deps.db
    .selectFrom('gateway_credentials')
    .select(['subscriptions_synced_at', 'webhook_endpoint_id', 'connected_via', 'webhook_events'])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!row) return { backfilled: 0, applied: 0 }
  const stripe = await stripeForAccount(deps, accountId)
  const startedAt = deps.clock.now()
  // A registration that failed earlier (Stripe down, a restricted key) is tried again on every pass.
  if (!row.webhook_endpoint_id && row.connected_via === 'key')
    await registerMerchantEndpoint(deps, accountId, stripe)
  else if (row.webhook_endpoint_id && row.webhook_events !== MERCHANT_EVENTS_KEY)
    await widenMerchantEndpoint(deps, accountId, stripe, row.webhook_endpoint_id)
  if (row.connected_via === 'oauth') await ensureConnectEndpoint(deps)
  const result = row.subscriptions_synced_at
    ? {
        backfilled: 0,
        applied: await replayEventsSince(deps, accountId, stripe, row.subscriptions_synced_at),
      }
    : { backfilled: await backfill(deps, accountId, stripe, startedAt), applied: 0 }
  await deps.db
    .updateTable('gateway_credentials')
    .set({ subscriptions_synced_at: startedAt })
    .where('account_id', '=', accountId)
    .execute()
  // Every event up to startedAt is applied now: deliveries that failed before it left nothing stale.
  await clearDeliveryFailureBefore(deps, accountId, startedAt)
  return result
}

async function backfill(deps: AppDeps, accountId: string, stripe: Stripe, readAt: Date): Promise<number> {
  let count = 0
  let startingAfter: string | undefined
  for (;;) {
    const page = await callStripe(
      deps.logger,
      'subscriptions.list',
      () => stripe.subscriptions.list({ status: 'all', limit: PAGE, starting_after: startingAfter }),
      { key: 'stored' },
    )
    await deps.db.transaction().execute(async (trx) => {
      await lockMerchantEvents(trx, accountId)
      for (const sub of page.data) await storeSubscription(trx, accountId, sub, readAt, 'list')
    })
    count += page.data.length
    const last = page.data.at(-1)
    if (!page.has_more || !last) return count
    startingAfter = last.id
  }
}

async function replayEventsSince(
  deps: AppDeps,
  accountId: string,
  stripe: Stripe,
  since: Date,
): Promise<number> {
  const cutoff = Math.floor(since.getTime() / 1000) - RECONCILE_OVERLAP_SECONDS
  let applied = 0
  let startingAfter: string | undefined
  for (;;) {
    const page = await callStripe(
      deps.logger,
      'events.list',
      () =>
        stripe.events.list({
          types: [...MERCHANT_EVENT_TYPES],
          created: { gte: cutoff },
          limit: PAGE,
          starting_after: startingAfter,
        }),
      { key: 'stored' },
    )
    // Newest first; a Stripe that ignored `created` is cut off here all the same.
    const recent = page.data.filter((event) => event.created >= cutoff)
    for (const event of recent) {
      if ((await applyMerchantEvent(deps, accountId, event)).result === 'applied') applied++
    }
    const last = page.data.at(-1)
    if (!page.has_more || !last || recent.length < page.data.length) return applied
    startingAfter = last.id
  }
}

/**
 * Connected accounts, one after the other, every MERCHANT_SYNC_INTERVAL (default 15 minutes) once per
 * cluster; never throws. Returns a stop function.
 */
export function startMerchantSyncWorker(
  deps: AppDeps,
  everyMs = deps.config.merchantSyncIntervalMs,
): () => void {
  return startClusterPass(deps, RECONCILE_PASS, everyMs, async () => {
    const accounts = await deps.db.selectFrom('gateway_credentials').select('account_id').execute()
    for (const { account_id: accountId } of accounts) {
      await syncMerchantSubscriptions(deps, accountId).catch((error: unknown) => {
        deps.logger.warn('subscription reconcile failed; retried on the next pass', {
          accountId,
          error: error instanceof Error ? error.message : String(error),
        })
      })
    }
  })
}

/** After a connection is stored: register the endpoint now, backfill in the background. */
export async function followNewConnection(deps: AppDeps, accountId: string): Promise<void> {
  const row = await deps.db
    .selectFrom('gateway_credentials')
    .select('connected_via')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (row?.connected_via === 'key')
    await registerMerchantEndpoint(deps, accountId, await stripeForAccount(deps, accountId))
  if (row?.connected_via === 'oauth') await ensureConnectEndpoint(deps)
  deps.background.run('subscription backfill', () => syncMerchantSubscriptions(deps, accountId))
  // The last 12 months of cancellations from before Retainkit, kept apart from the flow's sessions.
  if (await requestPastImport(deps, accountId))
    deps.background.run('past cancellations import', () => runPastImport(deps, accountId))
}
