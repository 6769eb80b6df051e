import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface ErrorBody {
  error: { code: string; message: string; field?: string }
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const url = (accountId: string) => `/api/account?accountId=${accountId}&action=data`
const put = (accountId: string, token: string, body: unknown) =>
  t.request(url(accountId), { method: 'PUT', token, body })

async function storedAccount(accountId: string) {
  return t.deps.db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow()
}

describe('GET /api/account?action=data', () => {
  it('gives any member the account fields', async () => {
    const { accountId, owner } = await t.createAccount({
      name: 'Read Me',
      domain: 'read.example',
      tier: 'pro',
    })
    const viewer = await t.addMember(accountId, 'viewer')
    for (const token of [owner.token, viewer.token]) {
      const res = await t.request(url(accountId), { token })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({
        data: {
          account_id: accountId,
          name: 'Read Me',
          slug: accountId.toLowerCase(),
          email: owner.email,
          domain: 'read.example',
          tier: 'pro',
        },
      })
    }
  })
})

describe('PUT /api/account?action=data', () => {
  it('updates name, email and domain (lower-cased) and answers the new fields', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'free' })
    const res = await put(accountId, owner.token, {
      name: 'Renamed Co',
      email: 'billing@renamed.example',
      domain: 'Shop.Renamed.example',
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { data: unknown }).data).toEqual({
      account_id: accountId,
      name: 'Renamed Co',
      slug: accountId.toLowerCase(),
      email: 'billing@renamed.example',
      domain: 'shop.renamed.example',
      tier: 'free',
    })
    expect(await storedAccount(accountId)).toMatchObject({
      name: 'Renamed Co',
      email: 'billing@renamed.example',
      domain: 'shop.renamed.example',
    })
  })

  it('stores empty or absent email and domain as null, and keeps the name when absent', async () => {
    const { accountId, owner } = await t.createAccount({ name: 'Keep Name' })
    expect((await put(accountId, owner.token, { email: '', domain: '' })).status).toBe(200)
    expect(await storedAccount(accountId)).toMatchObject({ name: 'Keep Name', email: null, domain: null })
    await put(accountId, owner.token, { email: 'a@b.example', domain: 'b.example' })
    expect((await put(accountId, owner.token, {})).status).toBe(200)
    expect(await storedAccount(accountId)).toMatchObject({ name: 'Keep Name', email: null, domain: null })
  })

  it('refuses a tier change (a merchant must not upgrade itself) but accepts the current tier', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'free' })
    const res = await put(accountId, owner.token, { tier: 'pro', name: 'Sneaky' })
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'Plan changes go through billing',
      field: 'tier',
    })
    expect(await storedAccount(accountId)).toMatchObject({ tier: 'free', name: 'Test Merchant' })
    expect((await put(accountId, owner.token, { tier: 'free', name: 'Honest' })).status).toBe(200)
    expect((await storedAccount(accountId)).name).toBe('Honest')
  })

  it('accepts account_id equal to the query and refuses another one', async () => {
    const { accountId, owner } = await t.createAccount()
    expect((await put(accountId, owner.token, { account_id: accountId, name: 'Same' })).status).toBe(200)
    const other = await put(accountId, owner.token, { account_id: 'someone-else', name: 'Other' })
    expect(other.status).toBe(400)
    expect(await errorOf(other)).toMatchObject({ code: 'INVALID_INPUT', field: 'account_id' })
    expect((await storedAccount(accountId)).name).toBe('Same')
  })

  it('validates with the validation messages and changes nothing on failure', async () => {
    const { accountId, owner } = await t.createAccount({ name: 'Valid', domain: 'valid.example' })
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'nope' }, 'email', 'Invalid email format'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email too long'],
      [{ domain: 'not a domain' }, 'domain', 'Invalid domain format'],
      [{ domain: `${'a.'.repeat(127)}com` }, 'domain', 'Domain too long'],
      [
        { account_id: 'bad id' },
        'account_id',
        'Account ID can only contain letters, numbers, hyphens, and underscores',
      ],
      [{ name: '' }, 'name', 'Account name is required'],
      [{ tier: 'enterprise' }, 'tier', 'Invalid option: expected one of "free"|"pro"'],
    ]
    for (const [body, field, message] of cases) {
      const res = await put(accountId, owner.token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field, message })
    }
    expect(await storedAccount(accountId)).toMatchObject({ name: 'Valid', domain: 'valid.example' })
  })

  it("drops the widget's cached config (the domain is its CORS allow-list)", async () => {
    const { accountId, owner } = await t.createAccount()
    const now = t.clock.now().getTime()
    t.deps.widgetConfigCache.set(accountId, { etag: '"x"', body: new Uint8Array(), expiresAt: now + 60_000 })
    expect(t.deps.widgetConfigCache.get(accountId, now)).toBeDefined()
    expect((await put(accountId, owner.token, { domain: 'new-shop.example' })).status).toBe(200)
    expect(t.deps.widgetConfigCache.get(accountId, now)).toBeUndefined()
  })

  it('needs canManageAccount: viewers and editors are refused, admins allowed', async () => {
    const { accountId } = await t.createAccount({ name: 'Guarded' })
    for (const role of ['viewer', 'editor'] as const) {
      const member = await t.addMember(accountId, role)
      const res = await put(accountId, member.token, { name: `By ${role}` })
      expect(res.status).toBe(403)
      expect((await errorOf(res)).code).toBe('INSUFFICIENT_PERMISSIONS')
    }
    expect((await storedAccount(accountId)).name).toBe('Guarded')
    const admin = await t.addMember(accountId, 'admin')
    expect((await put(accountId, admin.token, { name: 'By admin' })).status).toBe(200)
  })

  it('answers 401 without a token or with a wrong API key', async () => {
    const { accountId, owner } = await t.createAccount()
    expect((await t.request(url(accountId), { method: 'PUT', body: { name: 'x' } })).status).toBe(401)
    const wrongKey = await t.request(url(accountId), {
      method: 'PUT',
      token: owner.token,
      body: { name: 'x' },
      apiKey: 'wrong-key-wrong-key-wrong-key-wrong',
    })
    expect(wrongKey.status).toBe(401)
  })

  it('answers malformed JSON 400, a non-JSON content type 415, an oversized body 413, DELETE 405', async () => {
    const { accountId, owner } = await t.createAccount()
    const malformed = await t.request(url(accountId), { method: 'PUT', token: owner.token, rawBody: '{' })
    expect(malformed.status).toBe(400)
    expect((await errorOf(malformed)).message).toBe('Request body must be valid JSON')
    const text = await t.request(url(accountId), {
      method: 'PUT',
      token: owner.token,
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(text.status).toBe(415)
    const huge = await t.request(url(accountId), {
      method: 'PUT',
      token: owner.token,
      rawBody: JSON.stringify({ name: 'x'.repeat(200 * 1024) }),
    })
    expect(huge.status).toBe(413)
    expect((await t.request(url(accountId), { method: 'DELETE', token: owner.token })).status).toBe(405)
  })
})
