import { QUOTES_PER_PAGE, SENTIMENT_LABELS, SESSION_OUTCOMES } from '@retainkit/shared/feedback-insights'
import { themeUpdateSchema } from '@retainkit/shared/schemas'
import { accountIdQuery, merchant, type OperationSpec, queryParam } from './operation-types'
import { ANALYTICS_PERIOD_PARAMS } from './period-params'

/** Write-in insights: the quotes behind a figure, and the account's themes. */

export const FEEDBACK_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/analytics/quotes',
    summary: `The write-ins behind a figure of the sentiment and themes data sets, newest first, ${QUOTES_PER_PAGE} a page (members who view analytics; Pro)`,
    tag: 'Analytics',
    security: merchant,
    params: [
      { ...queryParam('account_id', 'Account ID'), required: true },
      ...ANALYTICS_PERIOD_PARAMS,
      queryParam('sentiment', 'Only write-ins of this sentiment', {
        type: 'string',
        enum: [...SENTIMENT_LABELS],
      }),
      queryParam('reason_key', 'Only write-ins given with this cancellation reason'),
      queryParam('outcome', "Only write-ins of sessions that ended so ('open': not yet)", {
        type: 'string',
        enum: [...SESSION_OUTCOMES],
      }),
      queryParam('theme', 'Only write-ins in this theme (with the themes merged into it)'),
      queryParam('month', 'Only write-ins of this UTC month (YYYY-MM)'),
      queryParam('before', "The previous page's `next`"),
    ],
  },
  {
    method: 'get',
    path: '/api/account?action=themes',
    summary:
      'Every theme the write-ins fell into, with its name, merge, pin and reason (members who view analytics)',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery],
  },
  {
    method: 'put',
    path: '/api/account?action=themes',
    summary:
      'Rename, merge, pin or map one theme to a cancellation reason (editors and up, Pro); null clears a field',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery],
    body: themeUpdateSchema,
  },
  {
    method: 'get',
    path: '/api/account?action=summaries',
    summary:
      'The monthly plain-language summaries of the write-ins with the write-ins each was given (members who view analytics; Pro; only when the operator configured a summary endpoint)',
    tag: 'Account',
    security: merchant,
    params: [accountIdQuery],
  },
]
