import { z } from 'zod'
import type { AppDeps } from '../deps'
import { runClusterPassNow } from '../services/cluster-pass'
import { RECONCILE_PASS, syncMerchantSubscriptions } from '../services/merchant-events/sync'
import { AdminError, findAccount } from './operations'

/**
 * `npm run admin -- reconcile [account]`: the periodic Stripe reconcile (services/merchant-events/sync.ts)
 * run now, for one account or every connected one, each account's result kept apart so that one failing
 * key does not hide the others. It waits for a pass another instance is running, never runs beside it.
 */

export const adminReconcileBody = z.strictObject({ account: z.string().min(1).max(255).optional() })

export interface ReconcileOutcome {
  account: { id: string; name: string }
  backfilled: number
  applied: number
  error: string | null
}

/** The accounts a reconcile covers: the one named (which must be connected) or every connected one. */
export async function reconcileTargets(
  deps: AppDeps,
  reference: string | undefined,
): Promise<Array<{ id: string; name: string }>> {
  if (reference === undefined) {
    return deps.db
      .selectFrom('gateway_credentials as g')
      .innerJoin('accounts as a', 'a.id', 'g.account_id')
      .select(['a.id', 'a.name'])
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute()
  }
  const account = await findAccount(deps, reference)
  const connected = await deps.db
    .selectFrom('gateway_credentials')
    .select('account_id')
    .where('account_id', '=', account.id)
    .executeTakeFirst()
  if (!connected)
    throw new AdminError(`${account.id} (${account.name}) has no Stripe connection: nothing to reconcile.`)
  return [account]
}

export async function reconcileAccounts(
  deps: AppDeps,
  reference: string | undefined,
  progress: {
    starting?(accounts: ReadonlyArray<{ id: string; name: string }>): void
    done?(outcome: ReconcileOutcome): void
  } = {},
): Promise<{ accounts: ReconcileOutcome[] }> {
  const targets = await reconcileTargets(deps, reference)
  progress.starting?.(targets)
  const outcomes: ReconcileOutcome[] = []
  await runClusterPassNow(deps, RECONCILE_PASS, async () => {
    for (const account of targets) {
      const outcome = await syncMerchantSubscriptions(deps, account.id).then(
        (result) => ({ account, ...result, error: null }),
        (error: unknown) => ({
          account,
          backfilled: 0,
          applied: 0,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      outcomes.push(outcome)
      progress.done?.(outcome)
    }
  })
  return { accounts: outcomes }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function reconcileStartLine(reference: string | undefined, count: number): string {
  return reference === undefined
    ? `Reconciling ${plural(count, 'connected account')} with Stripe…`
    : `Reconciling ${reference} with Stripe…`
}

/** One line per account: what the pass did, or why it failed. */
export function reconcileOutcomeLine(outcome: ReconcileOutcome): string {
  const who = `${outcome.account.id} (${outcome.account.name})`
  if (outcome.error !== null) return `${who}: failed: ${outcome.error}`
  const parts = [
    outcome.backfilled > 0 ? `first sync, ${plural(outcome.backfilled, 'subscription')} read` : '',
    outcome.applied > 0 ? `${plural(outcome.applied, 'event')} applied` : '',
  ].filter(Boolean)
  return `${who}: ${parts.length > 0 ? parts.join(', ') : 'up to date, no event missed'}`
}

export function reconcileSummaryLine(outcomes: readonly ReconcileOutcome[]): string {
  const failed = outcomes.filter((o) => o.error !== null).length
  if (outcomes.length === 0) return 'No account is connected to Stripe: nothing to reconcile.'
  if (failed === 0) return `Reconciled ${plural(outcomes.length, 'account')}.`
  return `Reconciled ${outcomes.length - failed} of ${plural(outcomes.length, 'account')}; ${failed} failed.`
}
