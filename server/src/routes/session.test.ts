import { randomUUID } from 'node:crypto'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { capabilitiesFor } from '@retainkit/shared/roles'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { DEMO_OWNER_EMAIL } from '../services/accounts'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface Context {
  active_account_id: string | null
  accounts: { id: string; name: string; slug: string; email: string | null }[]
  membership: { role: string } | null
  capabilities: Record<string, boolean>
  user: { id: string; email: string }
}
interface ErrorBody {
  error: { code: string; message: string; field?: string }
}

const bootstrap = (token: string) => t.request('/api/session?action=bootstrap', { method: 'POST', token })
const contextOf = async (token: string) => {
  const res = await t.request('/api/session?action=context', { token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: Context }).data
}

const TABLES = ['users', 'accounts', 'memberships', 'flow_configs', 'cancellation_reasons'] as const
async function rowCounts(): Promise<Record<(typeof TABLES)[number], number>> {
  const out = {} as Record<(typeof TABLES)[number], number>
  for (const table of TABLES) {
    const row = await t.deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    out[table] = Number(row.n)
  }
  return out
}

/** A valid token for a user the database has never seen (as with a Supabase project). */
async function tokenForNewUser(email: string): Promise<{ id: string; token: string }> {
  const id = randomUUID()
  const token = await t.signingKeys.sign(
    { email, role: 'authenticated', session_id: randomUUID() },
    { subject: id, expiresInSeconds: 3600, now: t.clock.now() },
  )
  return { id, token }
}

