import { accountDataSchema } from '@retainkit/shared/schemas'
import { lockAccountRow } from '../../db/account-lock'
import { HttpError } from '../../http/http-error'
import { ok } from '../../http/respond'
import { parseWith, readJson } from '../../http/validate'
import { toAccountData } from '../../services/accounts'
import { loadEffectiveTier } from '../../services/billing/tier'
import { configChanged } from '../../services/config-changes'
import type { AccountActionHandlers } from './types'

/**
 * `GET|PUT /api/account?accountId={id}&action=data`: the account's own fields. PUT replaces
 * the editable ones: `email` and `domain` absent or empty are stored as null (empty means
 * absent), `name` absent keeps the current name. The tier is not the merchant's to change here.
 */
export const dataActions: AccountActionHandlers = {
  GET: {
    async run(c, { deps, accountId }) {
      const row = await deps.db
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', accountId)
        .executeTakeFirst()
      const tier = await loadEffectiveTier(deps.db, accountId, deps.clock.now())
      if (!row || !tier) throw new HttpError('NOT_FOUND')
      return ok(c, 'GET /api/account?action=data', toAccountData(row, tier.tier))
    },
  },
  PUT: {
    capability: 'canManageAccount',
    async run(c, { deps, accountId }) {
      const body = parseWith(accountDataSchema, await readJson(c))
      if (body.account_id !== undefined && body.account_id !== accountId) {
        throw new HttpError(
          'INVALID_INPUT',
          'account_id in the body must match the accountId of the request',
          'account_id',
        )
      }
      const updated = await deps.db.transaction().execute(async (trx) => {
        const locked = await lockAccountRow(trx, accountId)
        const current = locked ? await loadEffectiveTier(trx, accountId, deps.clock.now()) : null
        if (!current) throw new HttpError('NOT_FOUND')
        // A merchant must not upgrade itself: the tier follows billing, never this form. Sending back
        // the tier it read (the effective one, a trial's Pro included) changes nothing and is fine.
        if (body.tier !== undefined && body.tier !== current.tier) {
          throw new HttpError('BUSINESS_RULE_VIOLATION', 'Plan changes go through billing', 'tier')
        }
        const row = await trx
          .updateTable('accounts')
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            email: body.email ?? null,
            domain: body.domain?.toLowerCase() ?? null,
            updated_at: deps.clock.now(),
          })
          .where('id', '=', accountId)
          .returningAll()
          .executeTakeFirstOrThrow()
        return { row, tier: current.tier }
      })
      // The domain is the widget's CORS allow-list; drop the cached config so it is rebuilt.
      await configChanged(deps, accountId)
      return ok(c, 'PUT /api/account?action=data', toAccountData(updated.row, updated.tier))
    },
  },
}
