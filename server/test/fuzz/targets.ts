import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { widgetCall } from '../../src/routes/widget/testing'
import { type Fixture, METRICS_TOKEN, PUBLIC_ORIGIN } from './fixture'
import { BILLING_TARGETS } from './targets-billing'
import { RECOVERY_TARGETS } from './targets-recovery'
import { RETENTION_TARGETS } from './targets-retention'
import { SEGMENT_TARGETS } from './targets-segments'

/**
 * Every route of the API, each with a valid request built on the fixture. The fuzz suite sends each
 * one as is (it must succeed, and its answer must match the OpenAPI document), then thousands of
 * mutations of them. `doc` names the OpenAPI operation (`METHOD path-key`) the route is documented as.
 */
export type Caller =
  /** API key and the shop owner's bearer token (the console). */
  | 'merchant'
  /** API key only (marketing forms), from an address of its own each time. */
  | 'visitor'
  /** The subscriber token as bearer, no API key (the widget). */
  | 'subscriber'
  /** Nothing at all (auth server, health, public documents). */
  | 'anyone'
  /** The process's admin token as bearer, no API key (`npm run admin`). */
  | 'admin'

export interface RequestSpec {
  /** Path and query of the request. */
  path: string
  body?: unknown
  /** Another bearer token than the caller's usual one. */
  token?: string
  /** The socket peer (the dev outbox answers loopback only). */
  peer?: string
  /** Extra headers (Stripe's webhook signature). */
  headers?: Record<string, string>
}

export interface Target {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  doc: string
  caller: Caller
  valid(f: Fixture): RequestSpec | Promise<RequestSpec>
}

const account = (f: Fixture, action: string, extra = '') =>
  `/api/account?accountId=${f.shop.accountId}&action=${action}${extra}`

async function currentVersion(f: Fixture, action: 'config' | 'reasons'): Promise<number> {
  const res = await f.t.request(account(f, action), { token: f.shop.ownerToken })
  return ((await res.json()) as { data: { version: number } }).data.version
}

let serial = 0
const next = () => {
  serial += 1
  return serial
}

