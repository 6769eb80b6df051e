import { accountIdSchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'
import { HttpError } from '../../http/http-error'
import { ok } from '../../http/respond'
import { parseWith } from '../../http/validate'
import { requireMembership } from '../../services/access'
import { runPastImport } from '../../services/past-cancellations/import-run'
import { requestPastImport } from '../../services/past-cancellations/import-state'
import { readPastCancellations } from '../../services/past-cancellations/summary'
import { seesCustomers } from '../../services/sessions/customers'

/**
 * Cancellations from before Retainkit: `GET /api/stripe/past-cancellations/{accountId}` (members who view
 * analytics; customers masked for viewers) and `POST …/import`, which starts the import again in the
 * background (members who manage the Stripe connection). Connecting Stripe starts it by itself.
 */
export function pastCancellationRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.get('/api/stripe/past-cancellations/:accountId', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
    const member = await requireMembership(deps.db, c.get('user').id, accountId, 'canViewAnalytics')
    c.header('Cache-Control', 'no-store')
    const view = await readPastCancellations(deps, accountId, { masked: !seesCustomers(member.role) })
    return ok(c, 'GET /api/stripe/past-cancellations/{accountId}', view)
  })

  app.post('/api/stripe/past-cancellations/:accountId/import', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
    const member = await requireMembership(deps.db, c.get('user').id, accountId, 'canManageCredentials')
    if (!(await requestPastImport(deps, accountId))) {
      throw new HttpError('BUSINESS_RULE_VIOLATION', 'Connect your Stripe account first (Settings → Stripe).')
    }
    deps.background.run('past cancellations import', () => runPastImport(deps, accountId))
    const view = await readPastCancellations(deps, accountId, { masked: !seesCustomers(member.role) })
    return ok(c, 'POST /api/stripe/past-cancellations/{accountId}/import', view)
  })

  return app
}
