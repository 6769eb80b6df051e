import { JURISDICTION_MODES } from '@retainkit/shared/jurisdiction'
import { SESSION_KINDS, SESSION_OUTCOMES, SESSION_PAGE_MAX } from '@retainkit/shared/sessions'
import { OFFER_TYPES } from '@retainkit/shared/vocabulary'
import { merchant, type OperationSpec, pathAccountId, type QueryParam, queryParam } from './operation-types'
import { ANALYTICS_PERIOD_PARAMS } from './period-params'

/** The Sessions page (issue 33): the log, its CSV, and one session's story. */

const FILTERS: QueryParam[] = [
  ...ANALYTICS_PERIOD_PARAMS,
  queryParam(
    'q',
    'an e-mail address or customer id, or the start of one (e-mail search is for members who see customers)',
  ),
  queryParam('outcome', 'how the session ended', { type: 'string', enum: [...SESSION_OUTCOMES] }),
  queryParam('reason', 'the reason key the subscriber chose'),
  queryParam('offer', 'sessions where this offer was shown', { type: 'string', enum: [...OFFER_TYPES] }),
  queryParam('kind', 'cancel flow or reactivation banner', { type: 'string', enum: [...SESSION_KINDS] }),
  queryParam('jurisdiction', 'sessions run in this jurisdiction mode', {
    type: 'string',
    enum: [...JURISDICTION_MODES],
  }),
]

const sessionIdParam: QueryParam = {
  name: 'sessionId',
  in: 'path',
  required: true,
  description: 'Session ID',
  schema: { type: 'string' },
}

export const SESSION_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/sessions/{accountId}',
    summary:
      'The account’s cancel and banner sessions, newest first, a page at a time (keyset: pass next_cursor as cursor), filtered and searched; customers masked for viewers (members who view analytics)',
    tag: 'Analytics',
    security: merchant,
    params: [
      pathAccountId,
      ...FILTERS,
      queryParam('cursor', 'the next_cursor of the previous page'),
      queryParam('limit', `sessions per page (1–${SESSION_PAGE_MAX}, default 25)`, { type: 'integer' }),
    ],
  },
  {
    method: 'get',
    path: '/api/sessions/{accountId}/export',
    summary:
      'The filtered view as CSV, newest first (at most 50,000 rows; X-Retainkit-Truncated says when there were more)',
    tag: 'Analytics',
    security: merchant,
    params: [pathAccountId, ...FILTERS],
    textContent: 'text/csv',
  },
  {
    method: 'get',
    path: '/api/sessions/{accountId}/{sessionId}',
    summary:
      'One session: the customer, plan and MRR, segment and arm, every step with its time, feedback, the offer and the save, what happened since (durability), and the customer in Stripe',
    tag: 'Analytics',
    security: merchant,
    params: [pathAccountId, sessionIdParam],
  },
  {
    method: 'get',
    path: '/api/sessions/{accountId}/{sessionId}/evidence',
    summary:
      'One session’s evidence ledger rows as told on its page: the jurisdiction rule and why, the language, the screens with their texts and the offer terms as worded, each click with its time, time and clicks to the end, the receipt’s delivery, each row’s hash checked (e-mail addresses masked for viewers; members who view analytics)',
    tag: 'Analytics',
    security: merchant,
    params: [pathAccountId, sessionIdParam],
  },
]

/** Cancellations from before Retainkit, imported from Stripe on connect and kept apart from sessions. */
export const PAST_CANCELLATION_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/stripe/past-cancellations/{accountId}',
    summary:
      'Stripe cancellations of the last 12 months from before Retainkit (imported on connect, apart from sessions): the import’s progress, the count by Stripe feedback and reason, the MRR per currency and the latest ones (customers masked for viewers; members who view analytics)',
    tag: 'Analytics',
    security: merchant,
    params: [pathAccountId],
  },
  {
    method: 'post',
    path: '/api/stripe/past-cancellations/{accountId}/import',
    summary:
      'Imports the last 12 months of canceled subscriptions from the connected Stripe account again (in the background; each cancellation is kept once). Members who manage credentials',
    tag: 'Stripe',
    security: merchant,
    params: [pathAccountId],
  },
]