export const TARGETS: Target[] = [
  // Platform and public documents
  { method: 'GET', doc: 'GET /health', caller: 'anyone', valid: () => ({ path: '/health' }) },
  { method: 'GET', doc: 'GET /livez', caller: 'anyone', valid: () => ({ path: '/livez' }) },
  { method: 'GET', doc: 'GET /readyz', caller: 'anyone', valid: () => ({ path: '/readyz' }) },
  {
    method: 'GET',
    doc: 'GET /metrics',
    caller: 'anyone',
    valid: () => ({ path: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
  },
  {
    method: 'GET',
    doc: 'GET /runtime-config.json',
    caller: 'anyone',
    valid: () => ({ path: '/runtime-config.json' }),
  },
  {
    method: 'GET',
    doc: 'GET /api/openapi.json',
    caller: 'anyone',
    valid: () => ({ path: '/api/openapi.json' }),
  },

  // Session
  {
    method: 'POST',
    doc: 'POST /api/session#action=bootstrap',
    caller: 'merchant',
    valid: () => ({ path: '/api/session?action=bootstrap' }),
  },
  {
    method: 'POST',
    doc: 'POST /api/session#action=active-account',
    caller: 'merchant',
    valid: (f) => ({ path: '/api/session?action=active-account', body: { account_id: f.shop.accountId } }),
  },
  {
    method: 'GET',
    doc: 'GET /api/session#action=context',
    caller: 'merchant',
    valid: () => ({ path: '/api/session?action=context' }),
  },

  // Accounts
  {
    method: 'GET',
    doc: 'GET /api/account#action=data',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'data') }),
  },
  {
    method: 'PUT',
    doc: 'PUT /api/account#action=data',
    caller: 'merchant',
    valid: (f) => ({
      path: account(f, 'data'),
      body: { name: `Fuzz Shop ${next()}`, domain: 'merchant.example' },
    }),
  },
  {
    method: 'POST',
    doc: 'POST /api/accounts',
    caller: 'merchant',
    // Another user each time: one user may own only a few accounts.
    valid: async (f) => ({
      path: '/api/accounts',
      body: { name: `Second shop ${next()}` },
      token: (await f.t.signIn()).token,
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=config',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'config') }),
  },
  {
    method: 'PUT',
    doc: 'PUT /api/account#action=config',
    caller: 'merchant',
    valid: async (f) => ({
      path: account(f, 'config', `&base_version=${await currentVersion(f, 'config')}`),
      body: { config_json: createDefaultConfig() },
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=config-history',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'config-history') }),
  },
  {
    method: 'POST',
    doc: 'POST /api/account#action=config-history',
    caller: 'merchant',
    // A fresh version on top, so the one before it is a kept version that is not live.
    valid: async (f) => {
      const base = await currentVersion(f, 'config')
      await f.t.request(account(f, 'config', `&base_version=${base}`), {
        method: 'PUT',
        token: f.shop.ownerToken,
        body: { config_json: createDefaultConfig() },
      })
      const live = await currentVersion(f, 'config')
      return {
        path: account(f, 'config-history', `&base_version=${live}`),
        body: { version: live - 1 },
      }
    },
  },
  {
    method: 'GET',
    doc: 'GET /api/config/default/{accountId}',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/config/default/${f.shop.accountId}` }),
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=reasons',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'reasons') }),
  },
  {
    method: 'POST',
    doc: 'POST /api/account#action=reasons',
    caller: 'merchant',
    valid: async (f) => ({
      path: account(f, 'reasons', `&base_version=${await currentVersion(f, 'reasons')}`),
      body: { reasons: createDefaultReasons() },
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=credentials',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'credentials') }),
  },
  {
    method: 'POST',
    doc: 'POST /api/account#action=credentials',
    caller: 'merchant',
    valid: (f) => ({
      path: account(f, 'credentials'),
      body: {
        gateway: 'stripe',
        api_key: f.merchant.keys.restricted,
        access_token: f.merchant.keys.publishable,
      },
    }),
  },
  {
    method: 'DELETE',
    doc: 'DELETE /api/account#action=credentials',
    caller: 'merchant',
    // On a second account of the owner, so the shop itself stays connected for the rest of the run.
    valid: async (f) => {
      const other = await f.t.createAccount({ owner: await f.t.signIn() })
      await f.t.connectStripe(other.accountId)
      return {
        path: `/api/account?accountId=${other.accountId}&action=credentials`,
        token: other.owner.token,
      }
    },
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=widget-secret',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'widget-secret') }),
  },
  {
    method: 'POST',
    doc: 'POST /api/account#action=widget-secret',
    caller: 'merchant',
    // On a second account: a third secret would retire the one the fixture's subscriber tokens use.
    valid: async (f) => {
      const other = await f.t.createAccount()
      return {
        path: `/api/account?accountId=${other.accountId}&action=widget-secret`,
        token: other.owner.token,
        body: { mode: 'test' },
      }
    },
  },
  {
    method: 'DELETE',
    doc: 'DELETE /api/account#action=widget-secret',
    caller: 'merchant',
    valid: async (f) => {
      const other = await f.t.createAccount()
      const res = await f.t.request(`/api/account?accountId=${other.accountId}&action=widget-secret`, {
        method: 'POST',
        token: other.owner.token,
      })
      const { id } = ((await res.json()) as { data: { id: string } }).data
      return {
        path: `/api/account?accountId=${other.accountId}&action=widget-secret&secretId=${id}`,
        token: other.owner.token,
      }
    },
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=install-status',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'install-status') }),
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=getting-live',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'getting-live') }),
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=widget-errors',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'widget-errors') }),
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=members',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'members') }),
  },
  {
    method: 'POST',
    doc: 'POST /api/account#action=members',
    caller: 'merchant',
    valid: (f) => ({
      path: account(f, 'members'),
      body: { email: `invitee-${next()}@example.com`, role: 'viewer' },
    }),
  },
  {
    method: 'PUT',
    doc: 'PUT /api/account#action=members',
    caller: 'merchant',
    valid: async (f) => ({
      path: account(f, 'members'),
      body: { user_id: (await f.newTeammate()).userId, role: 'admin' },
    }),
  },
  {
    method: 'DELETE',
    doc: 'DELETE /api/account#action=members',
    caller: 'merchant',
    valid: async (f) => ({ path: account(f, 'members', `&userId=${(await f.newTeammate()).userId}`) }),
  },

  // Analytics
  {
    method: 'GET',
    doc: 'GET /api/analytics',
    caller: 'merchant',
    valid: (f) => ({
      path: `/api/analytics?endpoint=save-rate-over-time&account_id=${f.shop.accountId}&startDate=2026-01-01&endDate=2026-12-31`,
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/analytics/dashboard',
    caller: 'merchant',
    valid: (f) => ({
      path: `/api/analytics/dashboard?account_id=${f.shop.accountId}&startDate=2026-01-01&endDate=2026-12-31`,
    }),
  },

  // Stripe
  {
    method: 'GET',
    doc: 'GET /api/stripe/plans/{accountId}',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/stripe/plans/${f.shop.accountId}` }),
  },
  {
    method: 'POST',
    doc: 'POST /api/stripe/coupons',
    caller: 'merchant',
    valid: (f) => ({
      path: '/api/stripe/coupons',
      body: {
        account_id: f.shop.accountId,
        config: { percent_off: 20, duration: 'repeating', duration_in_months: 3 },
      },
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/stripe/coupons/{accountId}',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/stripe/coupons/${f.shop.accountId}?limit=5` }),
  },
  {
    method: 'POST',
    doc: 'POST /api/stripe/test-connection/{accountId}',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/stripe/test-connection/${f.shop.accountId}` }),
  },
  {
    method: 'POST',
    doc: 'POST /api/stripe/oauth/start',
    caller: 'merchant',
    valid: (f) => ({ path: '/api/stripe/oauth/start', body: { account_id: f.shop.accountId } }),
  },
  {
    method: 'POST',
    doc: 'POST /api/stripe/oauth/callback',
    caller: 'merchant',
    valid: async (f) => ({ path: '/api/stripe/oauth/callback', body: await f.newOAuthCallback() }),
  },

  // Marketing forms
  {
    method: 'POST',
    doc: 'POST /api/contact',
    caller: 'visitor',
    valid: () => ({
      path: '/api/contact',
      body: { name: 'Ada', email: 'ada@example.com', message: 'A message long enough.' },
    }),
  },
  {
    method: 'POST',
    doc: 'POST /api/waitlist',
    caller: 'visitor',
    valid: () => ({ path: '/api/waitlist', body: { email: `early-${next()}@example.com` } }),
  },

  // Widget
  {
    method: 'GET',
    doc: 'GET /api/widget/config/{accountId}',
    caller: 'anyone',
    valid: (f) => ({ path: `/api/widget/config/${f.shop.accountId}?mode=test` }),
  },
  {
    method: 'POST',
    doc: 'POST /api/widget/sessions',
    caller: 'subscriber',
    valid: () => ({ path: '/api/widget/sessions', body: {} }),
  },
  {
    method: 'POST',
    doc: 'POST /api/widget/route',
    caller: 'subscriber',
    valid: () => ({ path: '/api/widget/route', body: {} }),
  },
  {
    method: 'POST',
    doc: 'POST /api/widget/sessions/{id}/events',
    caller: 'subscriber',
    valid: (f) => ({
      path: `/api/widget/sessions/${f.sessionId}/events`,
      body: {
        events: [{ step: 'reason_selected', reasonKey: 'too_expensive', at: f.t.clock.now().toISOString() }],
      },
    }),
  },
  {
    method: 'POST',
    doc: 'POST /api/widget/sessions/{id}/accept',
    caller: 'subscriber',
    valid: async (f) => {
      const { token, sessionId } = await f.freshSession()
      return { path: `/api/widget/sessions/${sessionId}/accept`, body: { offer: 'discount' }, token }
    },
  },
  {
    method: 'POST',
    doc: 'POST /api/widget/sessions/{id}/cancel',
    caller: 'subscriber',
    valid: async (f) => {
      const { token, sessionId } = await f.freshSession()
      return { path: `/api/widget/sessions/${sessionId}/cancel`, body: { reasonKey: 'too_expensive' }, token }
    },
  },
  {
    method: 'POST',
    doc: 'POST /api/widget/sessions/{id}/statutory',
    caller: 'subscriber',
    valid: async (f) => {
      // Germany: the statutory page.
      const { token, sessionId } = await f.sessionIn('DE')
      return {
        path: `/api/widget/sessions/${sessionId}/statutory`,
        body: {
          kind: 'ordinary',
          name: 'Ada Lovelace',
          contract: 'Pro',
          effective: 'earliest',
          email: 'ada@example.com',
        },
        token,
      }
    },
  },
  {
    method: 'POST',
    doc: 'POST /api/widget/sessions/{id}/after-cancel',
    caller: 'subscriber',
    valid: async (f) => {
      // Minnesota: the question comes once the cancellation is done.
      const { token, sessionId } = await f.sessionIn('US', 'MN')
      await widgetCall(f.t, `/api/widget/sessions/${sessionId}/cancel`, { token, body: {} })
      return { path: `/api/widget/sessions/${sessionId}/after-cancel`, body: { answer: 'no' }, token }
    },
  },
  {
    method: 'POST',
    doc: 'POST /api/widget/reactivation',
    caller: 'subscriber',
    valid: async (f) => ({
      path: '/api/widget/reactivation',
      body: {},
      token: await f.pausedSubscriberToken(),
    }),
  },
  {
    method: 'POST',
    doc: 'POST /api/widget/reactivation/accept',
    caller: 'subscriber',
    valid: async (f) => ({
      path: '/api/widget/reactivation/accept',
      body: {},
      token: await f.pausedSubscriberToken(),
    }),
  },

  // The embedded auth server (GoTrue's shapes)
  {
    method: 'POST',
    doc: 'POST /auth/v1/otp',
    caller: 'anyone',
    valid: () => ({
      path: `/auth/v1/otp?redirect_to=${encodeURIComponent(`${PUBLIC_ORIGIN}/auth/callback`)}`,
      body: { email: `otp-${next()}@example.com`, create_user: true },
    }),
  },
  {
    method: 'GET',
    doc: 'GET /auth/v1/verify',
    caller: 'anyone',
    valid: async (f) => ({
      path: `/auth/v1/verify?token=${await f.newSignInToken()}&type=signup&redirect_to=${encodeURIComponent(`${PUBLIC_ORIGIN}/auth/callback`)}`,
    }),
  },
  {
    method: 'POST',
    doc: 'POST /auth/v1/token#grant_type=pkce',
    caller: 'anyone',
    valid: async (f) => {
      const { code, verifier } = await f.newFlowCode()
      return { path: '/auth/v1/token?grant_type=pkce', body: { auth_code: code, code_verifier: verifier } }
    },
  },
  {
    method: 'POST',
    doc: 'POST /auth/v1/token#grant_type=refresh_token',
    caller: 'anyone',
    valid: async (f) => ({
      path: '/auth/v1/token?grant_type=refresh_token',
      body: { refresh_token: (await f.newAuthSession()).refreshToken },
    }),
  },
  {
    method: 'GET',
    doc: 'GET /auth/v1/user',
    caller: 'anyone',
    valid: async (f) => ({ path: '/auth/v1/user', token: (await f.newAuthSession()).accessToken }),
  },
  {
    method: 'PUT',
    doc: 'PUT /auth/v1/user',
    caller: 'anyone',
    valid: async (f) => ({
      path: '/auth/v1/user',
      body: { data: {} },
      token: (await f.newAuthSession()).accessToken,
    }),
  },
  {
    method: 'POST',
    doc: 'POST /auth/v1/logout',
    caller: 'anyone',
    valid: async (f) => ({
      path: '/auth/v1/logout?scope=local',
      token: (await f.newAuthSession()).accessToken,
    }),
  },
  {
    method: 'GET',
    doc: 'GET /auth/v1/authorize',
    caller: 'anyone',
    valid: () => ({
      path: `/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(`${PUBLIC_ORIGIN}/auth/callback`)}`,
    }),
  },
  {
    method: 'GET',
    doc: 'GET /auth/v1/callback',
    caller: 'anyone',
    valid: () => ({ path: '/auth/v1/callback?error=access_denied&state=unknown-state' }),
  },
  {
    method: 'GET',
    doc: 'GET /auth/v1/.well-known/jwks.json',
    caller: 'anyone',
    valid: () => ({ path: '/auth/v1/.well-known/jwks.json' }),
  },
  {
    method: 'GET',
    doc: 'GET /auth/v1/settings',
    caller: 'anyone',
    valid: () => ({ path: '/auth/v1/settings' }),
  },
  { method: 'GET', doc: 'GET /auth/v1/health', caller: 'anyone', valid: () => ({ path: '/auth/v1/health' }) },
  {
    method: 'GET',
    doc: 'GET /auth/v1/dev/outbox',
    caller: 'anyone',
    valid: (f) => ({ path: `/auth/v1/dev/outbox?to=${encodeURIComponent(f.ownerEmail)}`, peer: '127.0.0.1' }),
  },

  ...BILLING_TARGETS,
  ...RETENTION_TARGETS,
  ...SEGMENT_TARGETS,
  ...RECOVERY_TARGETS,
]
