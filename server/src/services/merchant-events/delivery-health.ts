import { sql } from 'kysely'
import type { AppDeps } from '../../deps'

/**
 * Whether the merchant's Stripe events reach us. A delivery we refused or could not apply is marked
 * (`webhook_failed_at`); a reconcile that started after the mark read back every event since, so it
 * clears the mark when it ends. Until then the banner reads Stripe rather than rows the missed events
 * may have left stale (followed-reactivation.ts). Anyone can post a bad signature: the worst a forger
 * gets is the banner reading Stripe, as it did before the account was followed, until the next reconcile.
 */
export async function markDeliveryFailed(deps: AppDeps, accountId: string): Promise<void> {
  await deps.db
    .updateTable('gateway_credentials')
    .set({ webhook_failed_at: deps.clock.now() })
    .where('account_id', '=', accountId)
    .execute()
}

/** After a reconcile that started at `startedAt` and applied everything Stripe listed since the last one. */
export async function clearDeliveryFailureBefore(
  deps: AppDeps,
  accountId: string,
  startedAt: Date,
): Promise<void> {
  await deps.db
    .updateTable('gateway_credentials')
    .set({ webhook_failed_at: null })
    .where('account_id', '=', accountId)
    .where(sql<boolean>`webhook_failed_at <= ${startedAt.toISOString()}::timestamptz`)
    .execute()
}