describe('POST /api/session?action=bootstrap', () => {
  it('creates the first workspace: account, owner membership, config v1, default reasons, active account', async () => {
    const { id, token } = await tokenForNewUser('jane.doe+shop@example.com')
    const res = await bootstrap(token)
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: Context }
    const accountId = data.active_account_id as string
    // Random: the merchant's public pages carry this id in the snippet, so nothing of the address.
    expect(accountId).toMatch(/^acct_[a-z0-9]{16}$/)
    expect(accountId).not.toMatch(/jane|doe|shop/)
    expect(data).toEqual({
      active_account_id: accountId,
      accounts: [
        { id: accountId, name: "Jane's workspace", slug: accountId, email: 'jane.doe+shop@example.com' },
      ],
      membership: { role: 'owner' },
      capabilities: capabilitiesFor('owner'),
      user: { id, email: 'jane.doe+shop@example.com' },
    })
    const db = t.deps.db
    const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(user).toMatchObject({ email: 'jane.doe+shop@example.com', active_account_id: accountId })
    const account = await db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
    expect(account).toMatchObject({ tier: 'free', domain: null, email: 'jane.doe+shop@example.com' })
    const configs = await db
      .selectFrom('flow_configs')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute()
    expect(configs.map((c) => [c.version, c.config, c.created_by])).toEqual([[1, createDefaultConfig(), id]])
    const reasons = await db
      .selectFrom('cancellation_reasons')
      .select('reasons')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow()
    expect(reasons.reasons).toEqual(createDefaultReasons())
    const memberships = await db.selectFrom('memberships').selectAll().where('user_id', '=', id).execute()
    expect(memberships.map((m) => [m.account_id, m.role])).toEqual([[accountId, 'owner']])
  })

  it('names a role address after the company domain', async () => {
    const { token } = await tokenForNewUser(`info@acme-${randomUUID().slice(0, 4)}.example`)
    const { data } = (await (await bootstrap(token)).json()) as { data: Context }
    expect(data.accounts[0]?.name).toMatch(/^Acme-[a-z0-9]{4} workspace$/)
    expect(data.active_account_id).toMatch(/^acct_[a-z0-9]{16}$/)
  })

  it('keeps an account made with an address-derived id (before ids were random) working', async () => {
    const { accountId, owner } = await t.createAccount({ id: `jane-doe-${randomUUID().slice(0, 6)}` })
    const { data } = (await (await bootstrap(owner.token)).json()) as { data: Context }
    expect(data.active_account_id).toBe(accountId)
    const config = await t.request(`/api/widget/config/${accountId}`, { apiKey: null })
    expect(config.status).toBe(200)
    const account = await t.request(`/api/account?accountId=${accountId}&action=data`, { token: owner.token })
    expect(account.status).toBe(200)
  })

  it('changes nothing when called again', async () => {
    const { token } = await tokenForNewUser(`again-${randomUUID().slice(0, 6)}@example.com`)
    const first = await (await bootstrap(token)).json()
    const counts = await rowCounts()
    const second = await bootstrap(token)
    expect(second.status).toBe(200)
    expect(await second.json()).toEqual(first)
    expect(await rowCounts()).toEqual(counts)
  })

  it('creates exactly one account when the same user bootstraps concurrently', async () => {
    const { id, token } = await tokenForNewUser(`race-${randomUUID().slice(0, 6)}@example.com`)
    const before = await rowCounts()
    const responses = await Promise.all([bootstrap(token), bootstrap(token), bootstrap(token)])
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { data: Context }[]
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200])
    const ids = new Set(bodies.map((b) => b.data.active_account_id))
    expect(ids.size).toBe(1)
    const owned = await t.deps.db
      .selectFrom('memberships')
      .select('account_id')
      .where('user_id', '=', id)
      .execute()
    expect(owned).toHaveLength(1)
    const after = await rowCounts()
    expect(after.accounts - before.accounts).toBe(1)
    expect(after.flow_configs - before.flow_configs).toBe(1)
  })

  it('creates nothing for a user who already belongs to an account (an invited member)', async () => {
    const { accountId } = await t.createAccount({ name: 'Inviting Co' })
    const member = await t.addMember(accountId, 'editor')
    const counts = await rowCounts()
    const res = await bootstrap(member.token)
    const { data } = (await res.json()) as { data: Context }
    expect(data.active_account_id).toBe(accountId)
    expect(data.membership).toEqual({ role: 'editor' })
    expect(data.capabilities).toEqual(capabilitiesFor('editor'))
    expect(await rowCounts()).toEqual(counts)
  })

  it("returns the demo owner's context without creating a workspace", async () => {
    const demoOwner = await t.signIn(DEMO_OWNER_EMAIL)
    await t.createAccount({ id: 'demo', name: 'Northwind Coffee Club', owner: demoOwner })
    const counts = await rowCounts()
    const { data } = (await (await bootstrap(demoOwner.token)).json()) as { data: Context }
    expect(data.active_account_id).toBe('demo')
    expect(data.accounts.map((a) => a.id)).toEqual(['demo'])
    expect(await rowCounts()).toEqual(counts)
  })

  it('refuses a missing token (401) and a wrong API key (401)', async () => {
    const noToken = await t.request('/api/session?action=bootstrap', { method: 'POST' })
    expect(noToken.status).toBe(401)
    expect(((await noToken.json()) as ErrorBody).error.code).toBe('UNAUTHORIZED')
    const { token } = await t.signIn()
    const wrongKey = await t.request('/api/session?action=bootstrap', {
      method: 'POST',
      token,
      apiKey: 'wrong-key-wrong-key-wrong-key-wrong',
    })
    expect(wrongKey.status).toBe(401)
    expect(await wrongKey.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Missing or invalid API key' },
    })
  })
})

describe('GET /api/session?action=context', () => {
  it('describes a user without memberships: nothing active, no capabilities', async () => {
    const { token, userId, email } = await t.signIn()
    expect(await contextOf(token)).toEqual({
      active_account_id: null,
      accounts: [],
      membership: null,
      capabilities: capabilitiesFor(null),
      user: { id: userId, email },
    })
  })

  it('falls back to the first membership when the stored active account is no longer one', async () => {
    const owner = await t.signIn()
    const first = await t.createAccount({ name: 'First', owner })
    const second = await t.createAccount({ name: 'Second', owner })
    await t.deps.db
      .updateTable('users')
      .set({ active_account_id: second.accountId })
      .where('id', '=', owner.userId)
      .execute()
    expect((await contextOf(owner.token)).active_account_id).toBe(second.accountId)
    await t.deps.db
      .deleteFrom('memberships')
      .where('account_id', '=', second.accountId)
      .where('user_id', '=', owner.userId)
      .execute()
    const context = await contextOf(owner.token)
    expect(context.active_account_id).toBe(first.accountId)
    expect(context.accounts.map((a) => a.id)).toEqual([first.accountId])
    expect(context.membership).toEqual({ role: 'owner' })
  })

  it('gives membership and capabilities for the active account', async () => {
    const { accountId } = await t.createAccount({ name: 'Viewed' })
    const viewer = await t.addMember(accountId, 'viewer')
    const context = await contextOf(viewer.token)
    expect(context.membership).toEqual({ role: 'viewer' })
    expect(context.capabilities.canEditConfig).toBe(false)
    expect(context.capabilities.canViewConfig).toBe(true)
  })
})

