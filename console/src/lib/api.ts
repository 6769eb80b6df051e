import type { AnalyticsEndpoint } from '@retainkit/shared/analytics-endpoints'
import type { ApiData, ApiResponse, ListedCoupon, WidgetSecretMode } from '@retainkit/shared/api'
import type { BillingInterval } from '@retainkit/shared/billing'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { Role } from '@retainkit/shared/roles'
import type {
  accountDataSchema,
  contactMessageSchema,
  createCouponSchema,
  credentialsSchema,
  experimentCreateSchema,
  experimentUpdateSchema,
  segmentInputSchema,
  subscriberFactsSchema,
} from '@retainkit/shared/schemas'
import type { z } from 'zod'
import { type ApiResult, apiRequest } from './api-client'

/** What the request schemas accept: the console sends exactly what the server validates with. */
export type AccountFields = z.input<typeof accountDataSchema>
export type CredentialsInput = z.input<typeof credentialsSchema>
export type CouponInput = z.input<typeof createCouponSchema>['config']
export type ContactInput = z.input<typeof contactMessageSchema>

export interface CouponPage {
  coupons: ListedCoupon[]
  has_more: boolean
}

export interface AnalyticsQuery {
  endpoint: AnalyticsEndpoint
  accountId: string
  startDate?: string
  endDate?: string
  /** 'test': the test-mode sessions only (a merchant trying the widget); default live. */
  mode?: 'live' | 'test'
  /** Only one segment's sessions (`default`: the default flow's) and/or one experiment arm's. */
  slice?: DashboardSlice
}

export interface DashboardSlice {
  segmentId?: string
  armId?: string
}
const sliceQuery = (slice: DashboardSlice | undefined) => ({
  segment_id: slice?.segmentId,
  arm_id: slice?.armId,
})

/**
 * One typed helper per public API call (exact paths), plus ours: widget secrets, install status, Stripe
 * OAuth start, and reading reasons. Each returns `{data} | {error}` from apiRequest and never throws.
 */

const enc = encodeURIComponent
const account = (accountId: string, action: string) =>
  `/api/account?accountId=${enc(accountId)}&action=${action}`

// Account
export const getAccount = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=data'>>('GET', account(accountId, 'data'))

export const updateAccount = (accountId: string, fields: AccountFields) =>
  apiRequest<ApiData<'PUT /api/account?action=data'>>('PUT', account(accountId, 'data'), { body: fields })

export const createAccount = (fields: AccountFields) =>
  apiRequest<ApiData<'POST /api/accounts'>>('POST', '/api/accounts', { body: fields })

// Configuration
export const getConfig = (accountId: string, options: { version?: number } = {}) =>
  apiRequest<ApiData<'GET /api/account?action=config'>>('GET', account(accountId, 'config'), {
    query: { version: options.version },
  })

/** `baseVersion` guards against overwriting another editor's save: the server answers 409 if it moved on. */
export const saveConfig = (
  accountId: string,
  config: CancelFlowConfig,
  options: { baseVersion?: number } = {},
) =>
  apiRequest<ApiData<'PUT /api/account?action=config'>>('PUT', account(accountId, 'config'), {
    body: { config_json: config },
    query: { base_version: options.baseVersion },
  })

export const getConfigHistory = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=config-history'>>('GET', account(accountId, 'config-history'))

/** Makes a kept version live again as a new version; `baseVersion` is the live version the person saw. */
export const rollBackConfig = (accountId: string, version: number, baseVersion: number) =>
  apiRequest<ApiData<'POST /api/account?action=config-history'>>(
    'POST',
    account(accountId, 'config-history'),
    {
      body: { version },
      query: { base_version: baseVersion },
    },
  )

export const getDefaultConfig = (accountId: string) =>
  apiRequest<ApiData<'GET /api/config/default/{accountId}'>>('GET', `/api/config/default/${enc(accountId)}`)

// Cancellation reasons
export const getReasons = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=reasons'>>('GET', account(accountId, 'reasons'))

/** Like configs: `baseVersion` makes the server refuse (409) a save on top of reasons that moved on. */
export const saveReasons = (
  accountId: string,
  reasons: CancellationReason[],
  options: { baseVersion?: number | undefined } = {},
) =>
  apiRequest<ApiData<'POST /api/account?action=reasons'>>('POST', account(accountId, 'reasons'), {
    body: { reasons },
    query: { base_version: options.baseVersion },
  })

// Payment-provider credentials
export const getCredentials = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=credentials'>>('GET', account(accountId, 'credentials'))

export const saveCredentials = (accountId: string, credentials: CredentialsInput) =>
  apiRequest<ApiData<'POST /api/account?action=credentials'>>('POST', account(accountId, 'credentials'), {
    body: credentials,
  })

