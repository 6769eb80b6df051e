import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { type Capability, capabilitiesFor, ROLES, type Role } from '@retainkit/shared/roles'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'

/**
 * The authorization matrix ("every account-scoped query filters by an account the caller is
 * a member of — checked on the server for every route"). Every account-scoped route is one row of
 * ROUTES; each row is checked for:
 * - a member of another account (B) → 403 FORBIDDEN, none of A's data in the answer, A unchanged;
 * - each role of A → allowed exactly when the role has the row's capability, else 403
 *   INSUFFICIENT_PERMISSIONS with A unchanged (so viewers cannot write, editors cannot manage the account);
 * - no bearer token → 401, wrong API key → 401.
 */

/** A's distinctive values: none may appear in an answer given to anyone outside A. */
const A = {
  id: 'matrix-zanzibar',
  name: 'Zanzibar Widgets Ltd',
  ownerEmail: 'owner@zanzibar-widgets.example',
  domain: 'zanzibar-widgets.example',
  headline: 'Zanzibar-only retention headline',
} as const

const A_CONFIG: CancelFlowConfig = (() => {
  const config = createDefaultConfig()
  config.copy.general.headline = A.headline
  return config
})()

interface RouteRow {
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The call for account `accountId` (query parameters included). */
  path(accountId: string): string
  /** JSON body for `accountId`, if the call takes one. */
  body?(accountId: string): unknown
  /** The capability the call needs; null when any member may make it. */
  capability: Capability | null
}

// ════════════════════════════════════════════════════════════════════════════════════════════════════
// ROUTES — every account-scoped route. Other engineers: APPEND your rows at the end of this array.
// Allowed writes run against account A, so send bodies that keep A's name, email, domain and headline.
// ════════════════════════════════════════════════════════════════════════════════════════════════════
const account =
  (action: string, extra = '') =>
  (id: string) =>
    `/api/account?accountId=${id}&action=${action}${extra}`
