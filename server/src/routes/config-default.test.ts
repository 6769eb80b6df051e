import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface ErrorBody {
  error: { code: string; message: string; field?: string }
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error

describe('GET /api/config/default/{id}', () => {
  it("answers the default config and reasons to any member, whatever the account's own config", async () => {
    const { accountId, owner } = await t.createAccount()
    const custom = createDefaultConfig()
    custom.copy.general.headline = 'Our own headline'
    await t.deps.db
      .insertInto('flow_configs')
      .values({ account_id: accountId, version: 1, config: JSON.stringify(custom), created_by: owner.userId })
      .execute()
    const viewer = await t.addMember(accountId, 'viewer')
    const res = await t.request(`/api/config/default/${accountId}`, { token: viewer.token })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      data: { config_json: createDefaultConfig(), reasons: createDefaultReasons() },
    })
  })

  it('refuses a non-member (403), whether or not the account exists', async () => {
    const { accountId } = await t.createAccount()
    const stranger = await t.signIn()
    for (const id of [accountId, 'no-such-account']) {
      const res = await t.request(`/api/config/default/${id}`, { token: stranger.token })
      expect(res.status).toBe(403)
      expect((await errorOf(res)).code).toBe('FORBIDDEN')
    }
  })

  it('validates the id first, with the validation messages', async () => {
    const { token } = await t.signIn()
    const cases: [string, string][] = [
      ['bad%20id', 'Account ID can only contain letters, numbers, hyphens, and underscores'],
      ['a'.repeat(101), 'Account ID too long'],
    ]
    for (const [id, message] of cases) {
      const res = await t.request(`/api/config/default/${id}`, { token })
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', message, field: 'id' })
    }
  })

  it('answers 401 without a token or with a wrong API key', async () => {
    const { accountId, owner } = await t.createAccount()
    expect((await t.request(`/api/config/default/${accountId}`)).status).toBe(401)
    const wrongKey = await t.request(`/api/config/default/${accountId}`, {
      token: owner.token,
      apiKey: 'wrong-key-wrong-key-wrong-key-wrong',
    })
    expect(wrongKey.status).toBe(401)
  })
})
