import type { BillingInterval, BillingStatus } from '@retainkit/shared/billing'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { Role } from '@retainkit/shared/roles'
import { type ApiResult, apiRequest } from './api-client'
import type {
  AccountConfig,
  AccountData,
  AccountFields,
  AnalyticsQuery,
  ContactInput,
  Coupon,
  CouponInput,
  CouponPage,
  Credentials,
  CredentialsInput,
  DefaultConfig,
  HealthStatus,
  InstallStatus,
  InvitationSent,
  OAuthCallbackResult,
  ReasonsData,
  SessionContext,
  StripePlan,
  TeamMember,
  TeamView,
  TestConnectionResult,
  WidgetSecretCreated,
  WidgetSecretInfo,
  WidgetSecretMode,
} from './api-types'

/**
 * One typed helper per call of spec 7 (exact paths), plus ours: widget secrets, install status, Stripe
 * OAuth start, and reading reasons. Each returns `{data} | {error}` from apiRequest and never throws.
 */

const enc = encodeURIComponent
const account = (accountId: string, action: string) =>
  `/api/account?accountId=${enc(accountId)}&action=${action}`

// Account (spec 7)
export const getAccount = (accountId: string) => apiRequest<AccountData>('GET', account(accountId, 'data'))

export const updateAccount = (accountId: string, fields: AccountFields) =>
  apiRequest<AccountData>('PUT', account(accountId, 'data'), { body: fields })

export const createAccount = (fields: AccountFields) =>
  apiRequest<AccountData>('POST', '/api/accounts', { body: fields })

// Configuration
export const getConfig = (accountId: string, options: { version?: number } = {}) =>
  apiRequest<AccountConfig>('GET', account(accountId, 'config'), { query: { version: options.version } })

/** `baseVersion` guards against overwriting another editor's save: the server answers 409 if it moved on. */
export const saveConfig = (
  accountId: string,
  config: CancelFlowConfig,
  options: { baseVersion?: number } = {},
) =>
  apiRequest<AccountConfig>('PUT', account(accountId, 'config'), {
    body: { config_json: config },
    query: { base_version: options.baseVersion },
  })

export const getDefaultConfig = (accountId: string) =>
  apiRequest<DefaultConfig>('GET', `/api/config/default/${enc(accountId)}`)

// Cancellation reasons
export const getReasons = (accountId: string) => apiRequest<ReasonsData>('GET', account(accountId, 'reasons'))

/** Like configs: `baseVersion` makes the server refuse (409) a save on top of reasons that moved on. */
export const saveReasons = (
  accountId: string,
  reasons: CancellationReason[],
  options: { baseVersion?: number | undefined } = {},
) =>
  apiRequest<ReasonsData>('POST', account(accountId, 'reasons'), {
    body: { reasons },
    query: { base_version: options.baseVersion },
  })

// Payment-provider credentials
export const getCredentials = (accountId: string) =>
  apiRequest<Credentials>('GET', account(accountId, 'credentials'))

export const saveCredentials = (accountId: string, credentials: CredentialsInput) =>
  apiRequest<Credentials>('POST', account(accountId, 'credentials'), { body: credentials })

export const deleteCredentials = (accountId: string) =>
  apiRequest<null>('DELETE', account(accountId, 'credentials'))

// Analytics
export const getAnalytics = <T>({ endpoint, accountId, startDate, endDate, mode }: AnalyticsQuery) =>
  apiRequest<T>('GET', '/api/analytics', {
    // Live is the server's default: the spec's call stays exactly as written unless test data is asked for.
    query: {
      endpoint,
      account_id: accountId,
      startDate,
      endDate,
      mode: mode === 'test' ? 'test' : undefined,
    },
  })

/** Every data set for one range in one request: `{<data set>: {data, meta?} | {error, status}}`. */
export const getAnalyticsDashboard = (
  { accountId, startDate, endDate, mode }: Omit<AnalyticsQuery, 'endpoint'>,
  datasets: readonly string[],
) =>
  apiRequest<Record<string, unknown>>('GET', '/api/analytics/dashboard', {
    query: {
      account_id: accountId,
      startDate,
      endDate,
      mode: mode === 'test' ? 'test' : undefined,
      datasets: datasets.join(','),
    },
  })

