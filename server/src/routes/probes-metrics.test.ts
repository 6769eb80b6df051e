import { execFileSync } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { createApp } from '../app'
import { parseObservability } from '../config/observability-env'
import type { Database } from '../db/tables'
import { createAppServer } from '../http/node-listener'
import { enqueueWebhookEvent } from '../services/webhooks-out/outbox'

/**
 * /livez, /readyz and /metrics: liveness never asks the database (a database blip must not get every
 * instance restarted), readiness does and checks the migrations, and Prometheus metrics are off until
 * the operator gives a token or an address list.
 */
const TOKEN = 'scrape-token-0123456789'
const fail = (variable: string, problem: string) => new Error(`${variable} ${problem}`)
let t: TestContext
let metered: TestContext
beforeAll(async () => {
  t = await createTestContext()
  metered = await createTestContext({
    config: { observability: parseObservability({ METRICS_TOKEN: TOKEN }, fail) },
  })
})
afterAll(async () => {
  await metered.close()
  await t.close()
})

const headCommit = (() => {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return null
  }
})()

/** A database nobody answers on (a closed port): every query fails at once. */
const unreachable = () =>
  new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({
        connectionString: 'postgres://nobody@127.0.0.1:1/none',
        connectionTimeoutMillis: 500,
      }),
    }),
  })

describe('/livez and /readyz', () => {
  it('answer with the release and the commit', async () => {
    for (const path of ['/livez', '/readyz', '/health']) {
      const res = await t.request(path, { apiKey: null })
      expect(res.status, path).toBe(200)
      const body = (await res.json()) as { version: string; commit: string }
      expect(body.version).toBe('0.1.0')
      expect(body.commit).toBe(headCommit ?? 'unknown')
    }
  })

  it('while the database does not answer: alive, not ready', async () => {
    const down = createApp({ ...t.deps, db: unreachable() })
    expect((await down.request('/livez')).status).toBe(200)
    const ready = await down.request('/readyz')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({ status: 'not_ready', reason: 'the database does not answer' })
  })

  it('not ready while a migration of this build is missing from the database', async () => {
    const last = await t.database.db
      .selectFrom('schema_migrations' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow()
    const { name } = last as { name: string }
    await t.database.db
      .deleteFrom('schema_migrations' as never)
      .where('name' as never, '=', name as never)
      .execute()
    try {
      const res = await createApp(t.deps).request('/readyz')
      expect(res.status).toBe(503)
      expect(await res.json()).toMatchObject({ reason: `migrations not applied: ${name}` })
    } finally {
      await t.database.db
        .insertInto('schema_migrations' as never)
        .values({ name } as never)
        .execute()
    }
    expect((await createApp(t.deps).request('/readyz')).status).toBe(200)
  })
})

/** The value of one sample line, `name{labels} value`, or 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}{${labels}}`))
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0
}

describe('/metrics', () => {
  it('does not exist by default', async () => {
    expect((await t.request('/metrics', { apiKey: null })).status).toBe(404)
  })

  it('with METRICS_TOKEN: only for the bearer of the token, and the request counter moves', async () => {
    expect((await metered.request('/metrics', { apiKey: null })).status).toBe(404)
    const wrong = { headers: { authorization: 'Bearer not-the-token-000000' }, apiKey: null }
    expect((await metered.request('/metrics', wrong)).status).toBe(404)
    const scrape = async () => {
      const res = await metered.request('/metrics', {
        headers: { authorization: `Bearer ${TOKEN}` },
        apiKey: null,
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/plain')
      return res.text()
    }
    const health = 'route="/health",method="GET",status="200"'
    const before = sample(await scrape(), 'retainkit_http_requests_total', health)
    for (let i = 0; i < 3; i++) expect((await metered.request('/health', { apiKey: null })).status).toBe(200)
    const after = await scrape()
    expect(sample(after, 'retainkit_http_requests_total', health)).toBe(before + 3)
    expect(
      sample(after, 'retainkit_http_request_duration_seconds_count', 'route="/health",method="GET"'),
    ).toBe(before + 3)
    // A route pattern, never the concrete path with an account id in it.
    const { accountId, owner } = await metered.createAccount()
    await metered.request(`/api/webhooks/${accountId}`, { token: owner.token })
    const text = await scrape()
    expect(text).toContain('route="/api/webhooks/:accountId"')
    expect(text).not.toContain(accountId)
    for (const name of ['retainkit_db_pool_connections', 'retainkit_process_resident_memory_bytes'])
      expect(text).toContain(name)
  })

  it('shows queue depths and worker lag', async () => {
    const { accountId, owner } = await metered.createAccount()
    await metered.request(`/api/webhooks/${accountId}`, {
      token: owner.token,
      body: { url: 'https://merchant.example/hooks', events: ['offer.accepted'] },
    })
    const now = metered.clock.now()
    await enqueueWebhookEvent(metered.database.db, {
      accountId,
      type: 'offer.accepted',
      now: new Date(now.getTime() - 90_000),
      data: { session_id: 'cs_metrics', customer_id: 'cus_metrics' },
    })
    const res = await metered.request('/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
      apiKey: null,
    })
    const text = await res.text()
    expect(sample(text, 'retainkit_queue_depth', 'queue="webhooks"')).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'retainkit_worker_lag_seconds', 'queue="webhooks"')).toBeGreaterThanOrEqual(90)
  })

  it('with METRICS_ALLOW: only for scrapers at the listed addresses, the widget config fast path counted', async () => {
    const serve = async (allow: string) => {
      const deps = {
        ...metered.deps,
        config: { ...metered.deps.config, observability: parseObservability({ METRICS_ALLOW: allow }, fail) },
      }
      const server = createAppServer(createApp(deps), deps)
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
    }
    const elsewhere = await serve('10.0.0.0/8')
    try {
      expect((await fetch(`${elsewhere.origin}/metrics`)).status).toBe(404)
    } finally {
      await elsewhere.close()
    }
    const local = await serve('127.0.0.1/32,::1')
    try {
      const { accountId } = await metered.createAccount()
      const config = 'route="/api/widget/config/:accountId",method="GET",status="200"'
      const before = sample(
        await (await fetch(`${local.origin}/metrics`)).text(),
        'retainkit_http_requests_total',
        config,
      )
      // The first read fills the cache through Hono; the second is the node:http fast path's.
      for (let i = 0; i < 2; i++)
        expect((await fetch(`${local.origin}/api/widget/config/${accountId}`)).status).toBe(200)
      const text = await (await fetch(`${local.origin}/metrics`)).text()
      expect(sample(text, 'retainkit_http_requests_total', config)).toBe(before + 2)
    } finally {
      await local.close()
    }
  })
})