export const deleteCredentials = (accountId: string) =>
  apiRequest<ApiData<'DELETE /api/account?action=credentials'>>('DELETE', account(accountId, 'credentials'))

// Analytics
export const getAnalytics = <T>({ endpoint, accountId, startDate, endDate, mode, slice }: AnalyticsQuery) =>
  apiRequest<T>('GET', '/api/analytics', {
    // Live is the server's default: the spec's call stays exactly as written unless test data is asked for.
    query: {
      endpoint,
      account_id: accountId,
      startDate,
      endDate,
      mode: mode === 'test' ? 'test' : undefined,
      ...sliceQuery(slice),
    },
  })

/** Every data set for one range in one request: `{<data set>: {data, meta?} | {error, status}}`. */
export const getAnalyticsDashboard = (
  { accountId, startDate, endDate, mode, slice }: Omit<AnalyticsQuery, 'endpoint'>,
  datasets: readonly string[],
) =>
  apiRequest<Record<string, unknown>>('GET', '/api/analytics/dashboard', {
    query: {
      account_id: accountId,
      startDate,
      endDate,
      mode: mode === 'test' ? 'test' : undefined,
      ...sliceQuery(slice),
      datasets: datasets.join(','),
    },
  })

// Stripe
/** The raw sessions of a period (steps, offer, outcome, durability) as the file the server writes. */
export const exportSessions = (query: {
  accountId: string
  format: 'csv' | 'json'
  startDate: string
  endDate: string
  mode: 'live' | 'test'
  slice?: DashboardSlice
}) =>
  apiRequest<string>('GET', '/api/analytics/export', {
    query: {
      account_id: query.accountId,
      format: query.format,
      startDate: query.startDate,
      endDate: query.endDate,
      // Like the analytics calls: live is the default and not named.
      mode: query.mode === 'test' ? 'test' : undefined,
      ...sliceQuery(query.slice),
    },
    asText: true,
  })

export const stripeOAuthStart = (accountId: string) =>
  apiRequest<ApiData<'POST /api/stripe/oauth/start'>>('POST', '/api/stripe/oauth/start', {
    body: { account_id: accountId },
  })

export const stripeOAuthCallback = (payload: { code: string; state: string }) =>
  apiRequest<ApiData<'POST /api/stripe/oauth/callback'>>('POST', '/api/stripe/oauth/callback', {
    body: payload,
  })

export const getStripePlans = (accountId: string) =>
  apiRequest<ApiData<'GET /api/stripe/plans/{accountId}'>>('GET', `/api/stripe/plans/${enc(accountId)}`)

export const createCoupon = (accountId: string, config: CouponInput) =>
  apiRequest<ApiData<'POST /api/stripe/coupons'>>('POST', '/api/stripe/coupons', {
    body: { account_id: accountId, config },
  })

/** The server answers `{data: [...], has_more}`: read whole, so the paging flag survives. */
export async function listCoupons(
  accountId: string,
  page: { limit?: number; startingAfter?: string } = {},
): Promise<ApiResult<CouponPage>> {
  const result = await apiRequest<ApiResponse<'GET /api/stripe/coupons/{accountId}'>>(
    'GET',
    `/api/stripe/coupons/${enc(accountId)}`,
    { query: { limit: page.limit, starting_after: page.startingAfter }, unwrap: false },
  )
  if (result.error) return result
  return { data: { coupons: result.data.data, has_more: result.data.has_more } }
}

/** Cancellations from before Retainkit, imported from Stripe on connect (kept apart from sessions). */
export const getPastCancellations = (accountId: string) =>
  apiRequest<ApiData<'GET /api/stripe/past-cancellations/{accountId}'>>(
    'GET',
    `/api/stripe/past-cancellations/${enc(accountId)}`,
  )

export const importPastCancellations = (accountId: string) =>
  apiRequest<ApiData<'POST /api/stripe/past-cancellations/{accountId}/import'>>(
    'POST',
    `/api/stripe/past-cancellations/${enc(accountId)}/import`,
  )

export const testConnection = (accountId: string) =>
  apiRequest<ApiData<'POST /api/stripe/test-connection/{accountId}'>>(
    'POST',
    `/api/stripe/test-connection/${enc(accountId)}`,
  )

// Session
export const bootstrapSession = () =>
  apiRequest<ApiData<'POST /api/session?action=bootstrap'>>('POST', '/api/session?action=bootstrap')

export const setActiveAccount = (accountId: string) =>
  apiRequest<ApiData<'POST /api/session?action=active-account'>>(
    'POST',
    '/api/session?action=active-account',
    {
      body: { account_id: accountId },
    },
  )

