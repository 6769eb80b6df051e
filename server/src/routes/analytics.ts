import { accountIdSchema, analyticsQuerySchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { HttpError } from '../http/http-error'
import { answer } from '../http/respond'
import { parseWith } from '../http/validate'
import { requireMembership } from '../services/access'
import { ANALYTICS, PRO_DASHBOARD_MESSAGE } from '../services/analytics/endpoints'
import { resolveRange } from '../services/analytics/range'
import { loadEffectiveTier } from '../services/billing/tier'

/** An empty query value (`startDate=`) means the parameter was left out: the dates are optional. */
const optional = (value: string | undefined): string | undefined => (value === '' ? undefined : value)

/**
 * `GET /api/analytics?endpoint={name}&account_id={id}&startDate&endDate` (spec 7; API key and bearer),
 * plus an optional `mode=test` of ours: test-mode sessions (a merchant trying the widget) are counted
 * apart from live ones, which are the default.
 * Order of checks: the account ID first (spec 5 "Analytics methods validate the account ID first", with
 * the shared account-ID messages), then membership with canViewAnalytics, then the endpoint and dates
 * (shared analyticsQuerySchema), then the tier (spec 6; see endpoints.ts). Dates are optional: absent
 * means the default period (the last 3 months); a bare date covers its whole UTC day.
 *
 * Success is `{data}` — and `{data, meta: {keys}}` for cancellation-reasons-over-time.
 */
export const INVALID_ACCOUNT_ID = 'Invalid account ID'

export function analyticsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/analytics', requireUser(deps.verifier))
  app.get('/api/analytics', async (c) => {
    // Spec 8: 'Invalid account ID' when no single validation message fits (the id sent more than once).
    if ((c.req.queries('account_id')?.length ?? 0) > 1) {
      throw new HttpError('VALIDATION_FAILED', INVALID_ACCOUNT_ID, 'account_id')
    }
    const accountId = parseWith(accountIdSchema, c.req.query('account_id'), ['account_id'])
    await requireMembership(deps.db, c.get('user').id, accountId, 'canViewAnalytics')

    const query = parseWith(analyticsQuerySchema, {
      endpoint: c.req.query('endpoint'),
      account_id: accountId,
      startDate: optional(c.req.query('startDate')),
      endDate: optional(c.req.query('endDate')),
      mode: optional(c.req.query('mode')),
    })
    const range = resolveRange(query.startDate, query.endDate, deps.clock.now(), query.mode)

    const account = await loadEffectiveTier(deps.db, accountId, deps.clock.now())
    // A membership row cannot outlive its account (on delete cascade); this only guards a race.
    if (!account) throw new HttpError('NOT_FOUND')
    const endpoint = ANALYTICS[query.endpoint]
    if (endpoint.proOnly && account.tier !== 'pro') {
      throw new HttpError('BUSINESS_RULE_VIOLATION', PRO_DASHBOARD_MESSAGE, 'endpoint', undefined, 403)
    }

    const result = await endpoint.run({
      db: deps.db,
      logger: deps.logger,
      accountId,
      range,
      tier: account.tier,
      now: deps.clock.now(),
    })
    c.header('Cache-Control', 'no-store')
    return answer(
      c,
      'GET /api/analytics',
      result.meta ? { data: result.data, meta: result.meta } : { data: result.data },
    )
  })
  return app
}
