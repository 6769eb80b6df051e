import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminCli, startAdminCli } from '../../test/support/admin-cli'
import { createTestContext, type TestContext } from '../../test/support/harness'

/** `npm run admin -- waitlist` and `early-access`, through a real listening server as next to `npm start`. */

let t: TestContext
let cli: AdminCli

beforeAll(async () => {
  t = await createTestContext()
  cli = await startAdminCli(t)
})
afterAll(async () => {
  cli.close()
  await t.close()
})

const admin = (...argv: string[]) => cli.run(argv)

const recovery = async (accountId: string, token: string) => {
  const res = await t.request(`/api/recovery/${accountId}`, { token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { availability: { early_access: boolean } } }).data.availability
}

describe('payment recovery availability', () => {
  it('lists the waitlist newest first, with the account an address owns', async () => {
    expect((await admin('waitlist')).out).toBe('No waitlist sign-ups yet.')
    const { accountId, owner } = await t.createAccount()
    for (const email of ['first@example.com', owner.email]) {
      const res = await t.request('/api/waitlist', {
        body: { email, product: 'payment-recovery' },
        peer: '203.0.113.9',
      })
      expect(res.status).toBe(200)
      t.clock.advance(60_000)
    }
    const listed = await admin('waitlist')
    expect(listed.code).toBe(0)
    const lines = listed.out.split('\n')
    expect(lines[0]).toBe('2 sign-ups, newest first:')
    expect(lines[1]).toContain(`${owner.email}  (account ${accountId})`)
    expect(lines[2]).toContain('payment-recovery  first@example.com')
  })

  it('grants and withdraws early access by account id or owner e-mail; the console sees it', async () => {
    const { accountId, owner } = await t.createAccount()
    expect(await recovery(accountId, owner.token)).toMatchObject({ early_access: false })
    const on = await admin('early-access', owner.email, 'on')
    expect(on).toMatchObject({ code: 0, err: '' })
    expect(on.out).toContain(`${accountId} (Test Merchant) now has early access to payment recovery`)
    expect(await recovery(accountId, owner.token)).toMatchObject({ early_access: true })
    expect((await admin('early-access', accountId, 'off')).out).toContain('no longer has payment recovery')
    expect(await recovery(accountId, owner.token)).toMatchObject({ early_access: false })
    expect(await admin('early-access', accountId, 'maybe')).toMatchObject({ code: 2 })
    expect(await admin('early-access', 'acct-nope', 'on')).toMatchObject({ code: 1 })
  })
})