export const getSessionContext = () =>
  apiRequest<ApiData<'GET /api/session?action=context'>>('GET', '/api/session?action=context')

// Platform
export const health = () => apiRequest<ApiResponse<'GET /health'>>('GET', '/health')

/** Success is a flag at the top level or inside data; both land in `data.success` here. */
export const sendContactMessage = (message: ContactInput) =>
  apiRequest<{ success: boolean }>('POST', '/api/contact', { body: message })

// Widget secrets and install status (ours)
export const createWidgetSecret = (accountId: string, mode: WidgetSecretMode = 'live') =>
  apiRequest<ApiData<'POST /api/account?action=widget-secret'>>('POST', account(accountId, 'widget-secret'), {
    body: { mode },
  })

export const listWidgetSecrets = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=widget-secret'>>('GET', account(accountId, 'widget-secret'))

export const revokeWidgetSecret = (accountId: string, secretId: string) =>
  apiRequest<ApiData<'DELETE /api/account?action=widget-secret'>>(
    'DELETE',
    account(accountId, 'widget-secret'),
    { query: { secretId } },
  )

// Team (Settings → Team)
export const getTeam = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=members'>>('GET', account(accountId, 'members'))

export const inviteMember = (accountId: string, email: string, role: Role) =>
  apiRequest<ApiData<'POST /api/account?action=members'>>('POST', account(accountId, 'members'), {
    body: { email, role },
  })

export const changeMemberRole = (accountId: string, userId: string, role: Role) =>
  apiRequest<ApiData<'PUT /api/account?action=members'>>('PUT', account(accountId, 'members'), {
    body: { user_id: userId, role },
  })

export const removeMember = (accountId: string, userId: string) =>
  apiRequest<ApiData<'DELETE /api/account?action=members'>>('DELETE', account(accountId, 'members'), {
    query: { userId },
  })

export const withdrawInvitation = (accountId: string, email: string) =>
  apiRequest<ApiData<'DELETE /api/account?action=members'>>('DELETE', account(accountId, 'members'), {
    query: { email },
  })

export const getInstallStatus = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=install-status'>>('GET', account(accountId, 'install-status'))

/** The getting-live checklist, each step read from the account's real state by the server. */
export const getGettingLive = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=getting-live'>>('GET', account(accountId, 'getting-live'))

/** The widget calls the server refused lately for this account, newest first. */
export const getWidgetErrors = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=widget-errors'>>('GET', account(accountId, 'widget-errors'))

// Plan and billing on the platform's Stripe account
export const getBillingStatus = (accountId: string) =>
  apiRequest<ApiData<'GET /api/billing/status/{accountId}'>>('GET', `/api/billing/status/${enc(accountId)}`)

/** A Stripe Checkout page for Pro; the console sends the owner there. */
export const startCheckout = (accountId: string, interval: BillingInterval) =>
  apiRequest<ApiData<'POST /api/billing/checkout/{accountId}'>>(
    'POST',
    `/api/billing/checkout/${enc(accountId)}`,
    { body: { interval } },
  )

/** A Stripe Billing Portal page (card, invoices, cancel). */
export const openBillingPortal = (accountId: string) =>
  apiRequest<ApiData<'POST /api/billing/portal/{accountId}'>>('POST', `/api/billing/portal/${enc(accountId)}`)

/** Settings → Webhooks: endpoints (the secret comes back once, on creation), the delivery log, replays, test events. */
export const listWebhookEndpoints = (accountId: string) =>
  apiRequest<ApiData<'GET /api/webhooks/{accountId}'>>('GET', `/api/webhooks/${enc(accountId)}`)

export const createWebhookEndpoint = (
  accountId: string,
  body: { url: string; events: string[]; kind: 'generic' | 'slack' },
) =>
  apiRequest<ApiData<'POST /api/webhooks/{accountId}'>>('POST', `/api/webhooks/${enc(accountId)}`, { body })

export const deleteWebhookEndpoint = (accountId: string, endpointId: string) =>
  apiRequest<ApiData<'DELETE /api/webhooks/{accountId}/endpoints/{endpointId}'>>(
    'DELETE',
    `/api/webhooks/${enc(accountId)}/endpoints/${enc(endpointId)}`,
  )

export const listWebhookDeliveries = (accountId: string) =>
  apiRequest<ApiData<'GET /api/webhooks/{accountId}/deliveries'>>(
    'GET',
    `/api/webhooks/${enc(accountId)}/deliveries`,
  )

export const replayWebhookDelivery = (accountId: string, deliveryId: string) =>
  apiRequest<ApiData<'POST /api/webhooks/{accountId}/deliveries/{deliveryId}/replay'>>(
    'POST',
    `/api/webhooks/${enc(accountId)}/deliveries/${enc(deliveryId)}/replay`,
  )

