import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { errorOf, widgetCall } from '../widget/testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface Status {
  installed: boolean
  last_loaded_at: string | null
  origins: { origin: string; first_loaded_at: string; last_loaded_at: string }[]
}

async function status(accountId: string, token: string): Promise<Status> {
  const res = await t.request(`/api/account?accountId=${accountId}&action=install-status`, { token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: Status }).data
}

const load = (accountId: string, headers: Record<string, string>, query = '') =>
  widgetCall(t, `/api/widget/config/${accountId}${query}`, { headers })

const loads = (accountId: string) =>
  t.database.db.selectFrom('widget_loads').selectAll().where('account_id', '=', accountId).execute()

describe('install-status', () => {
  it('says not installed before the widget ever loaded', async () => {
    const { accountId, owner } = await t.createAccount()
    expect(await status(accountId, owner.token)).toEqual({
      installed: false,
      last_loaded_at: null,
      origins: [],
    })
  })

  it('records config loads from allowed origins, off the request path, and lists them newest first', async () => {
    const { accountId } = await t.createAccount({ domain: 'shop.example' })
    const firstAt = t.clock.now().toISOString()
    await load(accountId, { origin: 'https://shop.example' })
    await vi.waitFor(async () => expect(await loads(accountId)).toHaveLength(1))
    t.clock.advance(5 * 60_000)
    await load(accountId, { referer: 'https://app.shop.example/account/billing' })
    await vi.waitFor(async () => expect(await loads(accountId)).toHaveLength(2))
    const viewer = await t.addMember(accountId, 'viewer')
    expect(await status(accountId, viewer.token)).toEqual({
      installed: true,
      last_loaded_at: t.clock.now().toISOString(),
      origins: [
        {
          origin: 'https://app.shop.example',
          first_loaded_at: t.clock.now().toISOString(),
          last_loaded_at: t.clock.now().toISOString(),
        },
        { origin: 'https://shop.example', first_loaded_at: firstAt, last_loaded_at: firstAt },
      ],
    })
  })

  it('writes at most once a minute per account and origin', async () => {
    const { accountId } = await t.createAccount({ domain: 'throttle.example' })
    const origin = { origin: 'https://throttle.example' }
    const start = t.clock.now()
    await load(accountId, origin)
    await vi.waitFor(async () => expect(await loads(accountId)).toHaveLength(1))
    t.clock.advance(30_000)
    await load(accountId, origin)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await loads(accountId))[0]?.last_loaded_at.toISOString()).toBe(start.toISOString())
    t.clock.advance(31_000)
    await load(accountId, origin)
    const later = t.clock.now().toISOString()
    await vi.waitFor(async () =>
      expect((await loads(accountId))[0]?.last_loaded_at.toISOString()).toBe(later),
    )
  })

  it('ignores loads from origins the account does not allow, and server-side fetches', async () => {
    const { accountId, owner } = await t.createAccount({ domain: 'real.example' })
    await load(accountId, { origin: 'https://fake-install.example' })
    await load(accountId, { origin: 'http://localhost:3000' })
    await load(accountId, {})
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await status(accountId, owner.token)).installed).toBe(false)
    await load(accountId, { origin: 'http://localhost:3000' }, '?mode=test')
    await vi.waitFor(async () =>
      expect((await status(accountId, owner.token)).origins[0]?.origin).toBe('http://localhost:3000'),
    )
  })

  it('is refused to non-members', async () => {
    const { accountId } = await t.createAccount()
    const stranger = await t.signIn()
    const res = await t.request(`/api/account?accountId=${accountId}&action=install-status`, {
      token: stranger.token,
    })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FORBIDDEN')
  })
})
