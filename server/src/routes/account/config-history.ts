import { configRollbackSchema, configSaveQuerySchema } from '@retainkit/shared/schemas'
import { ok } from '../../http/respond'
import { parseWith, readJson } from '../../http/validate'
import { listPreviousVersions, loadReasons, staleReasonKeys } from '../../services/flow-config'
import { loadFlowHistory, rollBackConfig } from '../../services/flow-history'
import type { AccountActionHandlers } from './types'

/**
 * `GET|POST /api/account?accountId={id}&action=config-history`. GET lists every kept configuration
 * version (who, when, which version it restored) with its differences from the live one. POST
 * `{version}` rolls back: the chosen version's config becomes a new live version saved by the caller
 * (`&base_version=N` refuses it when someone saved meanwhile), answered like a save.
 */
export const configHistoryActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewConfig',
    async run(c, { deps, accountId }) {
      return ok(c, 'GET /api/account?action=config-history', await loadFlowHistory(deps.db, accountId))
    },
  },
  POST: {
    capability: 'canEditConfig',
    async run(c, { deps, accountId, user }) {
      const { base_version } = parseWith(configSaveQuerySchema, {
        base_version: c.req.query('base_version'),
      })
      const { version } = parseWith(configRollbackSchema, await readJson(c))
      const saved = await rollBackConfig(deps, {
        accountId,
        userId: user.id,
        version,
        baseVersion: base_version,
      })
      return ok(c, 'POST /api/account?action=config-history', {
        config_json: saved.config,
        version: saved.version,
        updated_at: saved.updated_at,
        previous_versions: await listPreviousVersions(deps.db, accountId, saved.version),
        warnings: staleReasonKeys(saved.config, await loadReasons(deps.db, accountId)),
      })
    },
  },
}
