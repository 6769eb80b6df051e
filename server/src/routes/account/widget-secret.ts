import { widgetSecretCreateSchema } from '@retainkit/shared/schemas'
import { HttpError, notFound } from '../../http/http-error'
import { ok } from '../../http/respond'
import { readOptionalBody } from '../../http/validate'
import {
  createWidgetSecret,
  listWidgetSecrets,
  revokeWidgetSecret,
} from '../../services/widget/widget-secrets'
import type { AccountActionHandlers } from './types'

const SECRET_ID = /^wsk_[A-Za-z0-9_-]{1,64}$/

/**
 * `/api/account?accountId=&action=widget-secret`:
 * - POST (optional body `{mode: 'live' | 'test'}`, default live) creates a secret and returns it ONCE
 *   `{data: {id, secret, mode, created_at}}`; a third active secret of that mode retires its oldest
 *   (rotation keeps two active at once). A test-mode secret signs test-mode tokens only.
 * - GET lists the active ones `{data: [{id, hint, mode, created_at, last_used_at}]}` — never the secret.
 * - DELETE `&secretId=` revokes one `{data: {id, revoked_at}}`.
 */
export const widgetSecretActions: AccountActionHandlers = {
  POST: {
    capability: 'canManageWidgetSecret',
    run: async (c, { deps, accountId }) => {
      const { mode } = await readOptionalBody(c, widgetSecretCreateSchema)
      return ok(
        c,
        'POST /api/account?action=widget-secret',
        await createWidgetSecret(deps, accountId, mode),
        201,
      )
    },
  },
  GET: {
    capability: 'canManageWidgetSecret',
    run: async (c, { deps, accountId }) =>
      ok(c, 'GET /api/account?action=widget-secret', await listWidgetSecrets(deps, accountId)),
  },
  DELETE: {
    capability: 'canManageWidgetSecret',
    run: async (c, { deps, accountId }) => {
      const secretId = c.req.query('secretId')
      if (!secretId) throw new HttpError('MISSING_REQUIRED_FIELD', 'secretId is required', 'secretId')
      if (!SECRET_ID.test(secretId)) throw new HttpError('INVALID_INPUT', 'Invalid secretId', 'secretId')
      const revoked = await revokeWidgetSecret(deps, accountId, secretId)
      if (!revoked) throw notFound('No active widget secret with this id')
      return ok(c, 'DELETE /api/account?action=widget-secret', revoked)
    },
  },
}
