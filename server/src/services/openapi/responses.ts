import { ANALYTICS_ENDPOINTS } from '@retainkit/shared/analytics-endpoints'
import { cancelFlowConfigSchema, cancellationReasonsSchema } from '@retainkit/shared/schemas'
import { OFFER_TYPES, SAVE_MECHANISMS } from '@retainkit/shared/vocabulary'
import { z } from 'zod'

/**
 * What each call answers on success, as zod schemas: the OpenAPI document is generated from them, and
 * the API fuzz suite checks every successful answer it gets against them, so they cannot drift from
 * what the server sends. Objects list the fields a client may rely on (more may be present).
 */

const isoTime = z.string().describe('ISO 8601 time')
const nullableTime = isoTime.nullable()

/** `{data: …}`: the envelope of every /api answer except the widget's. */
export const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema })

const accountSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  email: z.string().nullable(),
})

export const sessionContext = z.object({
  active_account_id: z.string().nullable(),
  accounts: z.array(accountSummary),
  membership: z.object({ role: z.enum(['owner', 'admin', 'editor', 'viewer']) }).nullable(),
  capabilities: z.record(z.string(), z.boolean()),
  user: z.object({ id: z.string(), email: z.string() }),
})

export const accountData = z.object({
  account_id: z.string(),
  name: z.string(),
  slug: z.string(),
  email: z.string().nullable(),
  domain: z.string().nullable(),
  tier: z.enum(['free', 'pro']),
})

const versionSummary = z.object({
  version: z.number().int(),
  created_at: isoTime,
  created_by_email: z.string().nullable(),
})
const fieldWarning = z.object({ field: z.string(), key: z.string(), message: z.string() })

export const accountConfig = z.object({
  config_json: cancelFlowConfigSchema,
  version: z.number().int().min(0),
  updated_at: nullableTime,
  previous_versions: z.array(versionSummary),
  warnings: z.array(fieldWarning).optional(),
})

export const defaultConfig = z.object({
  config_json: cancelFlowConfigSchema,
  reasons: cancellationReasonsSchema,
})

export const accountReasons = z.object({
  reasons: cancellationReasonsSchema,
  version: z.number().int().min(0),
  updated_at: nullableTime,
  previous_versions: z.array(versionSummary),
  warnings: z.array(fieldWarning),
})

export const credentialsView = z.union([
  z.object({
    gateway: z.literal('stripe'),
    connected: z.literal(true),
    api_key: z.string().describe('masked, e.g. sk_live_…4242'),
    access_token: z.string().nullable(),
    stripe_account_id: z.string().nullable(),
    connected_via: z.enum(['key', 'oauth']),
    livemode: z.boolean().nullable(),
    last_tested_at: nullableTime,
    last_test_ok: z.boolean().nullable(),
  }),
  z.object({ gateway: z.literal('stripe'), connected: z.literal(false) }),
])

const secretMode = z.enum(['live', 'test'])
export const widgetSecretCreated = z.object({
  id: z.string(),
  secret: z.string(),
  mode: secretMode,
  created_at: isoTime,
})
export const widgetSecretList = z.array(
  z.object({
    id: z.string(),
    hint: z.string(),
    mode: secretMode,
    created_at: isoTime,
    last_used_at: nullableTime,
  }),
)
export const widgetSecretRevoked = z.object({ id: z.string(), revoked_at: isoTime })
export const installStatus = z.object({
  installed: z.boolean(),
  last_loaded_at: nullableTime,
  origins: z.array(z.object({ origin: z.string(), first_loaded_at: isoTime, last_loaded_at: isoTime })),
})

const member = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'admin', 'editor', 'viewer']),
  joined_at: isoTime,
  you: z.boolean(),
})
const invitation = z.object({
  email: z.string(),
  role: z.enum(['owner', 'admin', 'editor', 'viewer']),
  invited_at: isoTime,
  expires_at: isoTime,
})
export const team = z.object({ members: z.array(member), invitations: z.array(invitation) })
export const invited = z.object({ invitation, emailed: z.boolean() })
export const memberChanged = member
export const memberRemoved = z.union([
  z.object({ user_id: z.string(), removed: z.literal(true) }),
  z.object({ email: z.string(), revoked: z.literal(true) }),
])

export const analyticsRows = z
  .array(z.record(z.string(), z.unknown()))
  .describe(`Rows of the data set: ${ANALYTICS_ENDPOINTS.join(', ')} (see the spec's analytics outputs)`)

const analyticsEntry = z.union([
  z.object({ data: z.unknown(), meta: z.record(z.string(), z.unknown()).optional() }),
  z.object({
    error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
    status: z.number().int(),
  }),
])
export const analyticsDashboard = z
  .object(Object.fromEntries(ANALYTICS_ENDPOINTS.map((name) => [name, analyticsEntry])))
  .partial()
  .describe(
    'Each data set asked for, by name: what its own /api/analytics call answers ({data, meta?}), or {error, status} (a Pro data set on the free tier: 403)',
  )

