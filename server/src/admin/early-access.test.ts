import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { createApp } from '../app'
import { writeAdminFile } from './admin-file'
import { runAdmin } from './cli'

/** `npm run admin -- waitlist` and `early-access`, through a real listening server as next to `npm start`. */

const ADMIN_TOKEN = 'admin-token-for-early-access-0123456789'
let t: TestContext
let dataDir: string
let stopServer: () => void

beforeAll(async () => {
  t = await createTestContext()
  const app = createApp({ ...t.deps, adminToken: ADMIN_TOKEN })
  const url = await new Promise<string>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    )
    stopServer = () => server.close()
  })
  dataDir = mkdtempSync(join(tmpdir(), 'rk-early-'))
  writeAdminFile(dataDir, { url, token: ADMIN_TOKEN, pid: process.pid })
})
afterAll(async () => {
  stopServer()
  rmSync(dataDir, { recursive: true, force: true })
  await t.close()
})

async function admin(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(
    argv,
    { NODE_ENV: 'test', DATA_DIR: dataDir, RETAINKIT_SEED_DEMO: '0' },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    },
  )
  return { code, out: out.join('\n'), err: err.join('\n') }
}

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
