import { randomUUID } from 'node:crypto'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { MAX_OWNED_ACCOUNTS } from '../services/accounts'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface AccountData {
  account_id: string
  name: string
  slug: string
  email: string | null
  domain: string | null
  tier: string
}
interface ErrorBody {
  error: { code: string; message: string; field?: string }
}

const create = (token: string | null, body: unknown) =>
  t.request('/api/accounts', { method: 'POST', token, body })
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error

describe('POST /api/accounts', () => {
  it('creates an account owned by the caller, on the Pro trial, with config v1 and the default reasons', async () => {
    const user = await t.signIn()
    const res = await create(user.token, { name: 'Acme Shop', domain: 'Shop.Acme.example' })
    expect(res.status).toBe(201)
    const { data } = (await res.json()) as { data: AccountData }
    expect(data.account_id).toMatch(/^acct_[a-z0-9]{16}$/)
    expect(data).toEqual({
      account_id: data.account_id,
      name: 'Acme Shop',
      slug: data.account_id,
      email: user.email,
      domain: 'shop.acme.example',
      // Stored as Starter; effectively Pro while the 30-day trial runs.
      tier: 'pro',
    })
    const db = t.deps.db
    const membership = await db
      .selectFrom('memberships')
      .select('role')
      .where('account_id', '=', data.account_id)
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(membership.role).toBe('owner')
    const configs = await db
      .selectFrom('flow_configs')
      .select(['version', 'config'])
      .where('account_id', '=', data.account_id)
      .execute()
    expect(configs).toEqual([{ version: 1, config: createDefaultConfig() }])
    const reasons = await db
      .selectFrom('cancellation_reasons')
      .select('reasons')
      .where('account_id', '=', data.account_id)
      .executeTakeFirstOrThrow()
    expect(reasons.reasons).toEqual(createDefaultReasons())
  })

  it('takes a given account_id and treats empty email and domain as absent', async () => {
    const user = await t.signIn()
    const id = `Given_ID-${randomUUID().slice(0, 6)}`
    const res = await create(user.token, { account_id: id, name: 'Given', email: '', domain: '' })
    expect(res.status).toBe(201)
    const { data } = (await res.json()) as { data: AccountData }
    expect(data).toEqual({
      account_id: id,
      name: 'Given',
      slug: id.toLowerCase(),
      email: user.email,
      domain: null,
      tier: 'pro',
    })
  })

  it('refuses an id that exists, also in another case (409 DUPLICATE_ENTRY), and writes nothing', async () => {
    const { accountId } = await t.createAccount({ id: `Taken-${randomUUID().slice(0, 6)}` })
    const user = await t.signIn()
    for (const id of [accountId, accountId.toLowerCase(), accountId.toUpperCase()]) {
      const res = await create(user.token, { account_id: id, name: 'Copycat' })
      expect(res.status).toBe(409)
      expect(await errorOf(res)).toEqual({
        code: 'DUPLICATE_ENTRY',
        message: 'An account with this ID already exists.',
        field: 'account_id',
      })
    }
    const owned = await t.deps.db
      .selectFrom('memberships')
      .select('account_id')
      .where('user_id', '=', user.userId)
      .execute()
    expect(owned).toEqual([])
  })

  it('validates every field with the validation messages', async () => {
    const { token } = await t.signIn()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ account_id: '' }, 'account_id', 'Account ID is required'],
      [{ account_id: 'a'.repeat(101) }, 'account_id', 'Account ID too long'],
      [
        { account_id: 'no spaces' },
        'account_id',
        'Account ID can only contain letters, numbers, hyphens, and underscores',
      ],
      [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email too long'],
      [{ domain: 'localhost' }, 'domain', 'Invalid domain format'],
      [{ domain: `${'a.'.repeat(127)}com` }, 'domain', 'Domain too long'],
      [{ name: '' }, 'name', 'Account name is required'],
      [{ name: 'n'.repeat(101) }, 'name', 'Account name too long'],
    ]
    for (const [body, field, message] of cases) {
      const res = await create(token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field, message })
    }
    const unknown = await create(token, { name: 'X', owner: 'me' })
    expect(unknown.status).toBe(400)
  })

  it('refuses a tier other than free: an upgrade goes through billing', async () => {
    const user = await t.signIn()
    const res = await create(user.token, { name: 'Wants Pro', tier: 'pro' })
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toEqual({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'Plan changes go through billing',
      field: 'tier',
    })
    expect((await create(user.token, { name: 'Free is fine', tier: 'free' })).status).toBe(201)
    expect((await create(user.token, { tier: 'gold' })).status).toBe(400)
  })

  it(`lets one user own at most ${MAX_OWNED_ACCOUNTS} accounts, also under concurrent creates`, async () => {
    const user = await t.signIn()
    for (let i = 0; i < MAX_OWNED_ACCOUNTS - 2; i++) {
      expect((await create(user.token, { name: `Shop ${i}` })).status).toBe(201)
    }
    const racing = await Promise.all([1, 2, 3, 4].map((i) => create(user.token, { name: `Race ${i}` })))
    expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 422, 422])
    const refused = await create(user.token, { name: 'One too many' })
    expect(refused.status).toBe(422)
    expect(await errorOf(refused)).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      message: `You can own at most ${MAX_OWNED_ACCOUNTS} accounts.`,
    })
    const owned = await t.deps.db
      .selectFrom('memberships')
      .select('account_id')
      .where('user_id', '=', user.userId)
      .where('role', '=', 'owner')
      .execute()
    expect(owned).toHaveLength(MAX_OWNED_ACCOUNTS)
  })

  it('creates the users row of a token user the database has not seen yet', async () => {
    const id = randomUUID()
    const token = await t.signingKeys.sign(
      { email: 'fresh@example.com', role: 'authenticated', session_id: randomUUID() },
      { subject: id, expiresInSeconds: 3600, now: t.clock.now() },
    )
    expect((await create(token, { name: 'Fresh' })).status).toBe(201)
    const user = await t.deps.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst()
    expect(user?.email).toBe('fresh@example.com')
  })

  it('answers 401 without a token or with a wrong API key', async () => {
    const noToken = await create(null, { name: 'Nobody' })
    expect(noToken.status).toBe(401)
    const { token } = await t.signIn()
    const wrongKey = await t.request('/api/accounts', {
      method: 'POST',
      token,
      body: { name: 'Nobody' },
      apiKey: 'wrong-key-wrong-key-wrong-key-wrong',
    })
    expect(wrongKey.status).toBe(401)
  })

  it('answers malformed JSON with 400, an oversized body with 413 and other methods with 405', async () => {
    const { token } = await t.signIn()
    const malformed = await t.request('/api/accounts', { method: 'POST', token, rawBody: '{"name":' })
    expect(malformed.status).toBe(400)
    expect((await errorOf(malformed)).message).toBe('Request body must be valid JSON')
    const huge = await t.request('/api/accounts', {
      method: 'POST',
      token,
      rawBody: JSON.stringify({ name: 'x'.repeat(200 * 1024) }),
    })
    expect(huge.status).toBe(413)
    const get = await t.request('/api/accounts', { token })
    expect(get.status).toBe(405)
  })
})
