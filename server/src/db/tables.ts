import type { LinkChannel, RecoveryOutcome, RecoveryState } from '@retainkit/shared/recovery-vocabulary'
import type { SaveMechanism } from '@retainkit/shared/vocabulary'
import type { WebhookEventType } from '@retainkit/shared/webhooks'
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type {
  AnalyticsDailySentimentTable,
  AnalyticsDailyThemesTable,
  FeedbackBackfillTable,
  FeedbackInsightsTable,
  FeedbackPendingTable,
  FeedbackSummariesTable,
  FeedbackThemesTable,
} from './tables-feedback'
import type { PastCancellationImportsTable, PastCancellationsTable } from './tables-past-cancellations'

/**
 * Kysely's view of migrations/*.sql. A column added there is added here: tables-match-schema.test.ts
 * migrates a database and fails while the tables, columns or nullability of the two differ.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type Json<T> = ColumnType<T, string, string>

export interface SettingsTable {
  key: string
  value: string
  updated_at: Timestamp
}

export interface UsersTable {
  id: string
  email: string
  created_at: Timestamp
  last_sign_in_at: NullableTimestamp
  active_account_id: string | null
  email_confirmed_at: NullableTimestamp
  updated_at: NullableTimestamp
  user_metadata: ColumnType<Record<string, unknown>, string | undefined, string>
}

export interface AccountsTable {
  id: string
  name: string
  slug: string
  email: string | null
  domain: string | null
  tier: Generated<'free' | 'pro'>
  created_at: Timestamp
  updated_at: Timestamp
  /** When the account's Pro trial ends (070); null for accounts created before trials. */
  trial_ends_at: NullableTimestamp
}

export type Role = 'owner' | 'admin' | 'editor' | 'viewer'

export interface MembershipsTable {
  account_id: string
  user_id: string
  role: Role
  created_at: Timestamp
}

export interface FlowConfigsTable {
  account_id: string
  version: number
  config: Json<unknown>
  created_by: string | null
  created_at: Timestamp
  /** Set on a rollback: the version it restored. */
  restored_from: number | null
}

export interface CancellationReasonsTable {
  account_id: string
  reasons: Json<unknown>
  updated_at: Timestamp
  /** Bumped by every save; the editor saves on top of the version it loaded. */
  version: Generated<number>
}

/** Every saved list of reasons (migration 060), the current one included. */
export interface CancellationReasonVersionsTable {
  account_id: string
  version: number
  reasons: Json<unknown>
  created_by: string | null
  created_at: Timestamp
}

export interface GatewayCredentialsTable {
  account_id: string
  gateway: Generated<'stripe'>
  secret_key_ciphertext: string
  secret_key_hint: string
  publishable_key: string
  stripe_account_id: string | null
  connected_via: Generated<'key' | 'oauth'>
  refresh_token_ciphertext: string | null
  livemode: Generated<boolean>
  last_tested_at: NullableTimestamp
  last_test_ok: boolean | null
  created_at: Timestamp
  updated_at: Timestamp
  /** The webhook endpoint registered on the merchant's Stripe account (080) and its secret, encrypted. */
  webhook_endpoint_id: string | null
  webhook_secret_ciphertext: string | null
  /** The event types that endpoint listens to, comma-separated (190). */
  webhook_events: string | null
  subscriptions_synced_at: NullableTimestamp
}

/** The last failed delivery of an account's Stripe events, until a later reconcile caught up (migration 184). */
export interface MerchantDeliveryFailuresTable {
  account_id: string
  failed_at: Timestamp
}

export interface StripeOauthStatesTable {
  state: string
  account_id: string
  user_id: string
  created_at: Timestamp
  used_at: NullableTimestamp
}

export interface WidgetSecretsTable {
  id: string
  account_id: string
  secret_ciphertext: string
  created_at: Timestamp
  revoked_at: NullableTimestamp
  last_used_at: NullableTimestamp
  mode: Generated<'live' | 'test'>
}

