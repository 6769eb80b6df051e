import { accountIdSchema } from '@retainkit/shared/schemas'
import { Hono } from 'hono'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'
import { requireUser } from '../../http/guards'
import { HttpError } from '../../http/http-error'
import { parseWith } from '../../http/validate'
import { requireMembership } from '../../services/access'
import { configActions } from './config'
import { configHistoryActions } from './config-history'
import { credentialsActions } from './credentials'
import { dataActions } from './data'
import { gettingLiveActions, widgetErrorsActions } from './getting-live'
import { installStatusActions } from './install-status'
import { membersActions } from './members'
import { reasonsActions } from './reasons'
import { experimentsActions, segmentPreviewActions, segmentsActions } from './segments'
import { summariesActions } from './summaries'
import { themesActions } from './themes'
import type { AccountActionHandlers, AccountMethod } from './types'
import { widgetSecretActions } from './widget-secret'

/**
 * `?action=` values of /api/account: the spec's four plus our widget-secret, install-status, members,
 * getting-live, widget-errors, config-history, segments, experiments, themes and summaries.
 */
export const ACCOUNT_ACTIONS = [
  'data',
  'config',
  'config-history',
  'reasons',
  'credentials',
  'widget-secret',
  'install-status',
  'members',
  'getting-live',
  'widget-errors',
  'segments',
  'segment-preview',
  'experiments',
  'themes',
  'summaries',
] as const
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number]

/** Each action's handlers by method: what `/api/account` dispatches to (the OpenAPI test reads it too). */
export const ACCOUNT_HANDLERS: Record<AccountAction, AccountActionHandlers> = {
  data: dataActions,
  config: configActions,
  'config-history': configHistoryActions,
  reasons: reasonsActions,
  credentials: credentialsActions,
  'widget-secret': widgetSecretActions,
  'install-status': installStatusActions,
  members: membersActions,
  'getting-live': gettingLiveActions,
  'widget-errors': widgetErrorsActions,
  segments: segmentsActions,
  'segment-preview': segmentPreviewActions,
  experiments: experimentsActions,
  themes: themesActions,
  summaries: summariesActions,
}

const isAction = (value: string | undefined): value is AccountAction =>
  value !== undefined && (ACCOUNT_ACTIONS as readonly string[]).includes(value)

/**
 * `/api/account?accountId={id}&action={action}`. The account id is validated first (with the
 * validation messages), then the action, then membership and capability — on the server, for every call.
 */
export function accountRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/api/account', requireUser(deps.verifier))
  app.on(['GET', 'PUT', 'POST', 'DELETE'], '/api/account', async (c) => {
    const accountId = parseWith(accountIdSchema, c.req.query('accountId'), ['accountId'])
    const action = c.req.query('action')
    if (!isAction(action)) {
      throw new HttpError(
        'INVALID_INPUT',
        `Unknown action: use one of ${ACCOUNT_ACTIONS.join(', ')}`,
        'action',
      )
    }
    const handler = ACCOUNT_HANDLERS[action][c.req.method as AccountMethod]
    if (!handler) {
      throw new HttpError(
        'OPERATION_NOT_ALLOWED',
        `${c.req.method} is not supported for action=${action}`,
        undefined,
        undefined,
        405,
      )
    }
    const user = c.get('user')
    const membership = await requireMembership(deps.db, user.id, accountId, handler.capability)
    return handler.run(c, { deps, user, accountId, membership })
  })
  return app
}
