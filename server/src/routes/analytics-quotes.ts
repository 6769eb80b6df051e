import { sanitizeMessage } from '@retainkit/shared/sanitize'
import { accountIdSchema, quotesQuerySchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { HttpError } from '../http/http-error'
import { ok } from '../http/respond'
import { parseWith } from '../http/validate'
import { requireMembership } from '../services/access'
import { PRO_DASHBOARD_MESSAGE } from '../services/analytics/endpoints'
import { resolveRange } from '../services/analytics/range'
import { loadEffectiveTier } from '../services/billing/tier'
import { listQuotes } from '../services/feedback/quotes'

const optional = (value: string | undefined): string | undefined => (value === '' ? undefined : value)

/**
 * `GET /api/analytics/quotes?account_id&startDate&endDate&mode&segment_id&arm_id&sentiment&reason_key&
 * outcome&theme&month&before` (members who may view analytics; Pro, like the full dashboard): the
 * write-ins behind a figure of the sentiment and themes data sets, newest first, with their sessions.
 * The account id is checked first, then membership, then the query, then the tier; a database failure
 * is 'Failed to fetch write-in quotes: …' as the data sets word theirs.
 */
export function analyticsQuotesRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/analytics/quotes', requireUser(deps.verifier))
  app.get('/api/analytics/quotes', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.query('account_id'), ['account_id'])
    await requireMembership(deps.db, c.get('user').id, accountId, 'canViewAnalytics')
    const field = (name: string) => optional(c.req.query(name))
    const query = parseWith(quotesQuerySchema, {
      account_id: accountId,
      ...Object.fromEntries(
        [
          'startDate',
          'endDate',
          'mode',
          'segment_id',
          'arm_id',
          'sentiment',
          'reason_key',
          'outcome',
          'theme',
          'month',
          'before',
        ].map((name) => [name, field(name)]),
      ),
    })
    const now = deps.clock.now()
    const range = {
      ...resolveRange(query.startDate, query.endDate, now, query.mode),
      cohort: { segmentId: query.segment_id, armId: query.arm_id },
    }
    const account = await loadEffectiveTier(deps.db, accountId, now)
    if (!account) throw new HttpError('NOT_FOUND')
    if (account.tier !== 'pro')
      throw new HttpError('BUSINESS_RULE_VIOLATION', PRO_DASHBOARD_MESSAGE, 'account_id', undefined, 403)
    let page: Awaited<ReturnType<typeof listQuotes>>
    try {
      page = await listQuotes(deps.db, accountId, range, query)
    } catch (error) {
      deps.logger.error('quotes query failed', {
        accountId,
        error: error instanceof Error ? error.message : String(error),
      })
      const reason = sanitizeMessage(error, { audience: 'user' })
      throw new HttpError('DATABASE_ERROR', `Failed to fetch write-in quotes: ${reason}`)
    }
    c.header('Cache-Control', 'no-store')
    return ok(c, 'GET /api/analytics/quotes', page)
  })
  return app
}
