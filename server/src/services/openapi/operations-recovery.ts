import { recoveryPreviewSchema, recoverySettingsSchema } from '@retainkit/shared/schemas'
import { merchant, type OperationSpec, pathAccountId, queryParam } from './operation-types'

/** Payment recovery (issue 30): settings, the editor's mail preview, campaigns, report and export. */

const PERIOD = [
  queryParam('startDate', 'ISO date or datetime'),
  queryParam('endDate', 'ISO date or datetime, not before startDate'),
  queryParam('mode', "whose campaigns count: 'live' (default) or 'test' (the merchant's test-mode Stripe)", {
    type: 'string',
    enum: ['live', 'test'],
  }),
]

export const RECOVERY_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/recovery/{accountId}',
    summary:
      'Payment recovery: availability (early access, Pro, on), settings and what is open now (any member)',
    tag: 'Recovery',
    security: merchant,
    params: [pathAccountId],
  },
  {
    method: 'put',
    path: '/api/recovery/{accountId}',
    summary:
      'Save the settings (editors and up): retry schedule, grace, daytime, mails and their texts, prompt, last-chance pause; 403 without early access, or switching on without Pro',
    tag: 'Recovery',
    security: merchant,
    params: [pathAccountId],
    body: recoverySettingsSchema,
  },
  {
    method: 'post',
    path: '/api/recovery/{accountId}/preview',
    summary:
      "A recovery mail rendered for a sample subscriber with unsaved texts, in one language (the editor's preview)",
    tag: 'Recovery',
    security: merchant,
    params: [pathAccountId],
    body: recoveryPreviewSchema,
  },
  {
    method: 'get',
    path: '/api/recovery/{accountId}/campaigns',
    summary: 'Campaigns, newest first (members who view analytics)',
    tag: 'Recovery',
    security: merchant,
    params: [
      pathAccountId,
      queryParam('state', "'open', 'closed' or 'all' (default)", {
        type: 'string',
        enum: ['open', 'closed', 'all'],
      }),
      queryParam('limit', '1-200, default 50', { type: 'integer', minimum: 1, maximum: 200 }),
    ],
  },
  {
    method: 'get',
    path: '/api/recovery/{accountId}/report',
    summary:
      "The dashboard's Payment recovery section: at-risk, recovered and lost MRR, recovery rate by channel and attempt, time to recover (Pro)",
    tag: 'Recovery',
    security: merchant,
    params: [pathAccountId, ...PERIOD],
  },
  {
    method: 'get',
    path: '/api/recovery/{accountId}/export',
    summary: 'Raw export of the campaigns that failed in a period (Pro)',
    tag: 'Recovery',
    security: merchant,
    params: [
      pathAccountId,
      queryParam('format', "'csv' (default) or 'json'", { type: 'string', enum: ['csv', 'json'] }),
      ...PERIOD,
    ],
    textContent: 'text/csv',
  },
]