export const plans = z.array(
  z.object({
    id: z.string(),
    product_name: z.string().nullable(),
    unit_amount: z.number().nullable(),
    currency: z.string(),
    interval: z.string().nullable(),
    display: z.string(),
  }),
)
const coupon = z.object({
  id: z.string(),
  name: z.string().nullable(),
  percent_off: z.number().nullable(),
  duration: z.string(),
  duration_in_months: z.number().nullable(),
})
export const couponCreated = coupon
export const couponList = z.array(coupon)
export const connectionTest = z.union([
  z.object({
    ok: z.literal(true),
    account: z.object({ id: z.string(), name: z.string().nullable() }),
    livemode: z.boolean(),
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
])
export const oauthStarted = z.object({ url: z.string() })
export const oauthConnected = z.object({
  account_id: z.string(),
  connected: z.literal(true),
  stripe_account_id: z.string(),
})

export const formAccepted = z.object({
  success: z.literal(true),
  data: z.object({ success: z.literal(true) }),
})

export const health = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
})
export const runtimeConfig = z.object({
  backendUrl: z.string(),
  apiBaseUrl: z.string(),
  anonKey: z.string(),
  apiKey: z.string(),
  stripeRedirectUrl: z.string(),
  billingPortalUrl: z.string(),
  embeddedAuth: z.boolean(),
  devOutbox: z.boolean(),
  stripeConnect: z.boolean(),
})
export const openApiDocument = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string() }),
  paths: z.record(z.string(), z.unknown()),
})

// The widget API answers its contract types bare (shared/widget-api.ts).
export const widgetConfig = z.object({
  accountId: z.string(),
  tier: z.enum(['free', 'pro']),
  config: cancelFlowConfigSchema,
  reasons: cancellationReasonsSchema.or(z.array(z.never())),
  version: z.number().int(),
  themeCss: z.string(),
})
const plan = z.object({
  priceId: z.string(),
  productName: z.string(),
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(['day', 'week', 'month', 'year']),
  intervalCount: z.number(),
})
export const sessionStarted = z.union([
  z.object({
    fallback: z.literal(false),
    sessionId: z.string(),
    subscriber: z
      .object({
        customerId: z.string(),
        subscriptionId: z.string(),
        status: z.string(),
        plan,
        mrr: z.number(),
        cancelAtPeriodEnd: z.boolean(),
        currentPeriodEnd: nullableTime,
      })
      .nullable(),
    eligibleOffers: z.array(z.enum(OFFER_TYPES)),
  }),
  z.object({ fallback: z.literal(true), reason: z.enum(['session_limit', 'not_configured']) }),
])
export const eventsPartlyStored = z.object({
  accepted: z.number().int(),
  refused: z.array(z.object({ index: z.number().int(), field: z.string(), message: z.string() })),
})
const mechanism = z.enum(SAVE_MECHANISMS)
export const offerAccepted = z.union([
  z.object({
    status: z.literal('applied'),
    mechanism,
    mrrBefore: z.number(),
    mrrAfter: z.number(),
    message: z.string(),
  }),
  z.object({ status: z.literal('redirect'), mechanism, redirectUrl: z.string() }),
  z.object({ status: z.literal('recorded'), mechanism }),
])
export const cancelled = z.union([
  z.object({ status: z.literal('scheduled'), cancelAt: nullableTime, message: z.string() }),
  z.object({ status: z.literal('recorded') }),
])
const reactivationKind = z.enum(['paused', 'scheduled_cancel', 'churned'])
export const reactivation = z.union([
  z.object({
    eligible: z.literal(true),
    sessionId: z.string(),
    kind: reactivationKind,
    subscriptionId: z.string().nullable(),
    plan: plan.nullable(),
    offer: z.object({ percentOff: z.number(), months: z.number() }).nullable(),
  }),
  z.object({ eligible: z.literal(false) }),
])
export const reactivated = z.object({
  status: z.literal('reactivated'),
  kind: reactivationKind,
  subscriptionId: z.string(),
  message: z.string(),
})

// The embedded auth server answers in GoTrue's shapes.
const authUser = z.object({
  id: z.string(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
  created_at: isoTime,
})
export const authSession = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  expires_at: z.number(),
  refresh_token: z.string(),
  user: authUser,
})
export const authUserResponse = authUser
export const jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) })
export const authSettings = z.object({
  external: z.record(z.string(), z.boolean()),
  disable_signup: z.boolean(),
})
export const authHealth = z.object({ version: z.string(), name: z.string() })
export const empty = z.object({}).describe('{}')
export const outbox = z.array(
  z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    link: z.string().nullable(),
    sent_at: isoTime,
  }),
)
