import { gettingLiveSchema, widgetErrorsSchema } from '@retainkit/shared/schemas'
import { ok } from '../../http/respond'
import { gettingLiveStatus } from '../../services/getting-live'
import { listWidgetErrors } from '../../services/widget/widget-errors'
import type { AccountActionHandlers } from './types'

/**
 * `GET /api/account?accountId=&action=getting-live` → `{data: {steps: [{key, done}], complete}}`: the
 * dashboard's checklist, each step read from the account's real state (services/getting-live.ts).
 */
export const gettingLiveActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewConfig',
    run: async (c, { deps, accountId }) =>
      ok(
        c,
        'GET /api/account?action=getting-live',
        gettingLiveSchema.parse(await gettingLiveStatus(deps, accountId)),
      ),
  },
}

/**
 * `GET /api/account?accountId=&action=widget-errors` → `{data: {errors: [{kind, detail, count,
 * first_seen_at, last_seen_at}]}}`, newest first: what the server refused from this account's widget.
 */
export const widgetErrorsActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewConfig',
    run: async (c, { deps, accountId }) =>
      ok(
        c,
        'GET /api/account?action=widget-errors',
        widgetErrorsSchema.parse({ errors: await listWidgetErrors(deps, accountId) }),
      ),
  },
}
