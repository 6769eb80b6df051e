import type { AnalyticsEndpoint } from '@retainkit/shared/analytics-endpoints'
import type { ApiData } from '@retainkit/shared/api'
import { sanitizeMessage } from '@retainkit/shared/sanitize'
import {
  accountIdSchema,
  analyticsDashboardQuerySchema,
  analyticsQuerySchema,
} from '@retainkit/shared/schemas'
import { type Context, Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { HttpError } from '../http/http-error'
import { answer, ok } from '../http/respond'
import { parseWith } from '../http/validate'
import { requireMembership } from '../services/access'
import { ANALYTICS, type AnalyticsContext, PRO_DASHBOARD_MESSAGE } from '../services/analytics/endpoints'
import { resolveRange } from '../services/analytics/range'
import { loadEffectiveTier } from '../services/billing/tier'

/** An empty query value (`startDate=`) means the parameter was left out: the dates are optional. */
const optional = (value: string | undefined): string | undefined => (value === '' ? undefined : value)

/**
 * `GET /api/analytics?endpoint={name}&account_id={id}&startDate&endDate` (API key and bearer),
 * plus an optional `mode=test` of ours: test-mode sessions (a merchant trying the widget) are counted
 * apart from live ones, which are the default.
 * Order of checks: the account ID first (analytics calls validate the account ID first, with
 * the shared account-ID messages), then membership with canViewAnalytics, then the endpoint and dates
 * (shared analyticsQuerySchema), then the tier (see endpoints.ts). Dates are optional: absent
 * means the default period (the last 3 months); a bare date covers its whole UTC day.
 *
 * Success is `{data}` — and `{data, meta: {keys}}` for cancellation-reasons-over-time.
 *
 * `GET /api/analytics/dashboard?account_id&startDate&endDate&mode&datasets` (ours): the console's whole
 * dashboard in one request, the same checks, the data sets named (comma-separated; absent: all six)
 * answered from the same rollups. `data` maps each data set to what its own call would answer: `{data, meta?}`, or `{error: {code, message}, status}` (a Pro
 * data set on the free tier: 403 with the upgrade message).
 */
export const INVALID_ACCOUNT_ID = 'Invalid account ID'

type DashboardEntry = NonNullable<ApiData<'GET /api/analytics/dashboard'>[AnalyticsEndpoint]>

type TierRead = ReturnType<typeof loadEffectiveTier>

async function accountScope(
  deps: AppDeps,
  c: Context<AppEnv>,
): Promise<{ accountId: string; tier: TierRead }> {
  // 'Invalid account ID' when no single validation message fits (the id sent more than once).
  if ((c.req.queries('account_id')?.length ?? 0) > 1) {
    throw new HttpError('VALIDATION_FAILED', INVALID_ACCOUNT_ID, 'account_id')
  }
  const accountId = parseWith(accountIdSchema, c.req.query('account_id'), ['account_id'])
  // The tier is read beside the membership, not after it (one round trip fewer); it is only used, and
  // its failure only reported, once the membership and the query have passed their checks.
  const tier = loadEffectiveTier(deps.db, accountId, deps.clock.now())
  tier.catch(() => undefined)
  await requireMembership(deps.db, c.get('user').id, accountId, 'canViewAnalytics')
  return { accountId, tier }
}

async function analyticsContext(
  deps: AppDeps,
  { accountId, tier }: { accountId: string; tier: TierRead },
  query: {
    startDate?: string | undefined
    endDate?: string | undefined
    mode?: 'live' | 'test' | undefined
    segment_id?: string | undefined
    arm_id?: string | undefined
  },
): Promise<AnalyticsContext> {
  const range = {
    ...resolveRange(query.startDate, query.endDate, deps.clock.now(), query.mode),
    cohort: { segmentId: query.segment_id, armId: query.arm_id },
  }
  const account = await tier
  // A membership row cannot outlive its account (on delete cascade); this only guards a race.
  if (!account) throw new HttpError('NOT_FOUND')
  return {
    db: deps.db,
    logger: deps.logger,
    accountId,
    range,
    tier: account.tier,
    now: deps.clock.now(),
    // One request's data sets read what they have in common once (services/analytics/shared-reads.ts).
    reads: new Map(),
  }
}

const proDashboardRefusal = () =>
  new HttpError('BUSINESS_RULE_VIOLATION', PRO_DASHBOARD_MESSAGE, 'endpoint', undefined, 403)

export function analyticsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/analytics', requireUser(deps.verifier))
  app.use('/api/analytics/dashboard', requireUser(deps.verifier))
  app.get('/api/analytics', async (c) => {
    const scope = await accountScope(deps, c)
    const query = parseWith(analyticsQuerySchema, {
      endpoint: c.req.query('endpoint'),
      account_id: scope.accountId,
      startDate: optional(c.req.query('startDate')),
      endDate: optional(c.req.query('endDate')),
      mode: optional(c.req.query('mode')),
      segment_id: optional(c.req.query('segment_id')),
      arm_id: optional(c.req.query('arm_id')),
    })
    const context = await analyticsContext(deps, scope, query)
    const endpoint = ANALYTICS[query.endpoint]
    if (endpoint.proOnly && context.tier !== 'pro') throw proDashboardRefusal()

    const result = await endpoint.run(context)
    c.header('Cache-Control', 'no-store')
    return answer(
      c,
      'GET /api/analytics',
      result.meta ? { data: result.data, meta: result.meta } : { data: result.data },
    )
  })
  app.get('/api/analytics/dashboard', async (c) => {
    const scope = await accountScope(deps, c)
    const query = parseWith(analyticsDashboardQuerySchema, {
      account_id: scope.accountId,
      startDate: optional(c.req.query('startDate')),
      endDate: optional(c.req.query('endDate')),
      mode: optional(c.req.query('mode')),
      segment_id: optional(c.req.query('segment_id')),
      arm_id: optional(c.req.query('arm_id')),
      datasets: optional(c.req.query('datasets'))?.split(','),
    })
    const context = await analyticsContext(deps, scope, query)
    const names = query.datasets ?? (Object.keys(ANALYTICS) as AnalyticsEndpoint[])
    const entries = await Promise.all(
      [...new Set(names)].map(async (name): Promise<[AnalyticsEndpoint, DashboardEntry]> => {
        const endpoint = ANALYTICS[name]
        try {
          if (endpoint.proOnly && context.tier !== 'pro') throw proDashboardRefusal()
          const result = await endpoint.run(context)
          return [name, result.meta ? { data: result.data, meta: result.meta } : { data: result.data }]
        } catch (error) {
          if (!(error instanceof HttpError)) throw error
          const message = sanitizeMessage(error.message, { audience: 'user' })
          const field = error.field ? { field: error.field } : {}
          return [name, { error: { code: error.code, message, ...field }, status: error.status }]
        }
      }),
    )
    c.header('Cache-Control', 'no-store')
    const dashboard: Partial<Record<AnalyticsEndpoint, DashboardEntry>> = {}
    for (const [name, entry] of entries) dashboard[name] = entry
    return ok(c, 'GET /api/analytics/dashboard', dashboard)
  })
  return app
}
