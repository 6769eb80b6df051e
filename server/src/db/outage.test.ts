import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDefaultReasons } from '@retainkit/shared/default-config'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testPostgresUrl } from '../../test/support/harness'
import { openPgliteFromTemplate } from '../../test/support/template-db'

/**
 * The database goes away (PostgreSQL restarts, a connection is cut, PGlite's engine dies): the
 * process stays up, requests meanwhile get 503 with the catalogue's database message, /health says
 * degraded, and everything works again once the database is back — without a restart.
 */

const OUTAGE_BODY = {
  error: { code: 'DATABASE_ERROR', message: "We're experiencing database issues. Please try again later." },
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function expectOutageAnswer(res: Response) {
  expect(res.status).toBe(503)
  expect(res.headers.get('retry-after')).toBe('5')
  expect(await res.json()).toEqual(OUTAGE_BODY)
}

/** Polls until `check` passes; returns how long that took. */
async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started
    await sleep(50)
  }
  throw new Error(`not recovered within ${timeoutMs} ms`)
}

let t: TestContext
let accountId = ''
let ownerToken = ''

async function setUpShop(context: TestContext) {
  const shop = await context.createAccount()
  accountId = shop.accountId
  ownerToken = shop.owner.token
}

const readAccount = () => t.request(`/api/account?accountId=${accountId}&action=data`, { token: ownerToken })
const healthy = async () => (await t.request('/health')).status === 200

describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL outages', () => {
  let admin: pg.Client
  let name = ''
  beforeAll(async () => {
    t = await createTestContext()
    await setUpShop(t)
    name =
      (await sql<{ name: string }>`select current_database() as name`.execute(t.deps.db)).rows[0]?.name ?? ''
    admin = new pg.Client({ connectionString: testPostgresUrl() })
    await admin.connect()
  })
  afterAll(async () => {
    await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined)
    await admin.end()
    await t.close()
  })

  it('outlives a connection cut while a request holds it (no unhandled client error)', async () => {
    await t.deps.db.connection().execute(async (db) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid])
      // The client is idle and checked out: this is when `pg` emits 'error' on it.
      await sleep(300)
    })
    expect((await readAccount()).status).toBe(200)
  })

  it('answers 503 and /health degraded while the database refuses connections, then recovers', async () => {
    // Warm the config cache: during the outage the widget keeps being served from it.
    expect((await t.request(`/api/widget/config/${accountId}`, { apiKey: null })).status).toBe(200)
    t.clock.advance(10 * 60_000)

    await admin.query(`alter database ${name} allow_connections false`)
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name])

    await expectOutageAnswer(await readAccount())
    await expectOutageAnswer(
      await t.request(`/api/account?accountId=${accountId}&action=reasons`, {
        token: ownerToken,
        body: { reasons: createDefaultReasons() },
      }),
    )
    const health = await t.request('/health')
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({
      status: 'degraded',
      database: 'postgres',
      databaseAvailable: false,
    })
    expect(t.deps.dbAvailability.available).toBe(false)
    const stale = await t.request(`/api/widget/config/${accountId}`, { apiKey: null })
    expect(stale.status).toBe(200)
    // The embedded auth server answers in GoTrue's shape, with a retryable 503.
    const otp = await t.request('/auth/v1/otp', { apiKey: null, body: { email: 'outage@example.com' } })
    expect(otp.status).toBe(503)

    await admin.query(`alter database ${name} allow_connections true`)
    const recoveredIn = await until(healthy, 5_000)
    expect(recoveredIn).toBeLessThan(5_000)
    expect((await readAccount()).status).toBe(200)
    expect(t.deps.dbAvailability.available).toBe(true)
  })
})

describe.runIf(process.env.TEST_DB !== 'postgres')('PGlite failures', () => {
  let dir = ''
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'retainkit-pglite-outage-'))
    t = await createTestContext({ database: await openPgliteFromTemplate(join(dir, 'pglite')) })
    await setUpShop(t)
  }, 60_000)
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers 503 when the engine dies, reopens the data directory and loses nothing', async () => {
    const host = t.database.pglite
    if (!host) throw new Error('a PGlite handle has a host')
    const before = host.instance
    // What a WebAssembly abort leaves behind: an instance that refuses every query.
    await before.close()

    await expectOutageAnswer(await readAccount())
    const recoveredIn = await until(healthy, 5_000)
    expect(recoveredIn).toBeLessThan(5_000)
    expect(host.instance).not.toBe(before)
    const account = await readAccount()
    expect(account.status).toBe(200)
    expect(((await account.json()) as { data: { account_id: string } }).data.account_id).toBe(accountId)
    expect(t.deps.dbAvailability.available).toBe(true)
  })
})
