import { reasonsPayloadSchema } from '@retainkit/shared/schemas'
import { ok } from '../../http/respond'
import { parseWith, readJson } from '../../http/validate'
import { loadCurrentConfig, loadReasons, saveReasons, staleReasonKeys } from '../../services/flow-config'
import type { AccountActionHandlers } from './types'

/**
 * `POST /api/account?accountId={id}&action=reasons` (spec 7) replaces the account's cancellation
 * reasons; GET reads them (the defaults until some are saved). Both answer `{reasons, warnings}`:
 * a key that `copy.cancel_reasons` still lists but no reason has any more is reported, not refused,
 * so the merchant can save reasons and fix the config in either order.
 */
export const reasonsActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewConfig',
    async run(c, { deps, accountId }) {
      const reasons = await loadReasons(deps.db, accountId)
      const { config } = await loadCurrentConfig(deps.db, accountId)
      return ok(c, { reasons, warnings: staleReasonKeys(config, reasons) })
    },
  },
  POST: {
    capability: 'canEditConfig',
    async run(c, { deps, accountId }) {
      const { reasons } = parseWith(reasonsPayloadSchema, await readJson(c))
      await saveReasons(deps, accountId, reasons)
      const { config } = await loadCurrentConfig(deps.db, accountId)
      return ok(c, { reasons, warnings: staleReasonKeys(config, reasons) })
    },
  },
}
