import { ok } from '../../http/respond'
import { loadEffectiveTier } from '../../services/billing/tier'
import { listWriteInSummaries } from '../../services/feedback/summary-list'
import type { AccountActionHandlers } from './types'

/**
 * `action=summaries`: the monthly write-in summaries (services/feedback/summary-pass.ts). Members who
 * view analytics read them; they are written for Pro accounts only, so another tier gets an empty list
 * rather than an error (the console then says what Pro adds).
 */
export const summariesActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewAnalytics',
    run: async (c, { deps, accountId }) => {
      const enabled = deps.config.writeInSummaries !== null
      const account = await loadEffectiveTier(deps.db, accountId, deps.clock.now())
      const summaries = account?.tier === 'pro' ? await listWriteInSummaries(deps.db, accountId) : []
      return ok(c, 'GET /api/account?action=summaries', { enabled, summaries })
    },
  },
}
