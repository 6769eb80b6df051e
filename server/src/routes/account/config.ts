import {
  configPayloadSchema,
  configSaveQuerySchema,
  configVersionQuerySchema,
} from '@retainkit/shared/schemas'
import { HttpError } from '../../http/http-error'
import { ok } from '../../http/respond'
import { parseWith, readJson } from '../../http/validate'
import {
  listPreviousVersions,
  loadConfigVersion,
  loadCurrentConfig,
  loadReasons,
  saveConfigVersion,
  staleReasonKeys,
} from '../../services/flow-config'
import type { AccountActionHandlers } from './types'

/**
 * `GET|PUT /api/account?accountId={id}&action=config`. GET answers the current version (the
 * default, as version 0, until one is saved) or `&version=N`, with the list of the other saved
 * versions. PUT validates `config_json` field by field (validation messages, `config_json.…` paths),
 * applies the free-tier rule and stores a new version; `&base_version=N` refuses a save made
 * on top of a version that is no longer current.
 */
export const configActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewConfig',
    async run(c, { deps, accountId }) {
      const { version } = parseWith(configVersionQuerySchema, { version: c.req.query('version') })
      const current = await loadCurrentConfig(deps.db, accountId)
      const shown = version === undefined ? current : await loadConfigVersion(deps.db, accountId, version)
      if (!shown) throw new HttpError('NOT_FOUND', `Version ${version} of this configuration was not found.`)
      return ok(c, 'GET /api/account?action=config', {
        config_json: shown.config,
        version: shown.version,
        updated_at: shown.updated_at,
        previous_versions: await listPreviousVersions(deps.db, accountId, current.version),
      })
    },
  },
  PUT: {
    capability: 'canEditConfig',
    async run(c, { deps, accountId, user }) {
      const { base_version } = parseWith(configSaveQuerySchema, {
        base_version: c.req.query('base_version'),
      })
      const { config_json } = parseWith(configPayloadSchema, await readJson(c))
      const saved = await saveConfigVersion(deps, {
        accountId,
        userId: user.id,
        config: config_json,
        baseVersion: base_version,
      })
      return ok(c, 'PUT /api/account?action=config', {
        config_json: saved.config,
        version: saved.version,
        updated_at: saved.updated_at,
        previous_versions: await listPreviousVersions(deps.db, accountId, saved.version),
        warnings: staleReasonKeys(saved.config, await loadReasons(deps.db, accountId)),
      })
    },
  },
}
