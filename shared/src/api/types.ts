import type { z } from 'zod'
import type * as account from './responses-account'
import type * as auth from './responses-auth'
import type * as billing from './responses-billing'
import type * as past from './responses-past-cancellations'
import type * as services from './responses-services'
import type * as widget from './responses-widget'

/**
 * The response shapes as TypeScript types, inferred from the schemas (types only, so browser code
 * importing them carries no zod).
 */
export type SessionAccount = z.output<typeof account.sessionAccount>
export type SessionContext = z.output<typeof account.sessionContext>
export type AccountData = z.output<typeof account.accountData>
export type ConfigVersionInfo = z.output<typeof account.versionSummary>
export type FieldWarning = z.output<typeof account.fieldWarning>
export type AccountConfig = z.output<typeof account.accountConfig>
export type DefaultConfig = z.output<typeof account.defaultConfig>
export type ReasonsData = z.output<typeof account.accountReasons>
export type Credentials = z.output<typeof account.credentialsView>
export type ConnectedCredentials = z.output<typeof account.credentialsConnected>
export type WidgetSecretMode = z.output<typeof account.widgetSecretMode>
export type WidgetSecretCreated = z.output<typeof account.widgetSecretCreated>
export type WidgetSecretInfo = z.output<typeof account.widgetSecretInfo>
export type WidgetSecretRevoked = z.output<typeof account.widgetSecretRevoked>
export type InstallOrigin = z.output<typeof account.installOrigin>
export type InstallStatus = z.output<typeof account.installStatus>
export type TeamMember = z.output<typeof account.teamMember>
export type TeamInvitation = z.output<typeof account.teamInvitation>
export type TeamView = z.output<typeof account.team>
export type InvitationSent = z.output<typeof account.invited>
export type MemberRemoved = z.output<typeof account.memberRemoved>

export type StripePlan = z.output<typeof services.stripePlan>
export type Coupon = z.output<typeof services.coupon>
export type ListedCoupon = z.output<typeof services.listedCoupon>
export type TestConnectionResult = z.output<typeof services.connectionTest>
export type OAuthStarted = z.output<typeof services.oauthStarted>
export type OAuthCallbackResult = z.output<typeof services.oauthConnected>
export type HealthStatus = z.output<typeof services.health>
export type RuntimeConfigDocument = z.output<typeof services.runtimeConfig>

export type BillingStatusResponse = z.output<typeof billing.billingStatus>
export type HostedPage = z.output<typeof billing.hostedPage>
export type WebhookReceipt = z.output<typeof billing.webhookReceipt>
export type TierChange = z.output<typeof billing.tierChange>
export type AccountListing = z.output<typeof billing.accountListing>
export type SessionsRevoked = z.output<typeof billing.sessionsRevoked>

export type WidgetConfigResponse = z.output<typeof widget.widgetConfig>
export type SessionStartedResponse = z.output<typeof widget.sessionStarted>
export type OfferAcceptedResponse = z.output<typeof widget.offerAccepted>
export type CancelledResponse = z.output<typeof widget.cancelled>
export type ReactivationResponse = z.output<typeof widget.reactivation>
export type ReactivatedResponse = z.output<typeof widget.reactivated>
export type EventsPartlyStored = z.output<typeof widget.eventsPartlyStored>

export type AuthSessionResponse = z.output<typeof auth.authSession>
export type AuthUserResponse = z.output<typeof auth.authUser>
export type OutboxMail = z.output<typeof auth.outboxMail>

export type PastCancellations = z.output<typeof past.pastCancellations>
export type PastCancellation = z.output<typeof past.pastCancellation>
export type PastImportState = z.output<typeof past.pastImportState>