const ROUTES: RouteRow[] = [
  { name: 'GET account data', method: 'GET', path: account('data'), capability: null },
  {
    name: 'PUT account data',
    method: 'PUT',
    path: account('data'),
    body: () => ({ name: A.name, email: A.ownerEmail, domain: A.domain }),
    capability: 'canManageAccount',
  },
  { name: 'GET config', method: 'GET', path: account('config'), capability: 'canViewConfig' },
  {
    name: 'GET config version',
    method: 'GET',
    path: account('config', '&version=1'),
    capability: 'canViewConfig',
  },
  {
    name: 'PUT config',
    method: 'PUT',
    path: account('config'),
    body: () => ({ config_json: A_CONFIG }),
    capability: 'canEditConfig',
  },
  { name: 'GET reasons', method: 'GET', path: account('reasons'), capability: 'canViewConfig' },
  {
    name: 'POST reasons',
    method: 'POST',
    path: account('reasons'),
    body: () => ({
      reasons: [
        { key: 'zanzibar_reason', label: 'Zanzibar', feedback: 'other', offer: 'none', enabled: true },
      ],
    }),
    capability: 'canEditConfig',
  },
  { name: 'GET default config', method: 'GET', path: (id) => `/api/config/default/${id}`, capability: null },
  {
    name: 'POST session active-account',
    method: 'POST',
    path: () => '/api/session?action=active-account',
    body: (id) => ({ account_id: id }),
    capability: null,
  },
  // Stripe (credentials, catalogue, connection). DELETE credentials and POST /api/stripe/oauth/start
  // are covered in their own tests: the first would disconnect A for later rows, the second answers
  // 503 to allowed roles here because Stripe Connect is not configured in this context.
  {
    name: 'GET credentials',
    method: 'GET',
    path: account('credentials'),
    capability: 'canManageCredentials',
  },
  {
    name: 'POST credentials',
    method: 'POST',
    path: account('credentials'),
    // Mixed test/live keys: refused with 400 before Stripe is asked, so A's connection stays as it is.
    body: () => ({ gateway: 'stripe', api_key: 'sk_test_matrix', access_token: 'pk_live_matrix' }),
    capability: 'canManageCredentials',
  },
  {
    name: 'GET stripe plans',
    method: 'GET',
    path: (id) => `/api/stripe/plans/${id}`,
    capability: 'canViewConfig',
  },
  {
    name: 'GET stripe coupons',
    method: 'GET',
    path: (id) => `/api/stripe/coupons/${id}?limit=5`,
    capability: 'canViewConfig',
  },
  {
    name: 'POST stripe coupons',
    method: 'POST',
    path: () => '/api/stripe/coupons',
    body: (id) => ({ account_id: id, config: { percent_off: 20, duration: 'once' } }),
    capability: 'canEditConfig',
  },
  {
    name: 'POST stripe test-connection',
    method: 'POST',
    path: (id) => `/api/stripe/test-connection/${id}`,
    capability: 'canManageCredentials',
  },
  // Analytics: every data set, readable by every role (canViewAnalytics); A is a pro account.
  ...(
    [
      'cancellation-reasons',
      'cancellation-reasons-over-time',
      'save-mechanism-performance',
      'save-rate-over-time',
      'write-in-reasons',
      'saved-revenue',
    ] as const
  ).map(
    (endpoint): RouteRow => ({
      name: `GET analytics ${endpoint}`,
      method: 'GET',
      path: (id) => `/api/analytics?endpoint=${endpoint}&account_id=${id}`,
      capability: 'canViewAnalytics',
    }),
  ),
  // Team (Settings → Team). The writes name nobody in A (an unknown user, a new address): allowed roles
  // get 404 or an invitation, and A's memberships stay as they are for the rows after.
  { name: 'GET members', method: 'GET', path: account('members'), capability: null },
  {
    name: 'POST members (invite)',
    method: 'POST',
    path: account('members'),
    body: () => ({ email: 'matrix-invitee@example.com', role: 'viewer' }),
    capability: 'canManageMembers',
  },
  {
    name: 'PUT members (role)',
    method: 'PUT',
    path: account('members'),
    body: () => ({ user_id: '00000000-0000-4000-8000-000000000000', role: 'editor' }),
    capability: 'canManageMembers',
  },
  {
    name: 'DELETE members (remove)',
    method: 'DELETE',
    path: account('members', '&userId=00000000-0000-4000-8000-000000000000'),
    capability: 'canManageMembers',
  },
  {
    name: 'DELETE members (withdraw invitation)',
    method: 'DELETE',
    path: account('members', '&email=nobody%40example.com'),
    capability: 'canManageMembers',
  },
  // Write-in insights: the quotes behind a figure and the theme settings.
  {
    name: 'GET analytics quotes',
    method: 'GET',
    path: (id) => `/api/analytics/quotes?account_id=${id}`,
    capability: 'canViewAnalytics',
  },
  { name: 'GET themes', method: 'GET', path: account('themes'), capability: 'canViewAnalytics' },
  {
    name: 'PUT themes (pin)',
    method: 'PUT',
    path: account('themes'),
    body: () => ({ key: 'price', pinned: true }),
    capability: 'canEditConfig',
  },
  // A session's evidence ledger rows (a session id A does not have: members get 404, others 403).
  {
    name: 'GET session evidence',
    method: 'GET',
    path: (id) => `/api/sessions/${id}/cs_matrix_no_such_session_01/evidence`,
    capability: 'canViewAnalytics',
  },
  // The evidence export names subscribers in full: members who see customers. Its verification
  // returns no personal data: any member who views analytics.
  {
    name: 'GET evidence export',
    method: 'GET',
    path: (id) => `/api/evidence?account_id=${id}&format=json`,
    capability: 'canSeeCustomers',
  },
  {
    name: 'GET evidence verify',
    method: 'GET',
    path: (id) => `/api/evidence/verify?account_id=${id}`,
    capability: 'canViewAnalytics',
  },
  // The Sessions list and its CSV, filtered by jurisdiction mode: members who view analytics.
  {
    name: 'GET sessions (jurisdiction filter)',
    method: 'GET',
    path: (id) => `/api/sessions/${id}?jurisdiction=offers_after_cancel`,
    capability: 'canViewAnalytics',
  },
  {
    name: 'GET sessions export (jurisdiction filter)',
    method: 'GET',
    path: (id) => `/api/sessions/${id}/export?jurisdiction=statutory_button`,
    capability: 'canViewAnalytics',
  },
  // ── append rows above this line ──
]

// ════════════════════════════════════════════════════════════════════════════════════════════════════

let t: TestContext
let owners: Record<Role, string>
let outsider: string
let secretStrings: string[]

/** Tables holding A's data, compared row by row before and after a refused call. */
const ACCOUNT_TABLES = [
  'accounts',
  'memberships',
  'flow_configs',
  'cancellation_reasons',
  'gateway_credentials',
  'widget_secrets',
  'cancel_sessions',
  'session_events',
  'saves',
  'widget_loads',
  'member_invitations',
  'feedback_themes',
] as const

