import {
  accountIdSchema,
  type SessionsQuery,
  sessionEvidenceParamsSchema,
  sessionIdSchema,
  sessionsQuerySchema,
} from '@retainkit/shared/schemas'
import { type Context, Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { HttpError } from '../http/http-error'
import { ok } from '../http/respond'
import { parseWith } from '../http/validate'
import { requireMembership } from '../services/access'
import { resolveRange } from '../services/analytics/range'
import { sessionEvidenceView } from '../services/evidence/session-view'
import { readLedger } from '../services/evidence/store'
import { sessionsCsvOf } from '../services/sessions/csv'
import { seesCustomers } from '../services/sessions/customers'
import { sessionDetail } from '../services/sessions/detail'
import type { SessionFilters } from '../services/sessions/filters'
import { listSessions } from '../services/sessions/list'

const QUERY_KEYS = [
  'startDate',
  'endDate',
  'mode',
  'segment_id',
  'arm_id',
  'q',
  'outcome',
  'reason',
  'offer',
  'kind',
  'jurisdiction',
  'cursor',
  'limit',
] as const

/** The query string's filters, checked with the shared schema (an empty value is an absent one). */
function readQuery(c: Context<AppEnv>): SessionsQuery {
  const raw = Object.fromEntries(
    QUERY_KEYS.flatMap((key) => {
      const value = c.req.query(key)
      return value === undefined || value === '' ? [] : [[key, value]]
    }),
  )
  return parseWith(sessionsQuerySchema, raw)
}

/**
 * The Sessions page (issue 33): `/api/sessions/{accountId}` lists the account's sessions, newest first,
 * a keyset page at a time, filtered and searched; `/export` is the filtered view as CSV; `/{sessionId}`
 * is one session's whole story, `/{sessionId}/evidence` its evidence ledger rows. Members who may view
 * analytics; a viewer sees customers masked.
 */
export function sessionLogRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/sessions/*', requireUser(deps.verifier))

  const access = async (c: Context<AppEnv>) => {
    const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
    const member = await requireMembership(deps.db, c.get('user').id, accountId, 'canViewAnalytics')
    return { accountId, masked: !seesCustomers(member.role) }
  }
  const filtersOf = (query: SessionsQuery, masked: boolean): SessionFilters => ({
    range: resolveRange(query.startDate, query.endDate, deps.clock.now(), query.mode),
    query,
    masked,
  })

  app.get('/api/sessions/:accountId', async (c) => {
    const { accountId, masked } = await access(c)
    const query = readQuery(c)
    c.header('Cache-Control', 'no-store')
    const page = await listSessions(deps.db, accountId, filtersOf(query, masked), query)
    return ok(c, 'GET /api/sessions/{accountId}', page)
  })

  app.get('/api/sessions/:accountId/export', async (c) => {
    const { accountId, masked } = await access(c)
    const query = readQuery(c)
    const { csv, truncated } = await sessionsCsvOf(deps.db, accountId, filtersOf(query, masked))
    c.header('Cache-Control', 'no-store')
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="retainkit-${accountId}-sessions.csv"`)
    if (truncated) c.header('X-Retainkit-Truncated', 'true')
    return c.body(csv)
  })

  app.get('/api/sessions/:accountId/:sessionId', async (c) => {
    const { accountId, masked } = await access(c)
    const sessionId = parseWith(sessionIdSchema, c.req.param('sessionId'), ['sessionId'])
    c.header('Cache-Control', 'no-store')
    const detail = await sessionDetail(deps.db, accountId, sessionId, { masked, now: deps.clock.now() })
    return ok(c, 'GET /api/sessions/{accountId}/{sessionId}', detail)
  })

  app.get('/api/sessions/:accountId/:sessionId/evidence', async (c) => {
    const { sessionId } = parseWith(sessionEvidenceParamsSchema, {
      accountId: c.req.param('accountId'),
      sessionId: c.req.param('sessionId'),
    })
    const { accountId, masked } = await access(c)
    const session = await deps.db
      .selectFrom('cancel_sessions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', sessionId)
      .executeTakeFirst()
    if (!session) throw new HttpError('NOT_FOUND', 'No such session.')
    const rows = await readLedger(deps.db, accountId, { sessionId })
    c.header('Cache-Control', 'no-store')
    return ok(
      c,
      'GET /api/sessions/{accountId}/{sessionId}/evidence',
      sessionEvidenceView(sessionId, rows, masked),
    )
  })
  return app
}