export interface CancelSessionsTable {
  id: string
  account_id: string
  kind: Generated<'cancel' | 'reactivation'>
  mode: Generated<'live' | 'test'>
  customer_id: string
  subscription_id: string | null
  status: Generated<'open' | 'saved' | 'canceled' | 'stayed' | 'abandoned'>
  reason_key: string | null
  mrr: Generated<number>
  /** The MRR unrounded, what an offer's MRR after is computed from (171); null before it. */
  mrr_exact: ColumnType<number | null, number | null | undefined, number | null>
  currency: string | null
  eligible_offers: ColumnType<string[], string | undefined, string>
  created_at: Timestamp
  updated_at: Timestamp
  completed_at: NullableTimestamp
  /** Events the widget sent (the server caps them per session). */
  client_events: Generated<number>
  /** Offers shown and not yet answered: the only ones a decline may name. */
  offers_on_screen: ColumnType<string[], string | undefined, string>
  /** Set when the subscription was already scheduled to cancel as the session started. */
  scheduled_cancel_at: NullableTimestamp
  /** The segment, experiment and arm the session was routed to (090); null for the default flow. */
  segment_id: ColumnType<string | null, string | null | undefined, string | null>
  experiment_id: ColumnType<string | null, string | null | undefined, string | null>
  arm_id: ColumnType<string | null, string | null | undefined, string | null>
  /** The facts the segments were matched on. */
  subscriber_facts: ColumnType<object | null, string | null | undefined, string | null>
  /**
   * The flow the session showed (the default's, a segment's or an arm's; its translations left out):
   * accept applies its offers, whatever the merchant saved since (170; null only before it).
   */
  flow_config: ColumnType<object | null, string | null | undefined, string | null>
  /** The account's config version the session started on (170); null before it. */
  config_version: ColumnType<number | null, number | null | undefined, number | null>
  /** The jurisdiction decided at its start (200; shared `JurisdictionDecision`); null before 200. */
  jurisdiction: ColumnType<object | null, string | null | undefined, string | null>
  /** The language its words were resolved in. */
  locale: ColumnType<string | null, string | null | undefined, string | null>
  /** When the subscriber asked to talk to the merchant ("talk to us"): a contact, not a save. */
  contacted_at: NullableTimestamp
  /** The answer to "would you like to hear an offer?" after a cancellation (offers_after_cancel). */
  after_cancel_answer: ColumnType<'yes' | 'no' | null, 'yes' | 'no' | null | undefined, 'yes' | 'no' | null>
  /** The cancellation receipt's reference number, once the cancellation is done. */
  receipt_reference: ColumnType<string | null, string | null | undefined, string | null>
}

/** One row per (account, customer) that ever took a billing action: the lock they serialise on. */
export interface CustomerLocksTable {
  account_id: string
  customer_id: string
  generation: Generated<number>
  locked_at: Timestamp
}

/** Issue 34's evidence ledger (201): append-only, a SHA-256 chain per account (services/evidence/). */
export interface EvidenceLedgerTable {
  account_id: string
  seq: ColumnType<number, number, never>
  session_id: string | null
  customer_id: string | null
  mode: 'live' | 'test'
  kind: string
  recorded_at: Timestamp
  body: ColumnType<Record<string, unknown>, string, never>
  prev_hash: string
  hash: string
}

/** The head of each account's evidence chain, and how far retention pruned it. */
export interface EvidenceHeadsTable {
  account_id: string
  seq: Generated<number>
  hash: string
  pruned_through: Generated<number>
  pruned_hash: string
  pruned_at: NullableTimestamp
}

