import { analyticsExportQuerySchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { HttpError } from '../http/http-error'
import { answer } from '../http/respond'
import { parseWith } from '../http/validate'
import { requireMembership } from '../services/access'
import { PRO_DASHBOARD_MESSAGE } from '../services/analytics/endpoints'
import { resolveRange } from '../services/analytics/range'
import { exportSessions, sessionsCsv } from '../services/analytics/session-export'
import { loadEffectiveTier } from '../services/billing/tier'

const optional = (value: string | undefined): string | undefined => (value === '' ? undefined : value)

/**
 * `GET /api/analytics/export?account_id&format=csv|json&startDate&endDate&mode` (members who may view
 * analytics; Pro, like the full dashboard): the raw sessions with steps, offer, outcome and durability.
 */
export function analyticsExportRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/analytics/export', requireUser(deps.verifier))
  app.get('/api/analytics/export', async (c) => {
    const query = parseWith(analyticsExportQuerySchema, {
      account_id: c.req.query('account_id'),
      format: optional(c.req.query('format')),
      startDate: optional(c.req.query('startDate')),
      endDate: optional(c.req.query('endDate')),
      mode: optional(c.req.query('mode')),
      segment_id: optional(c.req.query('segment_id')),
      arm_id: optional(c.req.query('arm_id')),
    })
    const accountId = query.account_id
    await requireMembership(deps.db, c.get('user').id, accountId, 'canViewAnalytics')
    const now = deps.clock.now()
    const range = {
      ...resolveRange(query.startDate, query.endDate, now, query.mode),
      cohort: { segmentId: query.segment_id, armId: query.arm_id },
    }
    const account = await loadEffectiveTier(deps.db, accountId, now)
    if (!account) throw new HttpError('NOT_FOUND')
    if (account.tier !== 'pro')
      throw new HttpError('BUSINESS_RULE_VIOLATION', PRO_DASHBOARD_MESSAGE, 'account_id', undefined, 403)
    const { sessions, truncated } = await exportSessions(deps.db, accountId, range, now)
    c.header('Cache-Control', 'no-store')
    if (truncated) c.header('X-Retainkit-Truncated', 'true')
    const name = `retainkit-${accountId}-sessions-${range.mode ?? 'live'}`
    if (query.format === 'json') {
      c.header('Content-Disposition', `attachment; filename="${name}.json"`)
      return answer(c, 'GET /api/analytics/export', {
        data: sessions,
        meta: { truncated, asOf: now.toISOString() },
      })
    }
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="${name}.csv"`)
    return c.body(sessionsCsv(sessions))
  })
  return app
}
