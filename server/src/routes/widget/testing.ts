import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import type { ReactivationResponse } from '@retainkit/shared/widget-api'
import { SignJWT } from 'jose'
import type Stripe from 'stripe'
import { expect } from 'vitest'
import type { TestContext } from '../../../test/support/harness'

/** Shared set-up for the widget API's tests (not a test file itself). */

export interface WidgetAccount {
  accountId: string
  ownerToken: string
  /** A widget secret created through the widget-secret action, as a merchant would. */
  secret: string
  merchant: SeededMerchant | null
}

export interface TokenClaims {
  iss?: string
  sub?: string
  sid?: string
  mode?: 'live' | 'test'
  /** Billing actions the merchant's own handlers perform (handleOffer / handleCancel). */
  handles?: Array<'offers' | 'cancel'>
  country?: string
  state?: string
  /** The subscriber's language (`fr`, `pt-BR`); the widget reads it, the server checks its form. */
  locale?: string
  /** Custom attributes segments test (`custom.<name>`). */
  attributes?: unknown
  iat?: number
  exp?: number
}

/** Creates a widget secret through `POST /api/account?action=widget-secret` (a test-mode one on request). */
export async function createSecret(
  t: TestContext,
  accountId: string,
  ownerToken: string,
  mode?: 'live' | 'test',
): Promise<string> {
  const res = await t.request(`/api/account?accountId=${accountId}&action=widget-secret`, {
    method: 'POST',
    token: ownerToken,
    ...(mode ? { body: { mode } } : {}),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { data: { secret: string } }).data.secret
}

/**
 * A Pro (or free) account with a widget secret and, unless `stripe: false`, a seeded Stripe merchant.
 * The server clock is moved to the Stripe fake's "now", so times sent to Stripe (pause ends) agree.
 */
export async function widgetAccount(
  t: TestContext,
  options: { tier?: 'free' | 'pro'; domain?: string | null; stripe?: boolean } = {},
): Promise<WidgetAccount> {
  // Before anything is signed: the owner's token must be valid at the new time.
  t.clock.set(new Date(Math.max(t.clock.now().getTime(), t.stripe.clock.now() * 1000)))
  const { accountId, owner } = await t.createAccount({ tier: options.tier ?? 'pro', domain: options.domain })
  const merchant = options.stripe === false ? null : await t.connectStripe(accountId)
  return {
    accountId,
    ownerToken: owner.token,
    secret: await createSecret(t, accountId, owner.token),
    merchant,
  }
}

/** A subscriber token as a merchant's server would mint it (HS256 unless told otherwise). */
export async function mintToken(t: TestContext, secret: string, claims: TokenClaims): Promise<string> {
  const now = Math.floor(t.clock.now().getTime() / 1000)
  const payload: Record<string, unknown> = { ...claims }
  delete payload.iat
  delete payload.exp
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? (claims.iat ?? now) + 900)
    .sign(new TextEncoder().encode(secret))
}

export async function tokenFor(
  t: TestContext,
  account: WidgetAccount,
  customer: { customerId: string; subscriptionId?: string } | string,
  extra: TokenClaims = {},
): Promise<string> {
  const sub = typeof customer === 'string' ? customer : customer.customerId
  return mintToken(t, account.secret, { iss: account.accountId, sub, ...extra })
}

/** A widget API call: no API key (the widget has none), the subscriber token as bearer. */
export function widgetCall(
  t: TestContext,
  path: string,
  init: {
    token?: string
    body?: unknown
    method?: string
    headers?: Record<string, string>
    rawBody?: string
  } = {},
): Promise<Response> {
  return t.request(path, { ...init, apiKey: null, token: init.token ?? null })
}

/** The reactivation banner call (`POST /api/widget/reactivation`), expected to answer 200. */
export async function reactivationBanner(t: TestContext, token: string): Promise<ReactivationResponse> {
  const res = await widgetCall(t, '/api/widget/reactivation', { token, body: {} })
  expect(res.status).toBe(200)
  return (await res.json()) as ReactivationResponse
}

