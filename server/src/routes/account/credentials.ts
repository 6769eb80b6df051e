import { credentialsSchema } from '@retainkit/shared/schemas'
import { ok } from '../../http/respond'
import { readBody } from '../../http/validate'
import {
  DISCONNECTED,
  deleteCredentials,
  readCredentialsView,
  storeCredentials,
  verifyPastedKeys,
} from '../../services/credentials'
import type { AccountActionHandlers } from './types'

/**
 * `GET|POST|DELETE /api/account?accountId={id}&action=credentials`. Only members who may
 * manage credentials see even the masked view. POST checks the pasted keys against Stripe before
 * storing anything: a key Stripe rejects leaves the previous credentials (or none) untouched.
 */
export const credentialsActions: AccountActionHandlers = {
  GET: {
    capability: 'canManageCredentials',
    async run(c, { deps, accountId }) {
      return ok(c, 'GET /api/account?action=credentials', await readCredentialsView(deps, accountId))
    },
  },
  POST: {
    capability: 'canManageCredentials',
    async run(c, { deps, accountId }) {
      const body = await readBody(c, credentialsSchema)
      const { account, livemode } = await verifyPastedKeys(deps, body.api_key, body.access_token)
      await storeCredentials(deps, accountId, {
        secretKey: body.api_key,
        publishableKey: body.access_token,
        stripeAccountId: account.id,
        connectedVia: 'key',
        refreshToken: null,
        livemode,
        testedOk: true,
      })
      deps.logger.info('stripe credentials saved', { accountId, stripeAccountId: account.id, via: 'key' })
      return ok(c, 'POST /api/account?action=credentials', await readCredentialsView(deps, accountId))
    },
  },
  DELETE: {
    capability: 'canManageCredentials',
    async run(c, { deps, accountId }) {
      await deleteCredentials(deps, accountId)
      deps.logger.info('stripe credentials removed', { accountId })
      return ok(c, 'DELETE /api/account?action=credentials', DISCONNECTED)
    },
  },
}