export interface SessionEventsTable {
  id: Generated<string>
  account_id: string
  session_id: string | null
  step: string
  reason_key: string | null
  offer: string | null
  text: string | null
  created_at: Timestamp
  client_at: NullableTimestamp
  /** Write-in tokens of feedback_submitted text, computed by the database (031); never written. */
  words: ColumnType<string[] | null, never, never>
  /**
   * Whether the session is live (not test mode): set by the database on insert (033), never written
   * through Kysely (the events call's statements copy it from the session row they update, 240).
   */
  live: ColumnType<boolean, never, never>
}

export interface SavesTable {
  id: Generated<string>
  account_id: string
  session_id: string | null
  customer_id: string
  subscription_id: string | null
  mechanism: SaveMechanism | 'reactivation'
  mrr_before: Generated<number>
  mrr_after: Generated<number>
  currency: string | null
  detail: ColumnType<unknown, string | undefined, string>
  created_at: Timestamp
  /** Whether the session is live (not test mode): set by the database on insert (033), never written. */
  live: ColumnType<boolean, never, never>
}

export interface IdempotentActionsTable {
  account_id: string
  key: string
  request_hash: string
  status: number | null
  response: Json<unknown> | null
  created_at: Timestamp
}

export interface WidgetLoadsTable {
  account_id: string
  origin: string
  first_loaded_at: Timestamp
  last_loaded_at: Timestamp
}

/** Widget calls the server refused, per account (120): deduplicated by kind and detail, counted. */
export interface WidgetErrorsTable {
  account_id: string
  kind: 'refused_origin' | 'wrong_mode' | 'expired_token' | 'forged_token' | 'over_cap'
  detail: Generated<string>
  count: ColumnType<number | string, number | undefined, number | string>
  first_seen_at: Timestamp
  last_seen_at: Timestamp
}