export const sendWebhookTestEvent = (accountId: string, endpointId: string, type: string) =>
  apiRequest<ApiData<'POST /api/webhooks/{accountId}/endpoints/{endpointId}/test'>>(
    'POST',
    `/api/webhooks/${enc(accountId)}/endpoints/${enc(endpointId)}/test`,
    { body: { type } },
  )

// Segments and experiments
export type SegmentInput = z.input<typeof segmentInputSchema>
export type SubscriberFactsInput = z.input<typeof subscriberFactsSchema>
export type ExperimentCreateInput = z.input<typeof experimentCreateSchema>
export type ExperimentUpdateInput = z.input<typeof experimentUpdateSchema>

export const getSegments = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=segments'>>('GET', account(accountId, 'segments'))

/** The whole ordered list: the server keeps the ids it knows, names new ones and drops the rest. */
export const saveSegments = (accountId: string, segments: SegmentInput[]) =>
  apiRequest<ApiData<'PUT /api/account?action=segments'>>('PUT', account(accountId, 'segments'), {
    body: { segments },
  })

export const previewSegments = (accountId: string, segments: SegmentInput[], sample?: SubscriberFactsInput) =>
  apiRequest<ApiData<'POST /api/account?action=segment-preview'>>(
    'POST',
    account(accountId, 'segment-preview'),
    {
      body: { segments, ...(sample ? { sample } : {}) },
    },
  )

export const getExperiments = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=experiments'>>('GET', account(accountId, 'experiments'))

export const createExperiment = (accountId: string, input: ExperimentCreateInput) =>
  apiRequest<ApiData<'POST /api/account?action=experiments'>>('POST', account(accountId, 'experiments'), {
    body: input,
  })

export const updateExperiment = (accountId: string, input: ExperimentUpdateInput) =>
  apiRequest<ApiData<'PUT /api/account?action=experiments'>>('PUT', account(accountId, 'experiments'), {
    body: input,
  })

// The Sessions page
/** The Sessions page's filters as the query string names them (empty ones are left out). */
export interface SessionsFilter {
  startDate?: string | undefined
  endDate?: string | undefined
  mode?: 'live' | 'test' | undefined
  q?: string | undefined
  outcome?: string | undefined
  reason?: string | undefined
  offer?: string | undefined
  kind?: string | undefined
  /** A jurisdiction mode (`mode` is live or test). */
  jurisdiction?: string | undefined
  segment_id?: string | undefined
  arm_id?: string | undefined
}

const sessionsQuery = (filter: SessionsFilter) => ({
  ...filter,
  // Like the analytics calls: live is the default and not named.
  mode: filter.mode === 'test' ? 'test' : undefined,
})

export const listSessions = (
  accountId: string,
  filter: SessionsFilter,
  page: { cursor?: string; limit?: number } = {},
) =>
  apiRequest<ApiData<'GET /api/sessions/{accountId}'>>('GET', `/api/sessions/${enc(accountId)}`, {
    query: {
      ...sessionsQuery(filter),
      cursor: page.cursor,
      limit: page.limit === undefined ? undefined : String(page.limit),
    },
  })

export const exportSessionsCsv = (accountId: string, filter: SessionsFilter) =>
  apiRequest<string>('GET', `/api/sessions/${enc(accountId)}/export`, {
    query: sessionsQuery(filter),
    asText: true,
  })

export const getSession = (accountId: string, sessionId: string) =>
  apiRequest<ApiData<'GET /api/sessions/{accountId}/{sessionId}'>>(
    'GET',
    `/api/sessions/${enc(accountId)}/${enc(sessionId)}`,
  )

// Evidence ledger
/** One session's evidence rows as its page tells them (addresses masked for viewers). */
export const getSessionEvidence = (accountId: string, sessionId: string) =>
  apiRequest<ApiData<'GET /api/sessions/{accountId}/{sessionId}/evidence'>>(
    'GET',
    `/api/sessions/${enc(accountId)}/${enc(sessionId)}/evidence`,
  )

/** A customer's evidence export as the file the server writes: JSON, CSV or the printable page. */
export const exportCustomerEvidence = (
  accountId: string,
  customerId: string,
  format: 'json' | 'csv' | 'html',
) =>
  apiRequest<string>('GET', '/api/evidence', {
    query: { account_id: accountId, customer_id: customerId, format },
    asText: true,
  })

/** The account's whole evidence chain, verified. */
export const verifyEvidenceChain = (accountId: string) =>
  apiRequest<ApiData<'GET /api/evidence/verify'>>('GET', '/api/evidence/verify', {
    query: { account_id: accountId },
  })