// Stripe
export const stripeOAuthStart = (accountId: string) =>
  apiRequest<{ url: string }>('POST', '/api/stripe/oauth/start', { body: { account_id: accountId } })

export const stripeOAuthCallback = (payload: { code: string; state: string }) =>
  apiRequest<OAuthCallbackResult>('POST', '/api/stripe/oauth/callback', { body: payload })

export const getStripePlans = (accountId: string) =>
  apiRequest<StripePlan[]>('GET', `/api/stripe/plans/${enc(accountId)}`)

export const createCoupon = (accountId: string, config: CouponInput) =>
  apiRequest<Coupon>('POST', '/api/stripe/coupons', { body: { account_id: accountId, config } })

/** The server answers `{data: [...], has_more}`: read whole, so the paging flag survives. */
export async function listCoupons(
  accountId: string,
  page: { limit?: number; startingAfter?: string } = {},
): Promise<ApiResult<CouponPage>> {
  const result = await apiRequest<{ data?: Coupon[]; has_more?: boolean }>(
    'GET',
    `/api/stripe/coupons/${enc(accountId)}`,
    { query: { limit: page.limit, starting_after: page.startingAfter }, unwrap: false },
  )
  if (result.error) return result
  return { data: { coupons: result.data?.data ?? [], has_more: result.data?.has_more === true } }
}

export const testConnection = (accountId: string) =>
  apiRequest<TestConnectionResult>('POST', `/api/stripe/test-connection/${enc(accountId)}`)

// Session (spec 3, 4)
export const bootstrapSession = () => apiRequest<SessionContext>('POST', '/api/session?action=bootstrap')

export const setActiveAccount = (accountId: string) =>
  apiRequest<SessionContext>('POST', '/api/session?action=active-account', {
    body: { account_id: accountId },
  })

export const getSessionContext = () => apiRequest<SessionContext>('GET', '/api/session?action=context')

// Platform
export const health = () => apiRequest<HealthStatus>('GET', '/health')

/** Spec 7 note: success is a flag at the top level or inside data; both land in `data.success` here. */
export const sendContactMessage = (message: ContactInput) =>
  apiRequest<{ success: boolean }>('POST', '/api/contact', { body: message })

// Widget secrets and install status (ours)
export const createWidgetSecret = (accountId: string, mode: WidgetSecretMode = 'live') =>
  apiRequest<WidgetSecretCreated>('POST', account(accountId, 'widget-secret'), { body: { mode } })

export const listWidgetSecrets = (accountId: string) =>
  apiRequest<WidgetSecretInfo[]>('GET', account(accountId, 'widget-secret'))

export const revokeWidgetSecret = (accountId: string, secretId: string) =>
  apiRequest<null>('DELETE', account(accountId, 'widget-secret'), { query: { secretId } })

// Team (Settings → Team)
export const getTeam = (accountId: string) => apiRequest<TeamView>('GET', account(accountId, 'members'))

export const inviteMember = (accountId: string, email: string, role: Role) =>
  apiRequest<InvitationSent>('POST', account(accountId, 'members'), { body: { email, role } })

export const changeMemberRole = (accountId: string, userId: string, role: Role) =>
  apiRequest<TeamMember>('PUT', account(accountId, 'members'), { body: { user_id: userId, role } })

export const removeMember = (accountId: string, userId: string) =>
  apiRequest<unknown>('DELETE', account(accountId, 'members'), { query: { userId } })

export const withdrawInvitation = (accountId: string, email: string) =>
  apiRequest<unknown>('DELETE', account(accountId, 'members'), { query: { email } })

export const getInstallStatus = (accountId: string) =>
  apiRequest<InstallStatus>('GET', account(accountId, 'install-status'))

// Plan and billing on the platform's Stripe account
export const getBillingStatus = (accountId: string) =>
  apiRequest<BillingStatus>('GET', `/api/billing/status/${enc(accountId)}`)

/** A Stripe Checkout page for Pro; the console sends the owner there. */
export const startCheckout = (accountId: string, interval: BillingInterval) =>
  apiRequest<{ url: string }>('POST', `/api/billing/checkout/${enc(accountId)}`, { body: { interval } })

/** A Stripe Billing Portal page (card, invoices, cancel). */
export const openBillingPortal = (accountId: string) =>
  apiRequest<{ url: string }>('POST', `/api/billing/portal/${enc(accountId)}`)
