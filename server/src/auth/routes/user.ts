import { GoTrueError } from '../../http/gotrue-error'
import { answer } from '../../http/respond'
import { authenticateBearer } from '../bearer'
import { logoutScopeSchema, parseAuth } from '../schemas'
import { revokeByScope } from '../sessions'
import { loadGoTrueUser } from '../users'
import type { AuthApp, AuthContext } from './context'
import { userUpdateRoute } from './user-update'

/** GET/PUT /user and POST /logout: the signed-in user's own calls (Bearer access token). */
export function userRoutes(app: AuthApp, ctx: AuthContext): void {
  const { deps } = ctx

  app.get('/auth/v1/user', async (c) => {
    const { userId } = await authenticateBearer(ctx.verifier, deps.db, c)
    const user = await loadGoTrueUser(deps.db, userId)
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    c.header('Cache-Control', 'no-store')
    return answer(c, 'GET /auth/v1/user', user, 200)
  })

  userUpdateRoute(app, ctx)

  app.post('/auth/v1/logout', async (c) => {
    const { userId, sessionId } = await authenticateBearer(ctx.verifier, deps.db, c)
    const scope = parseAuth(logoutScopeSchema, c.req.query('scope') ?? 'global')
    await revokeByScope(deps.db, userId, sessionId, scope, deps.clock.now())
    return c.body(null, 204)
  })
}