export async function startSession(
  t: TestContext,
  token: string,
  body: Record<string, unknown> = {},
): Promise<{ status: number; body: Record<string, unknown> & { sessionId: string } }> {
  const res = await widgetCall(t, '/api/widget/sessions', { token, body })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { sessionId: string } }
}

/**
 * A subscriber who opens the flow in `locale` and leaves a write-in (after a reason when one is given),
 * through the real session and events calls; the write-in is then queued for scoring.
 */
export async function leaveWriteIn(
  t: TestContext,
  account: WidgetAccount,
  customerId: string,
  text: string,
  options: { locale?: string; reasonKey?: string } = {},
): Promise<{ sessionId: string; token: string }> {
  const token = await tokenFor(t, account, customerId, { handles: ['offers', 'cancel'] })
  const { status, body } = await startSession(t, token, {
    merchantHandlesOffers: true,
    locale: options.locale ?? 'en',
  })
  expect(status, JSON.stringify(body)).toBe(201)
  const reason = options.reasonKey ? [{ step: 'reason_selected', reasonKey: options.reasonKey }] : []
  const res = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/events`, {
    token,
    body: { events: [...reason, { step: 'feedback_submitted', text }] },
  })
  expect(res.status).toBe(204)
  return { sessionId: body.sessionId, token }
}

/** Publishes a config version directly (as the config editor would) and drops the cached one. */
export async function publishConfig(
  t: TestContext,
  accountId: string,
  edit: (config: CancelFlowConfig) => void,
): Promise<CancelFlowConfig> {
  const config = createDefaultConfig()
  edit(config)
  const latest = await t.database.db
    .selectFrom('flow_configs')
    .select('version')
    .where('account_id', '=', accountId)
    .orderBy('version', 'desc')
    .executeTakeFirst()
  await t.database.db
    .insertInto('flow_configs')
    .values({ account_id: accountId, version: (latest?.version ?? 0) + 1, config: JSON.stringify(config) })
    .execute()
  t.deps.widgetConfigCache.invalidate(accountId)
  return config
}

/** Plans the seeded merchant sells, as config plans. */
export function seededPlans(merchant: SeededMerchant) {
  return {
    planSwitch: [
      { id: merchant.prices.basicMonthly, name: 'Basic', price: '$14.99/month' },
      { id: merchant.prices.teamMonthly, name: 'Team', price: '$99/month' },
    ],
    billingCycle: [
      { id: merchant.prices.proMonthly, name: 'Pro monthly', price: '$29/month' },
      { id: merchant.prices.proAnnual, name: 'Pro annual', price: '$290/year' },
    ],
  }
}

export function fakeSubscription(t: TestContext, merchant: SeededMerchant, id: string) {
  const sub = t.stripe.state(merchant.account).subscriptions.find((s) => s.id === id)
  if (!sub) throw new Error(`no subscription ${id}`)
  return sub as unknown as Stripe.Subscription
}

/** Successful subscription writes that reached the Stripe fake for one subscription. */
export function subscriptionWrites(t: TestContext, merchant: SeededMerchant, subscriptionId?: string) {
  return t.stripe
    .mutations({ accountId: merchant.account })
    .filter((m) =>
      subscriptionId
        ? m.path === `/v1/subscriptions/${subscriptionId}`
        : m.path.startsWith('/v1/subscriptions'),
    )
}

export async function errorOf(res: Response): Promise<{ code: string; message: string; field?: string }> {
  return ((await res.json()) as { error: { code: string; message: string; field?: string } }).error
}

/** A fresh customer with one subscription on `price` (classic billing, like most merchants' subscriptions). */
export async function newSubscriber(
  t: TestContext,
  merchant: SeededMerchant,
  price: string,
  extra: Partial<Stripe.SubscriptionCreateParams> = {},
  address?: Stripe.AddressParam,
): Promise<{ customerId: string; subscriptionId: string }> {
  const stripe = createStripeClient(t.stripe, merchant.keys.secret)
  const customer = await stripe.customers.create({
    email: 'subscriber@example.com',
    ...(address ? { address } : {}),
  })
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price }],
    billing_mode: { type: 'classic' },
    ...extra,
  })
  return { customerId: customer.id, subscriptionId: subscription.id }
}

/** The accept suites' account: a Pro account whose seeded merchant's plans both switch offers list. */
export async function acceptSuiteAccount(
  t: TestContext,
): Promise<WidgetAccount & { merchant: SeededMerchant }> {
  const account = await widgetAccount(t)
  const merchant = account.merchant
  if (!merchant) throw new Error('no merchant')
  const plans = seededPlans(merchant)
  await publishConfig(t, account.accountId, (c) => {
    c.plan_switch = { enabled: true, plans: plans.planSwitch }
    c.billing_cycle_switch = { enabled: true, plans: plans.billingCycle }
  })
  return { ...account, merchant }
}

/** A cancel session a test opened: its id and the token it was opened with. */
export interface OpenSession {
  id: string
  token: string
}

/**
 * `count` cancel sessions of `account`, opened one after the other, each for its own customer
 * `cus_<tag><i>` (one token each: a token opens a bounded number of sessions). `merchantHandlesOffers`:
 * the token lets the merchant's page handle offers and cancelling, and the sessions are opened so.
 */
export async function openSessions(
  t: TestContext,
  account: WidgetAccount,
  count: number,
  tag: string,
  options: { merchantHandlesOffers?: boolean } = {},
): Promise<OpenSession[]> {
  const handled = options.merchantHandlesOffers === true
  const sessions: OpenSession[] = []
  for (let i = 0; i < count; i++) {
    const customer = `cus_${tag}${i}`
    const token = await tokenFor(t, account, customer, handled ? { handles: ['offers', 'cancel'] } : {})
    const { status, body } = await startSession(t, token, handled ? { merchantHandlesOffers: true } : {})
    expect(status, JSON.stringify(body)).toBe(201)
    sessions.push({ id: body.sessionId, token })
  }
  return sessions
}

/** The steps of a session's stored events, in the order they were written. */
export async function storedSteps(t: TestContext, sessionId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('session_events')
    .select('step')
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .execute()
  return rows.map((row) => row.step)
}

export interface OpenedSession {
  token: string
  sessionId: string
  customerId: string
  subscriptionId: string
}

/**
 * What the accept suites do again and again, over their own context. `suite` is read at every call:
 * the suite's beforeAll fills the context in after these helpers are made.
 */
export function acceptHelpers(
  suite: () => { t: TestContext; account: WidgetAccount; merchant: SeededMerchant },
) {
  /** A new subscriber on `price` (default Pro monthly) with an open cancel session. */
  const open = async (price = suite().merchant.prices.proMonthly): Promise<OpenedSession> => {
    const { t, account, merchant } = suite()
    const subscriber = await newSubscriber(t, merchant, price)
    const token = await tokenFor(t, account, subscriber)
    const { status, body } = await startSession(t, token)
    expect(status).toBe(201)
    return { token, sessionId: body.sessionId, ...subscriber }
  }
  const accept = (o: OpenedSession, body: unknown, headers: Record<string, string> = {}) =>
    widgetCall(suite().t, `/api/widget/sessions/${o.sessionId}/accept`, { token: o.token, body, headers })
  const db = () => suite().t.database.db
  const savesOf = (sessionId: string) =>
    db().selectFrom('saves').selectAll().where('session_id', '=', sessionId).execute()
  const session = (sessionId: string) =>
    db().selectFrom('cancel_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow()
  return { open, accept, savesOf, session }
}
