import type { AppDeps } from '../../deps'
import { startPeriodicWorker } from '../periodic-worker'
import type { UsageFollowUp } from './usage'
import { mailUsageNotice, retryUnsentNotices } from './usage-notices'
import { reportPendingUsage } from './usage-reports'

/**
 * What a session start leaves to do after its transaction committed: the usage mails and the metered
 * usage report. Runs after the answer is sent (a slow mail server must not hold the widget) and never
 * throws; whatever fails is retried by the billing worker.
 */
export async function runUsageFollowUp(deps: AppDeps, followUp: UsageFollowUp): Promise<void> {
  const work: Promise<unknown>[] = followUp.notices.map((notice) =>
    mailUsageNotice(deps, followUp.accountId, notice),
  )
  if (followUp.overageQueued) work.push(reportPendingUsage(deps, followUp.accountId))
  for (const result of await Promise.allSettled(work)) {
    if (result.status === 'rejected') {
      deps.logger.error('usage follow-up failed; the billing worker retries it', {
        accountId: followUp.accountId,
        error: result.reason instanceof Error ? result.reason.message : String(result.reason),
      })
    }
  }
}

/** Every few minutes: metered usage still unreported, notice mails that failed. Returns a stop function. */
export function startBillingWorker(deps: AppDeps, everyMs = 5 * 60_000): () => void {
  return startPeriodicWorker(deps.logger, 'billing worker', everyMs, async () => {
    await reportPendingUsage(deps)
    await retryUnsentNotices(deps)
  })
}
