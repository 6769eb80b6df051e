import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminCli, startAdminCli } from '../../test/support/admin-cli'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { createApp } from '../app'

/**
 * `npm run admin` without a platform key: the real command (runAdmin, what the CLI's main calls) talks
 * to a real listening server through DATA_DIR/admin.json, as it does next to a running `npm start`.
 */

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef'
let t: TestContext
let cli: AdminCli

beforeAll(async () => {
  t = await createTestContext()
  cli = await startAdminCli(t, ADMIN_TOKEN)
})
afterAll(async () => {
  cli.close()
  await t.close()
})

const admin = (...argv: string[]) => cli.run(argv)

const tierOf = async (accountId: string, token: string) => {
  const res = await t.request(`/api/account?accountId=${accountId}&action=data`, { token })
  return ((await res.json()) as { data: { tier: string } }).data.tier
}

describe('npm run admin (no platform key)', () => {
  it('sets the tier by owner e-mail or account id; the console API shows it on the next read', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'free' })
    // A new account's trial has ended here: Starter.
    await t.database.db
      .updateTable('accounts')
      .set({ trial_ends_at: null })
      .where('id', '=', accountId)
      .execute()
    expect(await tierOf(accountId, owner.token)).toBe('free')

    const toPro = await admin('tier', owner.email.toUpperCase(), 'pro')
    expect(toPro).toMatchObject({ code: 0, err: '' })
    expect(toPro.out).toContain(`${accountId} (`)
    expect(toPro.out).toContain('is now on Pro (operator)')
    expect(await tierOf(accountId, owner.token)).toBe('pro')

    const toStarter = await admin('tier', accountId, 'starter')
    expect(toStarter.out).toContain('is now on Starter (starter)')
    expect(await tierOf(accountId, owner.token)).toBe('free')
  })

  it('starter ends a running trial at once', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'free' })
    const inTenDays = new Date(t.clock.now().getTime() + 10 * 86_400_000)
    await t.database.db
      .updateTable('accounts')
      .set({ trial_ends_at: inTenDays })
      .where('id', '=', accountId)
      .execute()
    expect(await tierOf(accountId, owner.token)).toBe('pro')
    expect((await admin('tier', accountId, 'starter')).code).toBe(0)
    expect(await tierOf(accountId, owner.token)).toBe('free')
  })

  it('lists accounts with tier, owners and usage', async () => {
    const { accountId, owner } = await t.createAccount({ name: 'Listed Co', tier: 'pro' })
    const listed = await admin('accounts')
    expect(listed.code).toBe(0)
    const line = listed.out.split('\n').find((l) => l.startsWith(accountId))
    expect(line).toContain('Pro (operator)')
    expect(line).toContain('0 sessions this month')
    expect(line).toContain('Listed Co')
    expect(line).toContain(owner.email)
  })

  it('revokes every session of a user: their token stops working', async () => {
    const { accountId, owner } = await t.createAccount()
    // A session the embedded sign-in would have opened, and its access token.
    const sessionId = randomUUID()
    await t.database.db
      .insertInto('auth_sessions')
      .values({ id: sessionId, user_id: owner.userId, created_at: t.clock.now() })
      .execute()
    const token = await t.signingKeys.sign(
      { email: owner.email, role: 'authenticated', session_id: sessionId },
      { subject: owner.userId, expiresInSeconds: 3600, now: t.clock.now() },
    )
    expect(await tierOf(accountId, token)).toBeDefined()
    const revoked = await admin('revoke-sessions', owner.email)
    expect(revoked).toMatchObject({ code: 0 })
    expect(revoked.out).toMatch(new RegExp(`^Signed ${owner.email} out of \\d+ sessions?\\.$`))
    expect(revoked.out).toContain('out of 1 session.')
    const after = await t.request(`/api/account?accountId=${accountId}&action=data`, { token })
    expect(after.status).toBe(401)
  })

  it('says plainly when the account or user is unknown, and changes nothing', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'free' })
    const before = await t.database.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', accountId)
      .execute()
    expect(await admin('tier', 'acct_nobody', 'pro')).toMatchObject({
      code: 1,
      err: 'No account with id "acct_nobody". List them with: npm run admin -- accounts',
    })
    expect(await admin('tier', 'nobody@example.com', 'pro')).toMatchObject({
      code: 1,
      err: 'No account is owned by nobody@example.com. List them with: npm run admin -- accounts',
    })
    expect(await admin('revoke-sessions', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: 'No user with the e-mail nobody@example.com.',
    })
    expect(await admin('tier', accountId, 'enterprise')).toMatchObject({ code: 2 })
    expect((await admin('tier', accountId, 'enterprise')).err).toContain('Tier must be pro or starter')
    expect((await admin('frobnicate')).err).toContain('Usage:')
    const after = await t.database.db.selectFrom('accounts').selectAll().where('id', '=', accountId).execute()
    expect(after).toEqual(before)
    expect(await tierOf(accountId, owner.token)).toBe('free')
  })
})

describe('npm run admin -- mail', () => {
  it('lists failed and waiting mail with its last error, never a body or a link', async () => {
    await t.readOutbox()
    const real = t.deps.mailer
    t.deps.mailer = {
      send: async () => {
        throw new Error('connect ECONNREFUSED mail.example:587')
      },
    }
    const email = `signin-${randomUUID().slice(0, 8)}@example.com`
    try {
      const res = await t.request('/auth/v1/otp', { body: { email } })
      expect(res.status).toBe(200)
      await t.readOutbox()
    } finally {
      t.deps.mailer = real
    }
    const { code, out } = await admin('mail')
    expect(code).toBe(0)
    expect(out).toMatch(/^Mail outbox: \d+ sent, [1-9]\d* waiting, \d+ failed, \d+ cancelled\./)
    const line = out.split('\n').find((l) => l.includes(email)) ?? ''
    expect(line).toMatch(/pending {2}sign_in to .*1 attempt, next .*ECONNREFUSED/)
    expect(out).not.toMatch(/verify\?token|pkce_|http:\/\//)
    // Sent once the mail server is back: nothing waiting for that address any more.
    t.clock.advance(10_000)
    expect(await t.readOutbox(email)).toHaveLength(1)
    expect((await admin('mail')).out).not.toContain(email)
  })
})

describe('the admin endpoint', () => {
  it('exists only with a token, answers loopback callers with that token only', async () => {
    const { accountId } = await t.createAccount()
    const call = (app: ReturnType<typeof createApp>, headers: Record<string, string>) =>
      app.request('/api/admin/tier', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ account: accountId, tier: 'pro' }),
      })
    expect((await call(t.app, { authorization: `Bearer ${ADMIN_TOKEN}` })).status).toBe(404)
    const app = createApp({ ...t.deps, adminToken: ADMIN_TOKEN })
    expect((await call(app, {})).status).toBe(401)
    expect((await call(app, { authorization: 'Bearer wrong-token' })).status).toBe(401)
    expect(
      (await call(app, { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-forwarded-for': '203.0.113.9' })).status,
    ).toBe(403)
    expect((await call(app, { authorization: `Bearer ${ADMIN_TOKEN}` })).status).toBe(200)
  })
})
