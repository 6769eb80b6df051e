import type { IncomingMessage } from 'node:http'
import { Hono } from 'hono'
import { adminEarlyAccessBody, changeEarlyAccess, listWaitlist } from '../admin/early-access'
import { listMail } from '../admin/mail'
import {
  AdminError,
  adminRevokeBody,
  adminTierBody,
  BILLING_OWNS_TIERS,
  listAccounts,
  revokeSessions,
  setTier,
} from '../admin/operations'
import { adminReconcileBody, reconcileAccounts } from '../admin/reconcile'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { bearerToken } from '../http/guards'
import { HttpError } from '../http/http-error'
import { ok } from '../http/respond'
import { sameSecret } from '../http/same-secret'
import { parseWith, readJson } from '../http/validate'

/**
 * `POST /api/admin/{accounts|tier|revoke-sessions|mail|waitlist|early-access|reconcile}`: what `npm run admin` asks a running server to do
 * (with the embedded database only this process may open it). Answers only direct loopback
 * connections (no proxy in between) carrying the process's admin token, which the server writes to
 * DATA_DIR/admin.json (readable by the operator alone); absent that token, the endpoint does not exist.
 */

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/** In-process requests (tests) have no socket; real ones must come straight from this machine. */
function fromLoopback(c: { env: unknown; req: { header(name: string): string | undefined } }): boolean {
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  const address = incoming?.socket?.remoteAddress
  return address === undefined || LOOPBACK.test(address)
}

export function adminRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.post('/api/admin/:command', async (c) => {
    const token = deps.adminToken
    if (!token) throw new HttpError('NOT_FOUND')
    if (!fromLoopback(c)) throw new HttpError('FORBIDDEN', 'The admin endpoint answers this machine only.')
    const sent = bearerToken(c.req.header('authorization'))
    if (!sent || !sameSecret(sent, token))
      throw new HttpError('UNAUTHORIZED', 'Missing or invalid admin token')
    try {
      switch (c.req.param('command')) {
        case 'accounts':
          return ok(c, 'POST /api/admin/accounts', await listAccounts(deps))
        case 'tier': {
          const body = parseWith(adminTierBody, await readJson(c))
          return ok(
            c,
            'POST /api/admin/tier',
            await setTier(deps, body.account, body.tier, { force: body.force }),
          )
        }
        case 'mail':
          return ok(c, 'POST /api/admin/mail', await listMail(deps))
        case 'waitlist':
          return ok(c, 'POST /api/admin/waitlist', await listWaitlist(deps))
        case 'early-access': {
          const body = parseWith(adminEarlyAccessBody, await readJson(c))
          return ok(c, 'POST /api/admin/early-access', await changeEarlyAccess(deps, body.account, body.on))
        }
        case 'reconcile': {
          const body = parseWith(adminReconcileBody, await readJson(c))
          return ok(c, 'POST /api/admin/reconcile', await reconcileAccounts(deps, body.account))
        }
        case 'revoke-sessions': {
          const body = parseWith(adminRevokeBody, await readJson(c))
          return ok(c, 'POST /api/admin/revoke-sessions', await revokeSessions(deps, body.email))
        }
        default:
          throw new HttpError(
            'NOT_FOUND',
            'Unknown admin command: use accounts, tier, revoke-sessions, mail, waitlist, early-access or reconcile',
          )
      }
    } catch (error) {
      if (!(error instanceof AdminError)) throw error
      const conflict = error.message === BILLING_OWNS_TIERS
      throw new HttpError(
        conflict ? 'OPERATION_NOT_ALLOWED' : 'NOT_FOUND',
        error.message,
        undefined,
        undefined,
        conflict ? 409 : 404,
      )
    }
  })
  return app
}