describe('POST /api/session?action=active-account', () => {
  const setActive = (token: string, body: unknown) =>
    t.request('/api/session?action=active-account', { method: 'POST', token, body })

  it('switches the active account to another membership and returns the new context', async () => {
    const owner = await t.signIn()
    const a = await t.createAccount({ name: 'Alpha', owner })
    const b = await t.createAccount({ name: 'Beta', owner })
    await t.addMember(b.accountId, 'viewer', owner.email)
    const res = await setActive(owner.token, { account_id: b.accountId })
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: Context }
    expect(data.active_account_id).toBe(b.accountId)
    expect(data.membership).toEqual({ role: 'viewer' })
    expect(data.accounts.map((x) => x.id).sort()).toEqual([a.accountId, b.accountId].sort())
    const stored = await t.deps.db
      .selectFrom('users')
      .select('active_account_id')
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow()
    expect(stored.active_account_id).toBe(b.accountId)
  })

  it('refuses an account the user is not a member of (403) and keeps the active one', async () => {
    const owner = await t.signIn()
    const mine = await t.createAccount({ owner })
    await setActive(owner.token, { account_id: mine.accountId })
    const other = await t.createAccount()
    for (const id of [other.accountId, 'no-such-account']) {
      const res = await setActive(owner.token, { account_id: id })
      expect(res.status).toBe(403)
      expect(((await res.json()) as ErrorBody).error.code).toBe('FORBIDDEN')
    }
    expect((await contextOf(owner.token)).active_account_id).toBe(mine.accountId)
  })

  it('validates account_id with the validation messages', async () => {
    const { token } = await t.signIn()
    const cases: [unknown, string][] = [
      [{}, 'Account ID is required'],
      [{ account_id: '' }, 'Account ID is required'],
      [{ account_id: 'a'.repeat(101) }, 'Account ID too long'],
      [{ account_id: 'bad id!' }, 'Account ID can only contain letters, numbers, hyphens, and underscores'],
    ]
    for (const [body, message] of cases) {
      const res = await setActive(token, body)
      expect(res.status).toBe(400)
      expect(((await res.json()) as ErrorBody).error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        field: 'account_id',
      })
    }
  })

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const { token } = await t.signIn()
    const malformed = await t.request('/api/session?action=active-account', {
      method: 'POST',
      token,
      rawBody: '{"account_id": ',
    })
    expect(malformed.status).toBe(400)
    expect(((await malformed.json()) as ErrorBody).error.message).toBe('Request body must be valid JSON')
    const huge = await t.request('/api/session?action=active-account', {
      method: 'POST',
      token,
      rawBody: JSON.stringify({ account_id: 'x'.repeat(200 * 1024) }),
    })
    expect(huge.status).toBe(413)
  })
})

describe('/api/session dispatch', () => {
  it('answers an unknown or missing action with 400', async () => {
    const { token } = await t.signIn()
    for (const query of ['?action=explode', '', '?action=']) {
      const res = await t.request(`/api/session${query}`, { method: 'POST', token })
      expect(res.status).toBe(400)
      expect(((await res.json()) as ErrorBody).error).toMatchObject({
        code: 'INVALID_INPUT',
        field: 'action',
      })
    }
  })

  it('answers a wrong method with 405', async () => {
    const { token } = await t.signIn()
    const cases: [string, string][] = [
      ['GET', 'bootstrap'],
      ['POST', 'context'],
      ['GET', 'active-account'],
      ['DELETE', 'context'],
    ]
    for (const [method, action] of cases) {
      const res = await t.request(`/api/session?action=${action}`, { method, token })
      expect(res.status).toBe(405)
      expect(((await res.json()) as ErrorBody).error.code).toBe('OPERATION_NOT_ALLOWED')
    }
  })
})
