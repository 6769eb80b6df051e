import type { AppDeps } from '../../deps'
import { startClusterPass } from '../cluster-pass'
import type { UsageFollowUp } from './usage'
import { reportPendingUsage } from './usage-reports'

/**
 * What a session start leaves to do after its transaction committed: the metered usage report (the
 * usage mails were queued in the transaction itself, services/mail/). Runs after the answer is sent
 * and never throws; whatever fails is retried by the billing worker.
 */
export async function runUsageFollowUp(deps: AppDeps, followUp: UsageFollowUp): Promise<void> {
  if (!followUp.overageQueued) return
  try {
    await reportPendingUsage(deps, followUp.accountId)
  } catch (error) {
    deps.logger.error('usage follow-up failed; the billing worker retries it', {
      accountId: followUp.accountId,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}

/** Every few minutes, once per cluster: metered usage still unreported. Returns a stop function. */
export function startBillingWorker(deps: AppDeps, everyMs = 5 * 60_000): () => void {
  return startClusterPass(deps, 'billing worker', everyMs, async () => {
    await reportPendingUsage(deps)
  })
}
