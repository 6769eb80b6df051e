import { ok } from '../../http/respond'
import { installStatus } from '../../services/widget/widget-loads'
import type { AccountActionHandlers } from './types'

/**
 * `GET /api/account?accountId=&action=install-status` → `{data: {installed, last_loaded_at, origins:
 * [{origin, first_loaded_at, last_loaded_at}]}}`, newest first: where the widget's config was last
 * loaded from (allowed origins only; see services/widget/widget-loads.ts).
 */
export const installStatusActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewConfig',
    run: async (c, { deps, accountId }) =>
      ok(c, 'GET /api/account?action=install-status', await installStatus(deps, accountId)),
  },
}
