import {
  configSaveQuerySchema,
  configVersionQuerySchema,
  reasonsPayloadSchema,
} from '@retainkit/shared/schemas'
import { HttpError } from '../../http/http-error'
import { ok } from '../../http/respond'
import { parseWith, readJson } from '../../http/validate'
import { loadCurrentConfig, staleReasonKeys } from '../../services/flow-config'
import {
  listPreviousReasonVersions,
  loadReasonsVersion,
  loadStoredReasons,
  saveReasons,
} from '../../services/reasons'
import type { AccountActionHandlers } from './types'

/**
 * `POST /api/account?accountId={id}&action=reasons` replaces the account's cancellation
 * reasons as a new version; `&base_version=N` refuses (409) a save made on a version that is no longer
 * current. GET reads them (the defaults, version 0, until some are saved; `&version=N` an older one)
 * with the list of kept versions. Both answer `{reasons, version, updated_at, previous_versions,
 * warnings}`: a key that `copy.cancel_reasons` still lists but no reason has any more is reported, not
 * refused, so the merchant can save reasons and fix the config in either order.
 */
export const reasonsActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewConfig',
    async run(c, { deps, accountId }) {
      const { version } = parseWith(configVersionQuerySchema, { version: c.req.query('version') })
      const current = await loadStoredReasons(deps.db, accountId)
      const shown = version === undefined ? current : await loadReasonsVersion(deps.db, accountId, version)
      if (!shown) throw new HttpError('NOT_FOUND', `Version ${version} of these reasons was not found.`)
      const { config } = await loadCurrentConfig(deps.db, accountId)
      return ok(c, 'GET /api/account?action=reasons', {
        reasons: shown.reasons,
        version: shown.version,
        updated_at: shown.updated_at,
        previous_versions: await listPreviousReasonVersions(deps.db, accountId, current.version),
        warnings: staleReasonKeys(config, shown.reasons),
      })
    },
  },
  POST: {
    capability: 'canEditConfig',
    async run(c, { deps, accountId, user }) {
      const { base_version } = parseWith(configSaveQuerySchema, { base_version: c.req.query('base_version') })
      const { reasons } = parseWith(reasonsPayloadSchema, await readJson(c))
      const saved = await saveReasons(deps, {
        accountId,
        userId: user.id,
        reasons,
        baseVersion: base_version,
      })
      const { config } = await loadCurrentConfig(deps.db, accountId)
      return ok(c, 'POST /api/account?action=reasons', {
        reasons: saved.reasons,
        version: saved.version,
        updated_at: saved.updated_at,
        previous_versions: await listPreviousReasonVersions(deps.db, accountId, saved.version),
        warnings: staleReasonKeys(config, saved.reasons),
      })
    },
  },
}
