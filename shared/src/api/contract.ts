import type { z } from 'zod'
import { z as zod } from 'zod'
import { gettingLiveSchema, widgetErrorsSchema } from '../schemas/getting-live'
import { data, obj } from './common'
import * as account from './responses-account'
import * as auth from './responses-auth'
import * as billing from './responses-billing'
import * as evidence from './responses-evidence'
import * as feedback from './responses-feedback'
import * as past from './responses-past-cancellations'
import * as recovery from './responses-recovery'
import * as retention from './responses-retention'
import * as segments from './responses-segments'
import * as services from './responses-services'
import * as sessions from './responses-sessions'
import * as widget from './responses-widget'

/**
 * What every call of the server answers on success, keyed `METHOD path` exactly as the OpenAPI
 * operations name them (a fixed query parameter such as `?action=config` makes a call of its own).
 * The server's handlers are typed by these schemas, its suite parses every route's real answer with
 * them, the OpenAPI document is generated from them and the console's types are inferred from them.
 * `null`: the success answer has no JSON body (204, redirects, HTML).
 */
export const API_RESPONSES = {
  'GET /health': services.health,
  'GET /livez': services.liveness,
  'GET /readyz': services.readiness,
  'GET /metrics': null,
  'GET /runtime-config.json': services.runtimeConfig,
  'GET /api/openapi.json': services.openApiDocument,

  'POST /api/session?action=bootstrap': data(account.sessionContext),
  'POST /api/session?action=active-account': data(account.sessionContext),
  'GET /api/session?action=context': data(account.sessionContext),
  'GET /api/account?action=data': data(account.accountData),
  'PUT /api/account?action=data': data(account.accountData),
  'POST /api/accounts': data(account.accountData),
  'GET /api/account?action=config': data(account.accountConfig),
  'PUT /api/account?action=config': data(account.accountConfig),
  'GET /api/account?action=config-history': data(account.configHistory),
  'POST /api/account?action=config-history': data(account.accountConfig),
  'GET /api/config/default/{accountId}': data(account.defaultConfig),
  'GET /api/account?action=reasons': data(account.accountReasons),
  'POST /api/account?action=reasons': data(account.accountReasons),
  'GET /api/account?action=credentials': data(account.credentialsView),
  'POST /api/account?action=credentials': data(account.credentialsView),
  'DELETE /api/account?action=credentials': data(account.credentialsView),
  'GET /api/account?action=widget-secret': data(account.widgetSecretList),
  'POST /api/account?action=widget-secret': data(account.widgetSecretCreated),
  'DELETE /api/account?action=widget-secret': data(account.widgetSecretRevoked),
  'GET /api/account?action=install-status': data(account.installStatus),
  'GET /api/account?action=getting-live': data(gettingLiveSchema),
  'GET /api/account?action=widget-errors': data(widgetErrorsSchema),
  'GET /api/account?action=members': data(account.team),
  'POST /api/account?action=members': data(account.invited),
  'PUT /api/account?action=members': data(account.memberChanged),
  'DELETE /api/account?action=members': data(account.memberRemoved),
  'GET /api/account?action=segments': data(segments.segmentList),
  'PUT /api/account?action=segments': data(segments.segmentList),
  'POST /api/account?action=segment-preview': data(segments.segmentPreview),
  'GET /api/account?action=experiments': data(segments.experimentList),
  'POST /api/account?action=experiments': data(segments.experimentResult),
  'PUT /api/account?action=experiments': data(segments.experimentResult),

  'GET /api/analytics': obj({
    data: services.analyticsData,
    meta: zod.record(zod.string(), zod.unknown()).optional(),
  }),
  'GET /api/analytics/dashboard': data(services.analyticsDashboard),
  'GET /api/analytics/export': retention.sessionExport,
  'GET /api/analytics/quotes': data(feedback.quotesPage),
  'GET /api/account?action=themes': data(feedback.themeSettingsList),
  'PUT /api/account?action=themes': data(feedback.themeSettingsList),
  'GET /api/account?action=summaries': data(feedback.writeInSummaryList),
  'POST /api/stripe/webhooks/{accountId}': retention.stripeReceipt,
  'POST /api/stripe/connect/webhook': retention.stripeReceipt,
  'GET /api/webhooks/{accountId}': data(zod.array(retention.endpointView)),
  'POST /api/webhooks/{accountId}': data(retention.endpointCreated),
  'DELETE /api/webhooks/{accountId}/endpoints/{endpointId}': data(retention.endpointDeleted),
  'GET /api/webhooks/{accountId}/deliveries': data(zod.array(retention.delivery)),
  'POST /api/webhooks/{accountId}/deliveries/{deliveryId}/replay': data(retention.deliveryReplayed),
  'POST /api/webhooks/{accountId}/endpoints/{endpointId}/test': data(retention.testEventQueued),
  'GET /api/sessions/{accountId}': data(sessions.sessionsPage),
  'GET /api/sessions/{accountId}/export': sessions.sessionsCsv,
  'GET /api/sessions/{accountId}/{sessionId}': data(sessions.sessionDetail),
  'GET /api/sessions/{accountId}/{sessionId}/evidence': data(evidence.sessionEvidence),
  'GET /api/stripe/past-cancellations/{accountId}': data(past.pastCancellations),
  'POST /api/stripe/past-cancellations/{accountId}/import': data(past.pastCancellations),
  'POST /api/stripe/oauth/start': data(services.oauthStarted),
  'POST /api/stripe/oauth/callback': data(services.oauthConnected),
  'GET /api/stripe/plans/{accountId}': data(services.plans),
  'POST /api/stripe/coupons': data(services.couponCreated),
  'GET /api/stripe/coupons/{accountId}': obj({ data: services.couponList, has_more: zod.boolean() }),
  'POST /api/stripe/test-connection/{accountId}': data(services.connectionTest),
  'POST /api/contact': services.formAccepted,
  'POST /api/waitlist': services.formAccepted,

  'GET /api/widget/config/{accountId}': widget.widgetConfig,
  'GET /api/evidence': evidence.evidenceAnswer,
  'GET /api/evidence/verify': data(evidence.chainReport),
  'POST /api/widget/route': widget.routeAnswer,
  'POST /api/widget/sessions': widget.sessionStarted,
  'POST /api/widget/sessions/{id}/events': null,
  'POST /api/widget/sessions/{id}/accept': widget.offerAccepted,
  'POST /api/widget/sessions/{id}/cancel': widget.cancelled,
  'POST /api/widget/sessions/{id}/statutory': widget.statutoryReceived,
  'POST /api/widget/sessions/{id}/after-cancel': null,
  'POST /api/widget/reactivation': widget.reactivation,
  'POST /api/widget/reactivation/accept': widget.reactivated,

  'GET /api/recovery/{accountId}': data(recovery.recoveryView),
  'PUT /api/recovery/{accountId}': data(recovery.recoveryView),
  'POST /api/recovery/{accountId}/preview': data(recovery.recoveryPreview),
  'GET /api/recovery/{accountId}/campaigns': data(recovery.recoveryCampaigns),
  'GET /api/recovery/{accountId}/report': data(recovery.recoveryReport),
  'GET /api/recovery/{accountId}/export': recovery.recoveryExport,

  'GET /api/billing/status/{accountId}': data(billing.billingStatus),
  'POST /api/billing/checkout/{accountId}': data(billing.hostedPage),
  'POST /api/billing/portal/{accountId}': data(billing.hostedPage),
  'POST /api/billing/webhook': billing.webhookReceipt,
  'POST /api/admin/accounts': data(billing.accountListings),
  'POST /api/admin/tier': data(billing.tierChange),
  'POST /api/admin/revoke-sessions': data(billing.sessionsRevoked),
  'POST /api/admin/waitlist': data(billing.waitlistListing),
  'POST /api/admin/early-access': data(billing.earlyAccessChange),
  'POST /api/admin/mail': data(billing.mailListings),
  'POST /api/admin/reconcile': data(billing.reconcileOutcomes),

  'POST /auth/v1/otp': auth.empty,
  'GET /auth/v1/verify': null,
  'POST /auth/v1/token?grant_type=pkce': auth.authSession,
  'POST /auth/v1/token?grant_type=refresh_token': auth.authSession,
  'GET /auth/v1/user': auth.authUser,
  'PUT /auth/v1/user': auth.authUser,
  'POST /auth/v1/logout': null,
  'GET /auth/v1/authorize': null,
  'GET /auth/v1/callback': null,
  'GET /auth/v1/.well-known/jwks.json': auth.jwks,
  'GET /auth/v1/settings': auth.authSettings,
  'GET /auth/v1/health': auth.authHealth,
  'GET /auth/v1/dev/outbox': auth.outbox,
} as const satisfies Record<string, z.ZodType | null>

export type ApiCall = keyof typeof API_RESPONSES
/** The calls that answer a JSON body. */
export type JsonApiCall = { [K in ApiCall]: (typeof API_RESPONSES)[K] extends null ? never : K }[ApiCall]
/** The whole success body of a call, envelope included. */
export type ApiResponse<K extends JsonApiCall> = z.output<NonNullable<(typeof API_RESPONSES)[K]>>
/** What a `{data}` call carries inside its envelope. */
export type ApiData<K extends JsonApiCall> = ApiResponse<K> extends { data: infer D } ? D : never