async function snapshotOfA(): Promise<unknown> {
  const rows: Record<string, unknown> = {}
  for (const table of ACCOUNT_TABLES) {
    const column = table === 'accounts' ? 'id' : 'account_id'
    rows[table] = await t.deps.db
      .selectFrom(table)
      .selectAll()
      .where(column, '=', A.id)
      .execute()
      .then((list) => list.map((row) => JSON.stringify(row)).sort())
  }
  // And what A's owner reads back through the API.
  for (const action of ['data', 'config', 'reasons']) {
    const res = await t.request(`/api/account?accountId=${A.id}&action=${action}`, { token: owners.owner })
    expect(res.status).toBe(200)
    rows[`api:${action}`] = await res.json()
  }
  return rows
}

const call = (route: RouteRow, accountId: string, token: string | null, apiKey?: string) =>
  t.request(route.path(accountId), {
    method: route.method,
    token,
    ...(route.body ? { body: route.body(accountId) } : {}),
    ...(apiKey ? { apiKey } : {}),
  })

beforeAll(async () => {
  t = await createTestContext()
  const owner = await t.signIn(A.ownerEmail)
  await t.createAccount({ id: A.id, name: A.name, domain: A.domain, tier: 'pro', owner })
  const merchant = await t.connectStripe(A.id)
  await t.deps.db
    .insertInto('flow_configs')
    .values({ account_id: A.id, version: 1, config: JSON.stringify(A_CONFIG), created_by: owner.userId })
    .execute()
  owners = { owner: owner.token } as Record<Role, string>
  for (const role of ROLES) if (role !== 'owner') owners[role] = (await t.addMember(A.id, role)).token
  const b = await t.createAccount({ id: 'matrix-other', name: 'Other Company', domain: 'other.example' })
  outsider = b.owner.token
  secretStrings = [
    A.id,
    A.name,
    A.ownerEmail,
    A.domain,
    A.headline,
    merchant.keys.secret,
    merchant.keys.publishable,
  ]
})
afterAll(() => t.close())

describe('authorization matrix', () => {
  it('lists unique rows', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length)
  })

  for (const route of ROUTES) {
    describe(`${route.name} (${route.method} ${route.path('{id}')})`, () => {
      it("refuses a member of another account with 403, revealing and changing nothing of A's", async () => {
        const before = await snapshotOfA()
        const res = await call(route, A.id, outsider)
        const text = await res.text()
        expect(res.status, text).toBe(403)
        expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe('FORBIDDEN')
        for (const secret of secretStrings) expect(text).not.toContain(secret)
        expect(await snapshotOfA()).toEqual(before)
      })

      for (const role of ROLES) {
        const allowed = route.capability === null || capabilitiesFor(role)[route.capability]
        it(`${allowed ? 'allows' : 'refuses'} the role ${role}`, async () => {
          const before = allowed ? null : await snapshotOfA()
          const res = await call(route, A.id, owners[role])
          const text = await res.text()
          if (allowed) {
            expect(res.status, text).toBeLessThan(500)
            const code = res.ok ? null : (JSON.parse(text) as { error: { code: string } }).error.code
            expect(['FORBIDDEN', 'INSUFFICIENT_PERMISSIONS', 'UNAUTHORIZED']).not.toContain(code)
          } else {
            expect(res.status, text).toBe(403)
            expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe(
              'INSUFFICIENT_PERMISSIONS',
            )
            expect(await snapshotOfA()).toEqual(before)
          }
        })
      }

      it('answers 401 without a bearer token and with a wrong API key', async () => {
        const before = await snapshotOfA()
        expect((await call(route, A.id, null)).status).toBe(401)
        expect((await call(route, A.id, owners.owner, 'wrong-key-wrong-key-wrong-key-wrong')).status).toBe(
          401,
        )
        expect(await snapshotOfA()).toEqual(before)
      })
    })
  }

  it('lets an editor edit the config but not the account data', async () => {
    const config = await t.request(`/api/account?accountId=${A.id}&action=config`, {
      method: 'PUT',
      token: owners.editor,
      body: { config_json: A_CONFIG },
    })
    expect(config.status).toBe(200)
    const data = await t.request(`/api/account?accountId=${A.id}&action=data`, {
      method: 'PUT',
      token: owners.editor,
      body: { name: 'Editor was here' },
    })
    expect(data.status).toBe(403)
    expect(((await data.json()) as { error: { code: string } }).error.code).toBe('INSUFFICIENT_PERMISSIONS')
  })
})
