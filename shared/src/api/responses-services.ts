import { z } from 'zod'
import { ANALYTICS_ENDPOINTS } from '../analytics-endpoints'
import { obj } from './common'
import { saveDurabilityData, savedRevenueData } from './responses-money'

/** Analytics, the Stripe catalogue and connection, the marketing forms and the platform's documents. */

const jsonObject = z.custom<object>((value) => typeof value === 'object' && value !== null)
/** Rows of a data set, or (saved revenue) one summary object: each data set's own shape. */
export const analyticsData = z
  .union([savedRevenueData, saveDurabilityData, z.array(jsonObject), jsonObject])
  .describe(`Rows of the data set (${ANALYTICS_ENDPOINTS.join(', ')}), or the saved-revenue summary`)

/** One data set inside the combined dashboard call: what its own call answers, or its refusal. */
const analyticsEntry = z.union([
  obj({ data: analyticsData, meta: z.record(z.string(), z.unknown()).optional() }),
  obj({
    error: obj({ code: z.string(), message: z.string(), field: z.string().optional() }),
    status: z.number().int(),
  }),
])
/** `GET /api/analytics/dashboard`: each data set asked for, by name. */
export const analyticsDashboard = z
  .partialRecord(z.enum(ANALYTICS_ENDPOINTS), analyticsEntry)
  .describe(
    'Each data set asked for, by name: what its own /api/analytics call answers ({data, meta?}), or {error, status} (a Pro data set on the free tier: 403)',
  )

export const stripePlan = obj({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  nickname: z.string().nullable(),
  unit_amount: z.number().nullable(),
  currency: z.string(),
  interval: z.string().describe('day, week, month or year'),
  interval_count: z.number().int(),
  display: z.string().describe('e.g. $14.99/month'),
})
export const plans = z.array(stripePlan)
const couponDuration = z.string().describe('once, repeating or forever')
/** A coupon as creating one answers it. */
export const coupon = obj({
  id: z.string(),
  name: z.string().nullable(),
  percent_off: z.number().nullable(),
  duration: couponDuration,
  duration_in_months: z.number().nullable(),
})
export const couponCreated = coupon
/** A coupon as the list shows it: what it takes off and how often it was used. */
export const listedCoupon = obj({
  ...coupon.shape,
  amount_off: z.number().nullable(),
  currency: z.string().nullable(),
  valid: z.boolean(),
  times_redeemed: z.number().int(),
  max_redemptions: z.number().int().nullable(),
  redeem_by: z.number().int().nullable(),
  created: z.number().int(),
})
export const couponList = z.array(listedCoupon)
export const connectionTest = z.union([
  obj({
    ok: z.literal(true),
    account: obj({ id: z.string(), name: z.string().nullable() }),
    livemode: z.boolean(),
  }),
  obj({ ok: z.literal(false), message: z.string() }),
])
export const oauthStarted = obj({ url: z.string() })
export const oauthConnected = obj({
  account_id: z.string(),
  connected: z.literal(true),
  stripe_account_id: z.string(),
})

export const formAccepted = obj({
  success: z.literal(true),
  data: obj({ success: z.literal(true) }),
})

const release = {
  version: z.string().describe("The release: the root package.json's version"),
  commit: z.string().describe("The commit it was built from, or 'unknown'"),
  uptimeSeconds: z.number(),
}
export const health = obj({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  ...release,
})
export const liveness = obj({ status: z.literal('ok'), ...release })
export const readiness = obj({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  ...release,
})
export const runtimeConfig = obj({
  backendUrl: z.string(),
  apiBaseUrl: z.string(),
  anonKey: z.string(),
  apiKey: z.string(),
  stripeRedirectUrl: z.string(),
  billingPortalUrl: z.string(),
  embeddedAuth: z.boolean(),
  devOutbox: z.boolean(),
  stripeConnect: z.boolean(),
  stripeClientId: z.string().nullable(),
  /** PUBLIC_URL when the operator set it (the console moves other origins to it); null otherwise. */
  siteUrl: z.string().nullable(),
})
/** The OpenAPI document itself: open, it is generated rather than hand-written. */
export const openApiDocument = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string() }),
  paths: z.record(z.string(), z.unknown()),
})
