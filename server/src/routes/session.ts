import { activeAccountSchema } from '@retainkit/shared/schemas'
import { type Context, Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { HttpError } from '../http/http-error'
import { ok } from '../http/respond'
import { readBody } from '../http/validate'
import { requireMembership } from '../services/access'
import { bootstrapUser, loadSessionContext } from '../services/accounts'

/** `?action=` values of /api/session and the one method each takes. */
export const SESSION_ACTIONS = {
  bootstrap: 'POST',
  'active-account': 'POST',
  context: 'GET',
} as const satisfies Record<string, 'GET' | 'POST'>
type SessionAction = keyof typeof SESSION_ACTIONS

const isSessionAction = (value: string | undefined): value is SessionAction =>
  value !== undefined && Object.hasOwn(SESSION_ACTIONS, value)

/**
 * `/api/session?action=bootstrap|active-account|context`: every answer is the session
 * context `{active_account_id, accounts, membership, capabilities, user}` of the bearer's user.
 */
export function sessionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/session', requireUser(deps.verifier))

  const run: Record<SessionAction, (c: Context<AppEnv>) => Promise<Response>> = {
    bootstrap: async (c) =>
      ok(c, 'POST /api/session?action=bootstrap', await bootstrapUser(deps, c.get('user'))),
    'active-account': async (c) => {
      const user = c.get('user')
      const { account_id } = await readBody(c, activeAccountSchema)
      await requireMembership(deps.db, user.id, account_id)
      await deps.db
        .updateTable('users')
        .set({ active_account_id: account_id })
        .where('id', '=', user.id)
        .execute()
      return ok(c, 'POST /api/session?action=active-account', await loadSessionContext(deps.db, user))
    },
    context: async (c) =>
      ok(c, 'GET /api/session?action=context', await loadSessionContext(deps.db, c.get('user'))),
  }

  app.all('/api/session', async (c) => {
    const action = c.req.query('action')
    if (!isSessionAction(action)) {
      throw new HttpError(
        'INVALID_INPUT',
        `Unknown action: use one of ${Object.keys(SESSION_ACTIONS).join(', ')}`,
        'action',
      )
    }
    if (c.req.method !== SESSION_ACTIONS[action]) {
      c.header('Allow', SESSION_ACTIONS[action])
      throw new HttpError(
        'OPERATION_NOT_ALLOWED',
        `${c.req.method} is not supported for action=${action}`,
        undefined,
        undefined,
        405,
      )
    }
    return run[action](c)
  })
  return app
}
