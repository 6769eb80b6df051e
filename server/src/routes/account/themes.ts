import { themeUpdateSchema } from '@retainkit/shared/schemas'
import { HttpError } from '../../http/http-error'
import { ok } from '../../http/respond'
import { readBody } from '../../http/validate'
import { PRO_DASHBOARD_MESSAGE } from '../../services/analytics/endpoints'
import { loadEffectiveTier } from '../../services/billing/tier'
import { listThemeSettings, updateThemeSettings } from '../../services/feedback/theme-settings'
import type { AccountActionHandlers } from './types'

/**
 * `action=themes`: the themes the account's write-ins fell into, with what the merchant made of them
 * (services/feedback/theme-settings.ts). Reading needs canViewAnalytics; renaming, merging, pinning
 * and mapping to a reason need canEditConfig and Pro (the themes are part of the full dashboard).
 */
export const themesActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewAnalytics',
    run: async (c, { deps, accountId }) =>
      ok(c, 'GET /api/account?action=themes', { themes: await listThemeSettings(deps.db, accountId) }),
  },
  PUT: {
    capability: 'canEditConfig',
    run: async (c, { deps, accountId }) => {
      const update = await readBody(c, themeUpdateSchema)
      const account = await loadEffectiveTier(deps.db, accountId, deps.clock.now())
      if (!account) throw new HttpError('NOT_FOUND')
      if (account.tier !== 'pro')
        throw new HttpError('BUSINESS_RULE_VIOLATION', PRO_DASHBOARD_MESSAGE, 'key', undefined, 403)
      const themes = await updateThemeSettings(deps.db, accountId, update)
      return ok(c, 'PUT /api/account?action=themes', { themes })
    },
  },
}
