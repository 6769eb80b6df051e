import type { AnalyticsEndpoint } from '@retainkit/shared'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { Capabilities, Role } from '@retainkit/shared/roles'

/** Shapes of the server's `data` payloads, as the server routes answer them (spec 7 and our additions). */

export type Tier = 'free' | 'pro'

export interface SessionAccount {
  id: string
  name: string
  slug: string
  email: string | null
}

/** GET /api/session?action=context (spec 3 "Session context"). */
export interface SessionContext {
  active_account_id: string | null
  accounts: SessionAccount[]
  membership: { role: Role } | null
  capabilities: Capabilities
  user: { id: string; email: string | null }
}

export interface AccountData {
  account_id: string
  name: string
  slug: string
  email: string | null
  domain: string | null
  tier: Tier
}

/** Fields the account call and POST /api/accounts accept (shared accountDataSchema). */
export interface AccountFields {
  account_id?: string
  name?: string
  email?: string
  domain?: string
  tier?: Tier
}

export interface ConfigVersionInfo {
  version: number
  created_at: string
  created_by_email: string | null
}

export interface AccountConfig {
  config_json: CancelFlowConfig
  version: number
  updated_at: string | null
  previous_versions: ConfigVersionInfo[]
}

export interface DefaultConfig {
  config_json: CancelFlowConfig
  reasons: CancellationReason[]
}

export interface ReasonsData {
  reasons: CancellationReason[]
  warnings?: string[]
  /** The saved version (0: the defaults, nothing saved yet); a save names it as its base. */
  version?: number
  updated_at?: string | null
  previous_versions?: { version: number; created_at: string; created_by_email: string | null }[]
}

/** GET …&action=credentials: the secret is only ever masked. */
export interface Credentials {
  gateway: 'stripe'
  connected: boolean
  api_key?: string
  access_token?: string
  stripe_account_id?: string | null
  connected_via?: 'key' | 'oauth' | string | null
  livemode?: boolean | null
  last_tested_at?: string | null
  last_test_ok?: boolean | null
}

export interface CredentialsInput {
  gateway: 'stripe'
  api_key: string
  access_token: string
}

export interface TestConnectionResult {
  ok: boolean
  account?: { id: string; name: string | null }
  livemode?: boolean
  message?: string
}

export interface StripePlan {
  id: string
  product_id: string
  product_name: string
  nickname: string | null
  unit_amount: number | null
  currency: string
  interval: string
  interval_count: number
  display: string
}

export interface CouponInput {
  percent_off: number
  duration: 'once' | 'repeating' | 'forever'
  duration_in_months?: number
  name?: string
  id?: string
}

export interface Coupon {
  id: string
  name: string | null
  percent_off: number | null
  duration: string
  duration_in_months: number | null
}

export interface CouponPage {
  coupons: Coupon[]
  has_more: boolean
}

export interface OAuthCallbackResult {
  account_id: string
  connected: boolean
  stripe_account_id: string
}

/** A live secret signs live (or explicitly test-mode) tokens; a test secret only test-mode ones. */
export type WidgetSecretMode = 'live' | 'test'

export interface WidgetSecretCreated {
  id: string
  /** Shown once, never again. */
  secret: string
  /** Absent from servers that predate test-mode secrets: live. */
  mode?: WidgetSecretMode
  created_at: string
}

export interface TeamMember {
  user_id: string
  email: string
  role: Role
  joined_at: string
  /** The signed-in user. */
  you: boolean
}

export interface TeamInvitation {
  email: string
  role: Role
  invited_at: string
  expires_at: string
}

export interface TeamView {
  members: TeamMember[]
  invitations: TeamInvitation[]
}

export interface InvitationSent {
  invitation: TeamInvitation
  /** Whether the invitation mail went out (the invitation stands either way). */
  emailed: boolean
}

export interface WidgetSecretInfo {
  id: string
  hint: string
  mode?: WidgetSecretMode
  created_at: string
  last_used_at: string | null
}

export interface InstallOrigin {
  origin: string
  first_loaded_at: string
  last_loaded_at: string
}

export interface InstallStatus {
  installed: boolean
  last_loaded_at: string | null
  origins: InstallOrigin[]
}

export interface AnalyticsQuery {
  endpoint: AnalyticsEndpoint
  accountId: string
  startDate?: string
  endDate?: string
  /** 'test': the test-mode sessions only (a merchant trying the widget); default live. */
  mode?: 'live' | 'test'
}

export interface HealthStatus {
  status: string
  database?: string
  uptimeSeconds?: number
}

export interface ContactInput {
  name: string
  email: string
  message: string
  company?: string
}

/** A webhook endpoint in Settings → Webhooks (`/api/webhooks/{accountId}`). */
export interface WebhookEndpoint {
  id: string
  url: string
  kind: 'generic' | 'slack'
  events: string[]
  description: string | null
  created_at: string
}

export interface WebhookDelivery {
  id: string
  endpoint_id: string
  event_id: string
  event_type: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  last_status: number | null
  next_attempt_at: string | null
  created_at: string
  delivered_at: string | null
  log: Array<{ at: string; status: number | null; error: string | null; duration_ms: number }>
}
