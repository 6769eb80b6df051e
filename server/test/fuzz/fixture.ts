import { randomUUID } from 'node:crypto'
import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import { lastLink, pkcePair, requestLink, uniqueEmail } from '../../src/auth/testing'
import {
  newSubscriber,
  startSession,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
} from '../../src/routes/widget/testing'
import { createTestContext, type TestContext } from '../support/harness'

/**
 * The world the API fuzz suite sends requests into: a Pro merchant with Stripe connected, a widget
 * secret, subscribers of every kind, an open cancel session, a teammate, sign-in links and PKCE codes
 * of the embedded auth server, Stripe Connect and the platform's billing configured, and the admin
 * endpoint switched on — so a valid request to any route can
 * succeed, and a mutated one meets real state.
 */
export const CONNECT_CLIENT_ID = 'ca_RetainkitFuzzPlatform'
export const CONNECT_PLATFORM_KEY = `sk_test_fuzzplatform${'F'.repeat(24)}`
export const PUBLIC_ORIGIN = 'http://localhost:8787'
export const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef'

export interface Fixture {
  t: TestContext
  /** The platform's own Stripe account (Connect). */
  platformAccount: string
  shop: WidgetAccount
  merchant: SeededMerchant
  ownerEmail: string
  subscriberToken: string
  /** A subscriber whose subscription can be cancelled or saved. */
  freshSubscriberToken(): Promise<string>
  sessionId: string
  /** A subscriber whose subscription is paused (for the reactivation banner). */
  pausedSubscriberToken(): Promise<string>
  /** A new open cancel session of a fresh subscriber (for accept and cancel). */
  freshSession(): Promise<{ token: string; sessionId: string }>
  /** A new open cancel session of a fresh subscriber signed as living in `country` (and `state`). */
  sessionIn(country: string, state?: string): Promise<{ token: string; sessionId: string }>
  /** A teammate (editor) of the shop, created on demand (for role changes and removals). */
  newTeammate(): Promise<{ userId: string; email: string }>
  /** A widget secret id that may be revoked. */
  newSecretId(): Promise<string>
  /** A one-time sign-in token from a mailed link. */
  newSignInToken(): Promise<string>
  /** A PKCE flow code and its verifier. */
  newFlowCode(): Promise<{ code: string; verifier: string }>
  /** A session of the embedded auth server (access and refresh token). */
  newAuthSession(): Promise<{ accessToken: string; refreshToken: string }>
  /** A Stripe Connect state and code, as Stripe's consent page hands them back. */
  newOAuthCallback(): Promise<{ code: string; state: string }>
}

/** /metrics is on in the fuzzed app, for the bearer of this token. */
export const METRICS_TOKEN = 'fuzz-metrics-token-0123456789'

