import { evidenceQuerySchema, evidenceVerifyQuerySchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { HttpError } from '../http/http-error'
import { answer, ok } from '../http/respond'
import { parseWith } from '../http/validate'
import { requireMembership } from '../services/access'
import { buildExport } from '../services/evidence/export'
import { evidenceCsv, evidenceHtml } from '../services/evidence/render'
import { MAX_VERIFIED_ROWS, readLedger, verifyAccountChain } from '../services/evidence/store'

const optional = (value: string | undefined): string | undefined => (value === '' ? undefined : value)

/** The end of a date-only bound is the end of that day (UTC). */
const bound = (value: string | undefined, end: boolean): Date | undefined => {
  if (!value) return undefined
  return new Date(
    /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : value,
  )
}

/** Why a viewer may not export: said in the refusal so the console and an API caller both know. */
const EXPORT_REFUSED =
  'The evidence export holds subscribers’ e-mail addresses and names in full, which your role (viewer) does not see. Ask an owner, admin or editor to export it.'

/**
 * The evidence ledger for the merchant:
 * - `GET /api/evidence?account_id&customer_id&session_id&startDate&endDate&mode&format=json|csv|html`:
 *   the rows of a customer, a session or a period (any together), each session told screen by screen,
 *   and the chain verified from the first row exported to the head. Members who see customers in full
 *   (not viewers): the export is never masked, or its hashes could not be checked;
 * - `GET /api/evidence/verify?account_id`: the whole chain verified; it tells no personal data, so any
 *   member who views analytics.
 */
export function evidenceRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/evidence', requireUser(deps.verifier))
  app.use('/api/evidence/*', requireUser(deps.verifier))
  app.get('/api/evidence', async (c) => {
    const query = parseWith(evidenceQuerySchema, {
      account_id: c.req.query('account_id'),
      customer_id: optional(c.req.query('customer_id')),
      session_id: optional(c.req.query('session_id')),
      startDate: optional(c.req.query('startDate')),
      endDate: optional(c.req.query('endDate')),
      mode: optional(c.req.query('mode')),
      format: optional(c.req.query('format')),
    })
    const accountId = query.account_id
    const member = await requireMembership(deps.db, c.get('user').id, accountId, 'canViewAnalytics')
    if (!member.capabilities.canSeeCustomers) throw new HttpError('INSUFFICIENT_PERMISSIONS', EXPORT_REFUSED)
    const now = deps.clock.now()
    const rows = await readLedger(deps.db, accountId, {
      customerId: query.customer_id,
      sessionId: query.session_id,
      from: bound(query.startDate, false),
      to: bound(query.endDate, true),
      mode: query.mode,
      limit: MAX_VERIFIED_ROWS,
    })
    const first = rows[0]?.seq
    const report = await verifyAccountChain(deps.db, accountId, first === undefined ? undefined : first - 1)
    const doc = buildExport(accountId, rows, report, now)
    c.header('Cache-Control', 'no-store')
    const name = `retainkit-${accountId}-evidence`
    if (query.format === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8')
      c.header('Content-Disposition', `attachment; filename="${name}.csv"`)
      return c.body(evidenceCsv(doc))
    }
    if (query.format === 'html') {
      // A page of the merchant's own data, self-contained: nothing in it may run.
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      return c.html(evidenceHtml(doc))
    }
    c.header('Content-Disposition', `attachment; filename="${name}.json"`)
    return answer(c, 'GET /api/evidence', {
      data: doc,
      meta: { truncated: rows.length >= MAX_VERIFIED_ROWS, asOf: now.toISOString() },
    })
  })
  app.get('/api/evidence/verify', async (c) => {
    const { account_id: accountId } = parseWith(evidenceVerifyQuerySchema, {
      account_id: c.req.query('account_id'),
    })
    await requireMembership(deps.db, c.get('user').id, accountId, 'canViewAnalytics')
    c.header('Cache-Control', 'no-store')
    return ok(c, 'GET /api/evidence/verify', await verifyAccountChain(deps.db, accountId))
  })
  return app
}
