import { sql } from 'kysely'
import type { AppDeps } from '../../deps'

/**
 * Whether the merchant's Stripe events reach us. A delivery we refused or could not apply is marked
 * (`merchant_delivery_failures`, a table of its own: a refused request writes it on purpose); a reconcile that started after the mark read back every event since, so it
 * clears the mark when it ends. Until then the banner reads Stripe rather than rows the missed events
 * may have left stale (followed-reactivation.ts). Anyone can post a bad signature: the worst a forger
 * gets is the banner reading Stripe, as it did before the account was followed, until the next reconcile.
 */
export async function markDeliveryFailed(deps: AppDeps, accountId: string): Promise<void> {
  const failedAt = deps.clock.now()
  // Only accounts with a Stripe connection are followed; a post to an unknown account marks nothing.
  await deps.db
    .insertInto('merchant_delivery_failures')
    .columns(['account_id', 'failed_at'])
    .expression((eb) =>
      eb
        .selectFrom('gateway_credentials')
        .select([eb.ref('account_id').as('account_id'), eb.val(failedAt).as('failed_at')])
        .where('account_id', '=', accountId),
    )
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ failed_at: failedAt }))
    .execute()
}

/** After a reconcile that started at `startedAt` and applied everything Stripe listed since the last one. */
export async function clearDeliveryFailureBefore(
  deps: AppDeps,
  accountId: string,
  startedAt: Date,
): Promise<void> {
  await deps.db
    .deleteFrom('merchant_delivery_failures')
    .where('account_id', '=', accountId)
    .where(sql<boolean>`failed_at <= ${startedAt.toISOString()}::timestamptz`)
    .execute()
}
