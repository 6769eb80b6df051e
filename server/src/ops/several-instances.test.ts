import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import type { WidgetConfigResponse } from '@retainkit/shared/widget-api'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testPostgresUrl } from '../../test/support/harness'
import { setTier } from '../admin/operations'
import { openDatabase } from '../db/database'

/**
 * Two instances on one PostgreSQL, each with its own pool and its own widget config cache: a change
 * saved through one is served by the other within a second (LISTEN/NOTIFY), not after the cache's
 * minute. Their clocks are manual and never move here, so only a notification can explain it.
 */

let one: TestContext
let two: TestContext
let accountId = ''
let ownerToken = ''

beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return
  one = await createTestContext({ listen: true })
  const url = one.database.databaseUrl
  if (!url) throw new Error('a PostgreSQL handle knows its URL')
  two = await createTestContext({
    listen: true,
    database: await openDatabase({ databaseUrl: url, poolSize: 4 }),
  })
  const shop = await one.createAccount()
  accountId = shop.accountId
  ownerToken = shop.owner.token
})
afterAll(async () => {
  await two?.close()
  await one?.close()
})

const servedVersion = async (t: TestContext) => {
  const res = await t.request(`/api/widget/config/${accountId}`, { apiKey: null })
  return ((await res.json()) as WidgetConfigResponse).version
}

/** Polls until `check` holds; returns the milliseconds it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`not within ${ms} ms`)
}

async function saveConfigThroughOne(headline: string, baseVersion: number) {
  const config = createDefaultConfig()
  config.copy.general.headline = headline
  const res = await one.request(
    `/api/account?accountId=${accountId}&action=config&base_version=${baseVersion}`,
    {
      method: 'PUT',
      token: ownerToken,
      body: { config_json: config },
    },
  )
  expect(res.status).toBe(200)
}

describe.runIf(process.env.TEST_DB === 'postgres')('several instances on one PostgreSQL', () => {
  it('serve a config saved through one from the other within a second', async () => {
    expect(await servedVersion(two)).toBe(0) // now cached by the second instance
    await saveConfigThroughOne('Before you go', 0)
    const took = await within(1000, async () => (await servedVersion(two)) === 1)
    expect(took).toBeLessThan(1000)
  })

  it('hear of reasons changes too', async () => {
    const read = async () => {
      const res = await two.request(`/api/widget/config/${accountId}`, { apiKey: null })
      return ((await res.json()) as WidgetConfigResponse).reasons.map((reason) => reason.key)
    }
    expect(await read()).toContain('too_expensive')
    const reasons = createDefaultReasons().filter((reason) => reason.key !== 'too_expensive')
    const res = await one.request(`/api/account?accountId=${accountId}&action=reasons`, {
      token: ownerToken,
      body: { reasons },
    })
    expect(res.status).toBe(200)
    await within(1000, async () => !(await read()).includes('too_expensive'))
  })

  it("hear of a tier the operator's tool sets through the other", async () => {
    const servedTier = async () => {
      const res = await two.request(`/api/widget/config/${accountId}`, { apiKey: null })
      return ((await res.json()) as WidgetConfigResponse).tier
    }
    const before = await servedTier() // now cached by the second instance
    await setTier(one.deps, accountId, before === 'pro' ? 'starter' : 'pro')
    await within(1000, async () => (await servedTier()) !== before)
  })

  it('keep listening after their connection is cut, and start afresh', async () => {
    expect(await servedVersion(two)).toBe(1)
    const admin = new pg.Client({ connectionString: testPostgresUrl() })
    await admin.connect()
    try {
      const database = new URL(one.database.databaseUrl ?? '').pathname.slice(1)
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' and datname = $1",
        [database],
      )
      expect(rowCount).toBeGreaterThan(0)
    } finally {
      await admin.end()
    }
    // Reconnected within a few seconds; from then on changes arrive within a second again.
    await saveConfigThroughOne('After the cut', 1)
    await within(6000, async () => (await servedVersion(two)) === 2)
    await saveConfigThroughOne('And again', 2)
    await within(1000, async () => (await servedVersion(two)) === 3)
  })
})
