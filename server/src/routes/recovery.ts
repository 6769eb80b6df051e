import { mailLocale } from '@retainkit/shared/mail-words'
import { money } from '@retainkit/shared/money'
import { OPEN_RECOVERY_STATES } from '@retainkit/shared/recovery'
import type { Capability } from '@retainkit/shared/roles'
import {
  accountIdSchema,
  recoveryCampaignsQuerySchema,
  recoveryExportQuerySchema,
  recoveryPreviewSchema,
  recoveryReportQuerySchema,
  recoverySettingsSchema,
} from '@retainkit/shared/schemas'
import { type Context, Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { requireUser } from '../http/guards'
import { HttpError } from '../http/http-error'
import { answer, ok } from '../http/respond'
import { parseWith, readBody } from '../http/validate'
import { requireMembership } from '../services/access'
import { resolveRange } from '../services/analytics/range'
import { renderMail } from '../services/mail'
import { previewParams } from '../services/recovery/preview'
import { campaignsCsv, listCampaigns, recoveryReport } from '../services/recovery/report'
import { type RecoveryAccess, recoveryAccess, saveRecoverySettings } from '../services/recovery/settings'

/**
 * Payment recovery's console calls (`/api/recovery/{accountId}…`, members only, checked on the server):
 * the settings and availability, an unsaved mail's preview, the campaigns, the dashboard section's
 * report and the raw export. An early-access Pro module: without the grant, only reading is possible.
 */

export const EARLY_ACCESS_MESSAGE =
  'Payment recovery is in early access. Join the waitlist on the payment recovery page to get it.'
export const PRO_ONLY_MESSAGE = 'Payment recovery is part of the Pro plan.'

const optional = (value: string | undefined) => (value === '' ? undefined : value)

async function member(deps: AppDeps, c: Context<AppEnv>, capability: Capability): Promise<string> {
  const accountId = parseWith(accountIdSchema, c.req.param('accountId'), ['accountId'])
  await requireMembership(deps.db, c.get('user').id, accountId, capability)
  return accountId
}

async function view(deps: AppDeps, accountId: string, access: RecoveryAccess) {
  const [credentials, open] = await Promise.all([
    deps.db
      .selectFrom('gateway_credentials')
      .select('account_id')
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
    deps.db
      .selectFrom('recovery_campaigns')
      .select([
        'currency',
        (eb) => eb.fn.countAll<number>().as('count'),
        (eb) => eb.fn.sum<number>('mrr').as('mrr'),
      ])
      .where('account_id', '=', accountId)
      .where('mode', '=', 'live')
      .where('state', 'in', [...OPEN_RECOVERY_STATES])
      .groupBy('currency')
      .orderBy('currency')
      .execute(),
  ])
  return {
    availability: {
      early_access: access.earlyAccess,
      pro: access.pro,
      active: access.active,
      stripe_connected: Boolean(credentials),
    },
    settings: access.settings as unknown as Record<string, unknown>,
    open: {
      count: open.reduce((sum, row) => sum + Number(row.count), 0),
      mrr: open.map((row) => money(Number(row.mrr ?? 0), row.currency)),
    },
  }
}

async function requireProModule(deps: AppDeps, accountId: string): Promise<void> {
  const access = await recoveryAccess(deps.db, accountId, deps.clock.now())
  if (!access.earlyAccess)
    throw new HttpError('BUSINESS_RULE_VIOLATION', EARLY_ACCESS_MESSAGE, undefined, undefined, 403)
  if (!access.pro) throw new HttpError('BUSINESS_RULE_VIOLATION', PRO_ONLY_MESSAGE, undefined, undefined, 403)
}

/** PUT: the module's settings saved, open campaigns due again so the next pass judges them anew. */
async function saveSettings(deps: AppDeps, c: Context<AppEnv>) {
  const accountId = await member(deps, c, 'canEditConfig')
  const settings = await readBody(c, recoverySettingsSchema)
  const now = deps.clock.now()
  const before = await recoveryAccess(deps.db, accountId, now)
  if (!before.earlyAccess)
    throw new HttpError('BUSINESS_RULE_VIOLATION', EARLY_ACCESS_MESSAGE, undefined, undefined, 403)
  if (settings.enabled && !before.pro)
    throw new HttpError('BUSINESS_RULE_VIOLATION', PRO_ONLY_MESSAGE, 'enabled', undefined, 403)
  await deps.db.transaction().execute(async (trx) => {
    await saveRecoverySettings(trx, accountId, settings, c.get('user').id, now)
    // Open campaigns are judged again with the new settings on the next pass.
    await trx
      .updateTable('recovery_campaigns')
      .set({ due_at: now })
      .where('account_id', '=', accountId)
      .where('state', 'in', [...OPEN_RECOVERY_STATES])
      .execute()
  })
  const access = await recoveryAccess(deps.db, accountId, now)
  return ok(c, 'PUT /api/recovery/{accountId}', await view(deps, accountId, access))
}

export function recoveryRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/recovery/*', requireUser(deps.verifier))

  app.get('/api/recovery/:accountId', async (c) => {
    const accountId = await member(deps, c, 'canViewConfig')
    const access = await recoveryAccess(deps.db, accountId, deps.clock.now())
    return ok(c, 'GET /api/recovery/{accountId}', await view(deps, accountId, access))
  })

  app.put('/api/recovery/:accountId', (c) => saveSettings(deps, c))

  app.post('/api/recovery/:accountId/preview', async (c) => {
    const accountId = await member(deps, c, 'canViewConfig')
    const body = await readBody(c, recoveryPreviewSchema)
    const locale = mailLocale([body.locale])
    const mail = await renderMail(deps, {
      kind: body.kind,
      to: 'subscriber@example.com',
      accountId,
      locale,
      params: previewParams(deps, body.kind, { [locale]: body.texts }),
    })
    return ok(c, 'POST /api/recovery/{accountId}/preview', {
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      locale,
    })
  })

  app.get('/api/recovery/:accountId/campaigns', async (c) => {
    const accountId = await member(deps, c, 'canViewAnalytics')
    const query = parseWith(recoveryCampaignsQuerySchema, {
      state: optional(c.req.query('state')),
      limit: optional(c.req.query('limit')),
    })
    const { campaigns } = await listCampaigns(deps.db, accountId, query)
    return ok(c, 'GET /api/recovery/{accountId}/campaigns', { campaigns })
  })

  app.get('/api/recovery/:accountId/report', async (c) => {
    const accountId = await member(deps, c, 'canViewAnalytics')
    const query = parseWith(recoveryReportQuerySchema, {
      startDate: optional(c.req.query('startDate')),
      endDate: optional(c.req.query('endDate')),
      mode: optional(c.req.query('mode')),
    })
    await requireProModule(deps, accountId)
    const range = resolveRange(query.startDate, query.endDate, deps.clock.now(), query.mode)
    return ok(c, 'GET /api/recovery/{accountId}/report', await recoveryReport(deps.db, accountId, range))
  })

  app.get('/api/recovery/:accountId/export', async (c) => {
    const accountId = await member(deps, c, 'canViewAnalytics')
    const query = parseWith(recoveryExportQuerySchema, {
      format: optional(c.req.query('format')),
      startDate: optional(c.req.query('startDate')),
      endDate: optional(c.req.query('endDate')),
      mode: optional(c.req.query('mode')),
    })
    await requireProModule(deps, accountId)
    const now = deps.clock.now()
    const range = resolveRange(query.startDate, query.endDate, now, query.mode)
    const { campaigns, truncated } = await listCampaigns(deps.db, accountId, { range, limit: 50_000 })
    c.header('Cache-Control', 'no-store')
    if (truncated) c.header('X-Retainkit-Truncated', 'true')
    const name = `retainkit-${accountId}-payment-recovery-${range.mode ?? 'live'}`
    if (query.format === 'json') {
      c.header('Content-Disposition', `attachment; filename="${name}.json"`)
      return answer(c, 'GET /api/recovery/{accountId}/export', {
        data: campaigns,
        meta: { truncated, asOf: now.toISOString() },
      })
    }
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="${name}.csv"`)
    return c.body(campaignsCsv(campaigns))
  })
  return app
}