export async function createFixture(): Promise<Fixture> {
  const t = await createTestContext({
    billing: true,
    adminToken: ADMIN_TOKEN,
    config: {
      stripe: { clientId: CONNECT_CLIENT_ID, platformSecretKey: CONNECT_PLATFORM_KEY, apiBase: null },
      observability: { metrics: { token: METRICS_TOKEN, allow: null } },
      // One social provider switched on, so a valid `GET /auth/v1/authorize` redirects to it (an
      // unknown provider is GoTrue's 400). Its endpoints are never reached: the redirect is the answer.
      oauthProviders: [
        {
          name: 'github',
          clientId: 'fuzz-github-client',
          clientSecret: 'fuzz-github-secret-123',
          authorizeUrl: 'https://github.example/login/oauth/authorize',
          tokenUrl: 'https://github.example/login/oauth/access_token',
          userinfoUrl: 'https://github.example/user',
          emailsUrl: null,
          scopes: 'read:user user:email',
        },
      ],
    },
  })
  const platform = t.stripe.createAccount({
    businessName: 'Retainkit',
    secretKey: CONNECT_PLATFORM_KEY,
    clientId: CONNECT_CLIENT_ID,
    restrictedKeys: [],
  })
  const shop = await widgetAccount(t)
  const merchant = shop.merchant
  if (!merchant) throw new Error('the fuzz shop has a Stripe merchant')
  const owner = await t.database.db
    .selectFrom('accounts')
    .select('email')
    .where('id', '=', shop.accountId)
    .executeTakeFirstOrThrow()
  const freshSubscriberToken = async () =>
    tokenFor(t, shop, await newSubscriber(t, merchant, merchant.prices.proMonthly))
  const subscriberToken = await tokenFor(t, shop, merchant.customers.activeMonthly)
  const sessionId = (await startSession(t, subscriberToken)).body.sessionId

  const signInToken = async () => {
    const email = uniqueEmail('fuzz')
    await requestLink(t, email)
    const link = await lastLink(t, email)
    return { email, token: link.searchParams.get('token') ?? '' }
  }

  return {
    t,
    platformAccount: platform.id,
    shop,
    merchant,
    ownerEmail: owner.email ?? '',
    subscriberToken,
    freshSubscriberToken,
    sessionId,
    async pausedSubscriberToken() {
      const subscriber = await newSubscriber(t, merchant, merchant.prices.proMonthly)
      await createStripeClient(t.stripe, merchant.keys.secret).subscriptions.update(
        subscriber.subscriptionId,
        {
          pause_collection: { behavior: 'void' },
        },
      )
      return tokenFor(t, shop, subscriber)
    },
    async freshSession() {
      const token = await freshSubscriberToken()
      return { token, sessionId: (await startSession(t, token)).body.sessionId }
    },
    async sessionIn(country, state) {
      const subscriber = await newSubscriber(t, merchant, merchant.prices.proMonthly)
      const token = await tokenFor(t, shop, subscriber, { country, ...(state ? { state } : {}) })
      return { token, sessionId: (await startSession(t, token)).body.sessionId }
    },
    async newTeammate() {
      const mate = await t.addMember(shop.accountId, 'editor', `mate-${randomUUID().slice(0, 8)}@example.com`)
      return { userId: mate.userId, email: mate.email }
    },
    async newSecretId() {
      const res = await t.request(`/api/account?accountId=${shop.accountId}&action=widget-secret`, {
        method: 'POST',
        token: shop.ownerToken,
      })
      return ((await res.json()) as { data: { id: string } }).data.id
    },
    async newSignInToken() {
      return (await signInToken()).token
    },
    async newFlowCode() {
      const { verifier, challenge } = pkcePair()
      const email = uniqueEmail('pkce')
      await requestLink(t, email, { challenge })
      const link = await lastLink(t, email)
      const res = await t.app.request(link.toString().replace(PUBLIC_ORIGIN, ''))
      const location = new URL(res.headers.get('location') ?? '')
      return { code: location.searchParams.get('code') ?? '', verifier }
    },
    async newAuthSession() {
      const { verifier, challenge } = pkcePair()
      const email = uniqueEmail('auth')
      await requestLink(t, email, { challenge })
      const link = await lastLink(t, email)
      const redirect = await t.app.request(link.toString().replace(PUBLIC_ORIGIN, ''))
      const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? ''
      const res = await t.app.request('/auth/v1/token?grant_type=pkce', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
      })
      const session = (await res.json()) as { access_token: string; refresh_token: string }
      return { accessToken: session.access_token, refreshToken: session.refresh_token }
    },
    async newOAuthCallback() {
      const start = await t.request('/api/stripe/oauth/start', {
        token: shop.ownerToken,
        body: { account_id: shop.accountId },
      })
      const url = new URL(((await start.json()) as { data: { url: string } }).data.url)
      const res = await t.stripe.fetch(new URL('/oauth/authorize', url).toString(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: url.searchParams.get('client_id') ?? '',
          redirect_uri: url.searchParams.get('redirect_uri') ?? '',
          scope: url.searchParams.get('scope') ?? '',
          state: url.searchParams.get('state') ?? '',
          account: merchant.account,
          decision: 'connect',
        }).toString(),
        redirect: 'manual',
      })
      const back = new URL(res.headers.get('location') ?? '')
      return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' }
    },
  }
}