/** Segments (090): ordered audiences, each with its own flow. */
export interface SegmentsTable {
  id: string
  account_id: string
  position: number
  name: string
  enabled: Generated<boolean>
  rule: Json<unknown>
  config_json: Json<unknown>
  reasons: ColumnType<object | null, string | null | undefined, string | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ExperimentsTable {
  id: string
  account_id: string
  segment_id: string | null
  on_default: boolean
  name: string
  status: Generated<'running' | 'stopped'>
  allocation: Generated<'fixed' | 'thompson'>
  holdout_percent: Generated<number>
  promoted_arm_id: string | null
  started_at: Timestamp
  stopped_at: NullableTimestamp
}

export interface ExperimentArmsTable {
  id: string
  experiment_id: string
  position: number
  name: string
  weight: number
  holdout: Generated<boolean>
  config_json: ColumnType<object | null, string | null | undefined, string | null>
}

export interface ExperimentAssignmentsTable {
  experiment_id: string
  customer_id: string
  arm_id: string
  assigned_at: Timestamp
}

export interface ContactMessagesTable {
  id: Generated<string>
  name: string
  email: string
  company: string | null
  message: string
  created_at: Timestamp
}

export interface WaitlistSignupsTable {
  email: string
  product: string
  created_at: Timestamp
}

export interface RateLimitHitsTable {
  bucket: string
  window_start: Timestamp
  hits: Generated<number>
}

export interface AuthSigningKeysTable {
  kid: string
  private_jwk_ciphertext: string
  public_jwk: Json<Record<string, unknown>>
  created_at: Timestamp
  retired_at: NullableTimestamp
}

export interface AuthOneTimeTokensTable {
  token_hash: string
  email: string
  code_challenge: string | null
  code_challenge_method: string | null
  redirect_to: string | null
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
  type: Generated<'magiclink' | 'signup' | 'email_change'>
  user_metadata: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>
  /** An e-mail change's user (migration 230); null for sign-in links. */
  user_id: string | null
}

export interface AuthFlowCodesTable {
  code_hash: string
  user_id: string
  code_challenge: string
  code_challenge_method: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
  authentication_method: Generated<'otp' | 'oauth'>
}

export interface AuthSessionsTable {
  id: string
  user_id: string
  created_at: Timestamp
  revoked_at: NullableTimestamp
  authentication_method: Generated<'otp' | 'oauth'>
  authenticated_at: NullableTimestamp
  refreshed_at: NullableTimestamp
}

export interface AuthRefreshTokensTable {
  token_hash: string
  session_id: string
  user_id: string
  created_at: Timestamp
  used_at: NullableTimestamp
  revoked_at: NullableTimestamp
  /** The token this one was exchanged for, encrypted; kept for the reuse interval only (032). */
  successor_ciphertext: string | null
}

export interface MemberInvitationsTable {
  account_id: string
  /** Lower-cased. */
  email: string
  role: 'owner' | 'admin' | 'editor' | 'viewer'
  invited_by: string | null
  created_at: Timestamp
  expires_at: Timestamp
}

export interface AuthOutboxTable {
  id: Generated<string>
  to_address: string
  subject: string
  text: string
  link: string | null
  sent_at: Timestamp
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled'

/** The one mail outbox (160): a row per mail, written in its cause's transaction (services/mail/). */
export interface MailOutboxTable {
  id: Generated<string>
  account_id: string | null
  dedupe_key: string
  kind: string
  to_address: string
  locale: string | null
  /** The template's parameters, encrypted (secret box); null once sent. */
  payload: string | null
  status: Generated<MailStatus>
  attempts: Generated<number>
  next_attempt_at: Timestamp
  give_up_at: Timestamp
  locked_until: NullableTimestamp
  last_error: string | null
  subject: string | null
  sent_at: NullableTimestamp
  provider_message_id: string | null
  created_at: Timestamp
}

export interface AuthIdentitiesTable {
  id: string
  provider: string
  provider_id: string
  user_id: string
  email: string | null
  identity_data: ColumnType<Record<string, unknown>, string | undefined, string>
  created_at: Timestamp
  updated_at: Timestamp
  last_sign_in_at: NullableTimestamp
}

export interface AuthOauthStatesTable {
  state_hash: string
  provider: string
  redirect_to: string
  code_challenge: string | null
  code_challenge_method: string | null
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
}

export interface PlatformSubscriptionsTable {
  account_id: string
  customer_id: string
  subscription_id: string | null
  subscription_created: NullableTimestamp
  status: string | null
  price_id: string | null
  billing_interval: 'month' | 'year' | null
  cancel_at_period_end: Generated<boolean>
  current_period_end: NullableTimestamp
  /** While the subscription is trialing: when its trial ends and the first charge happens (211). */
  trial_end: NullableTimestamp
  payment_failed_at: NullableTimestamp
  checkout_session_id: string | null
  synced_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export interface BillingEventsTable {
  event_id: string
  type: string
  account_id: string | null
  event_created: Timestamp
  received_at: Timestamp
}

/** The platform's own endpoints on its Stripe account (the Connect endpoint for OAuth accounts). */
export interface PlatformWebhookEndpointsTable {
  purpose: 'connect'
  stripe_endpoint_id: string
  url: string
  secret_ciphertext: string
  created_at: Timestamp
}

export interface MerchantStripeEventsTable {
  account_id: string
  event_id: string
  type: string
  event_created: Timestamp
  received_at: Timestamp
}

export interface SubscriberSubscriptionsTable {
  account_id: string
  subscription_id: string
  customer_id: string
  status: string
  cancel_at_period_end: boolean
  canceled_at: NullableTimestamp
  ended_at: NullableTimestamp
  paused: boolean
  unpaid_since: NullableTimestamp
  stripe_created: Timestamp
  synced_at: Timestamp
}

/** A subscriber as the merchant's Stripe named them (210): the session log's customer column. */
export interface SubscriberCustomersTable {
  account_id: string
  customer_id: string
  email: string | null
  name: string | null
  updated_at: Timestamp
}

export interface WebhookEndpointsOutTable {
  id: string
  account_id: string
  url: string
  kind: Generated<'generic' | 'slack'>
  // Written only from the validated endpoint form (the shared event list).
  event_types: Json<WebhookEventType[]>
  secret_ciphertext: string
  description: string | null
  created_at: Timestamp
}

export interface WebhookDeliveriesTable {
  id: Generated<string>
  account_id: string
  endpoint_id: string
  event_id: string
  event_type: WebhookEventType
  payload: string
  status: Generated<'pending' | 'delivered' | 'failed'>
  attempts: Generated<number>
  next_attempt_at: Timestamp
  give_up_at: Timestamp
  locked_until: NullableTimestamp
  last_status: number | null
  created_at: Timestamp
  delivered_at: NullableTimestamp
}

/** The instances serving this database, refreshed while they run (migration 182). */
export interface InstancesTable {
  id: string
  public_url: string
  version: string
  commit: string
  started_at: Date
  seen_at: Date
}

/** Once-per-cluster background passes: when each last finished (migration 181). */
export interface ClusterPassesTable {
  name: string
  last_finished_at: Date
  holder: string
}

export interface WebhookAttemptsTable {
  id: Generated<string>
  delivery_id: string
  attempted_at: Timestamp
  response_status: number | null
  error: string | null
  duration_ms: number
}

export interface UsageNoticesTable {
  account_id: string
  /** `YYYY-MM` (UTC). */
  month: string
  threshold: 80 | 100
  sessions: number
  session_limit: number
  created_at: Timestamp
  mailed_at: NullableTimestamp
}

export interface SteppedAsideTable {
  account_id: string
  month: string
  customer_id: string
  first_at: Timestamp
  last_at: Timestamp
  attempts: Generated<number>
}

export interface UsageReportsTable {
  session_id: string
  account_id: string
  /** The account's customer on the platform's Stripe account. */
  customer_id: string
  occurred_at: Timestamp
  reported_at: NullableTimestamp
  attempts: Generated<number>
  last_error: string | null
}

/**
 * The analytics rollups (migration 110). Only the database's triggers write them; the dashboard reads
 * them (services/analytics/rollup-queries.ts), so none of their columns can be inserted or updated here.
 */
type RollupColumn<T> = ColumnType<T, never, never>

export interface AnalyticsDailyTable {
  account_id: RollupColumn<string>
  live: RollupColumn<boolean>
  step: RollupColumn<string>
  day: RollupColumn<Date | string>
  reason_key: RollupColumn<string>
  offer: RollupColumn<string>
  slot: RollupColumn<number>
  events: RollupColumn<number>
  sessionless: RollupColumn<number>
  last_of_session: RollupColumn<number>
}

export interface AnalyticsSessionLastTable {
  session_id: RollupColumn<string>
  step: RollupColumn<string>
  offer: RollupColumn<string>
  account_id: RollupColumn<string>
  live: RollupColumn<boolean>
  reason_key: RollupColumn<string | null>
  first_at: RollupColumn<Date>
  last_at: RollupColumn<Date>
  last_id: RollupColumn<string>
}

export interface AnalyticsDailyWordsTable {
  account_id: RollupColumn<string>
  live: RollupColumn<boolean>
  day: RollupColumn<Date | string>
  word: RollupColumn<string>
  slot: RollupColumn<number>
  occurrences: RollupColumn<number>
}

/** Write-in words per folded UTC month (migration 150); written by the compaction pass only. */
export interface AnalyticsMonthlyWordsTable {
  account_id: RollupColumn<string>
  live: RollupColumn<boolean>
  month: RollupColumn<Date | string>
  word: RollupColumn<string>
  occurrences: RollupColumn<number>
}

/** How far each month is folded into analytics_monthly_words: its days before `through`. */
export interface AnalyticsMonthlyWordsDoneTable {
  account_id: RollupColumn<string>
  month: RollupColumn<Date | string>
  through: RollupColumn<Date | string>
}

export interface AnalyticsDailySavesTable {
  account_id: RollupColumn<string>
  live: RollupColumn<boolean>
  day: RollupColumn<Date | string>
  mechanism: RollupColumn<string>
  currency: RollupColumn<string>
  slot: RollupColumn<number>
  mrr: RollupColumn<string>
  saves: RollupColumn<number>
}

/** Cancel sessions started per account, mode and UTC day (migration 140), kept by a trigger. */
export interface AnalyticsDailySessionsTable {
  account_id: RollupColumn<string>
  live: RollupColumn<boolean>
  day: RollupColumn<Date | string>
  sessions: RollupColumn<number>
}

/**
 * Save durability rolled up (migration 111), kept by triggers on saves, sessions and subscriptions:
 * each save's follow-up facts, and their daily counts (services/analytics/durability-rollup.ts).
 */
export interface AnalyticsSaveFollowupsTable {
  save_id: RollupColumn<string>
  account_id: RollupColumn<string>
  live: RollupColumn<boolean>
  session_id: RollupColumn<string | null>
  subscription_id: RollupColumn<string | null>
  saved_at: RollupColumn<Date>
  mechanism: RollupColumn<string>
  reason_key: RollupColumn<string>
  currency: RollupColumn<string>
  mrr: RollupColumn<string>
  tracked: RollupColumn<boolean>
  lost_at: RollupColumn<Date | null>
  lost_within: RollupColumn<number>
}

export interface AnalyticsDailyDurabilityTable {
  account_id: RollupColumn<string>
  live: RollupColumn<boolean>
  day: RollupColumn<Date | string>
  mechanism: RollupColumn<string>
  reason_key: RollupColumn<string>
  currency: RollupColumn<string>
  tracked: RollupColumn<boolean>
  lost: RollupColumn<boolean>
  lost_within: RollupColumn<number>
  saves: RollupColumn<number>
  mrr: RollupColumn<string>
}

/** Modules an operator granted an account ahead of general availability (190). */
export interface AccountFeaturesTable {
  account_id: string
  feature: 'payment_recovery'
  granted_at: Timestamp
}

export interface RecoverySettingsTable {
  account_id: string
  settings: ColumnType<unknown, string, string>
  updated_at: Timestamp
  updated_by: string | null
}

/** One payment-recovery campaign per failed invoice (190; services/recovery/). */
export interface RecoveryCampaignsTable {
  /** bigserial: a string from PostgreSQL, a number from PGlite (store.ts reads it as a string). */
  id: Generated<string>
  account_id: string
  mode: 'live' | 'test'
  invoice_id: string
  customer_id: string
  subscription_id: string | null
  state: Generated<RecoveryState>
  outcome: RecoveryOutcome | null
  /** bigint: a string from PostgreSQL, a number from PGlite (read it with Number()). */
  amount: ColumnType<string | number, number | string, number | string>
  currency: string
  mrr: Generated<number>
  plan_name: string | null
  decline_code: string | null
  hard_decline: Generated<boolean>
  failed_payment_method: string | null
  stripe_attempts: Generated<number>
  stripe_next_attempt_at: NullableTimestamp
  anchor_at: NullableTimestamp
  our_attempts: Generated<number>
  reminder_sent_at: NullableTimestamp
  final_notice_sent_at: NullableTimestamp
  due_at: NullableTimestamp
  ends_at: NullableTimestamp
  email: string | null
  locale: string | null
  time_zone: string | null
  link_channel: LinkChannel | null
  link_opened_at: NullableTimestamp
  recovered_attempt: number | null
  failed_at: Timestamp
  closed_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
  version: Generated<number>
}

export interface RecoveryAttemptsTable {
  campaign_id: string
  attempt: number
  at: Timestamp
  result: 'paid' | 'declined' | 'requires_action' | 'not_open'
  decline_code: string | null
}

export interface Database {
  merchant_delivery_failures: MerchantDeliveryFailuresTable
  settings: SettingsTable
  users: UsersTable
  accounts: AccountsTable
  memberships: MembershipsTable
  flow_configs: FlowConfigsTable
  cancellation_reasons: CancellationReasonsTable
  cancellation_reason_versions: CancellationReasonVersionsTable
  gateway_credentials: GatewayCredentialsTable
  stripe_oauth_states: StripeOauthStatesTable
  widget_secrets: WidgetSecretsTable
  cancel_sessions: CancelSessionsTable
  customer_locks: CustomerLocksTable
  member_invitations: MemberInvitationsTable
  session_events: SessionEventsTable
  saves: SavesTable
  idempotent_actions: IdempotentActionsTable
  widget_loads: WidgetLoadsTable
  widget_errors: WidgetErrorsTable
  evidence_ledger: EvidenceLedgerTable
  evidence_heads: EvidenceHeadsTable
  contact_messages: ContactMessagesTable
  waitlist_signups: WaitlistSignupsTable
  rate_limit_hits: RateLimitHitsTable
  auth_signing_keys: AuthSigningKeysTable
  auth_one_time_tokens: AuthOneTimeTokensTable
  auth_flow_codes: AuthFlowCodesTable
  auth_sessions: AuthSessionsTable
  auth_refresh_tokens: AuthRefreshTokensTable
  auth_outbox: AuthOutboxTable
  mail_outbox: MailOutboxTable
  auth_identities: AuthIdentitiesTable
  auth_oauth_states: AuthOauthStatesTable
  platform_subscriptions: PlatformSubscriptionsTable
  billing_events: BillingEventsTable
  usage_notices: UsageNoticesTable
  stepped_aside: SteppedAsideTable
  usage_reports: UsageReportsTable
  merchant_stripe_events: MerchantStripeEventsTable
  platform_webhook_endpoints: PlatformWebhookEndpointsTable
  subscriber_subscriptions: SubscriberSubscriptionsTable
  subscriber_customers: SubscriberCustomersTable
  webhook_endpoints_out: WebhookEndpointsOutTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
  cluster_passes: ClusterPassesTable
  instances: InstancesTable
  analytics_daily: AnalyticsDailyTable
  analytics_session_last: AnalyticsSessionLastTable
  analytics_daily_words: AnalyticsDailyWordsTable
  analytics_monthly_words: AnalyticsMonthlyWordsTable
  analytics_monthly_words_done: AnalyticsMonthlyWordsDoneTable
  analytics_daily_saves: AnalyticsDailySavesTable
  analytics_daily_sessions: AnalyticsDailySessionsTable
  analytics_save_followups: AnalyticsSaveFollowupsTable
  analytics_daily_durability: AnalyticsDailyDurabilityTable
  feedback_pending: FeedbackPendingTable
  feedback_backfill: FeedbackBackfillTable
  feedback_insights: FeedbackInsightsTable
  analytics_daily_sentiment: AnalyticsDailySentimentTable
  analytics_daily_themes: AnalyticsDailyThemesTable
  feedback_themes: FeedbackThemesTable
  feedback_summaries: FeedbackSummariesTable
  segments: SegmentsTable
  experiments: ExperimentsTable
  experiment_arms: ExperimentArmsTable
  experiment_assignments: ExperimentAssignmentsTable
  account_features: AccountFeaturesTable
  recovery_settings: RecoverySettingsTable
  recovery_campaigns: RecoveryCampaignsTable
  recovery_attempts: RecoveryAttemptsTable
  past_cancellation_imports: PastCancellationImportsTable
  past_cancellations: PastCancellationsTable
}

export type Account = Selectable<AccountsTable>
export type NewAccount = Insertable<AccountsTable>
export type AccountUpdate = Updateable<AccountsTable>
export type User = Selectable<UsersTable>
export type CancelSession = Selectable<CancelSessionsTable>
