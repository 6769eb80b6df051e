import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { MAX_MISSING, MISSING_TTL_MS } from '../../services/config-cache'

/**
 * Unknown account ids on the public config endpoint used to reach the database every time: a flood of
 * them at ~875 requests per second slowed a real config read from 7 ms to ~100 ms. They are now
 * remembered briefly (and boundedly), and creating the account makes it visible at once.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const config = (accountId: string) => t.request(`/api/widget/config/${accountId}`, { apiKey: null })

/** Inserts an account straight into the database, as another instance's write would appear here. */
const insertBehindTheCache = (id: string) =>
  t.database.db.insertInto('accounts').values({ id, name: 'Late Shop', slug: id.toLowerCase() }).execute()

describe('unknown account ids on the config endpoint', () => {
  it('are answered from memory for a short while, then looked up again', async () => {
    expect((await config('late-shop')).status).toBe(404)
    await insertBehindTheCache('late-shop')
    // Within the negative cache's lifetime the database is not asked again.
    const flood = await Promise.all(Array.from({ length: 50 }, () => config('late-shop')))
    expect(flood.every((res) => res.status === 404)).toBe(true)
    t.clock.advance(MISSING_TTL_MS + 1)
    expect((await config('late-shop')).status).toBe(200)
  })

  it('forget an id as soon as that account is created through the API', async () => {
    expect((await config('brand-new-shop')).status).toBe(404)
    const { token } = await t.signIn()
    const created = await t.request('/api/accounts', {
      token,
      body: { account_id: 'brand-new-shop', name: 'New' },
    })
    expect(created.status).toBe(201)
    expect((await config('brand-new-shop')).status).toBe(200)
  })

  it('are remembered up to a bound, however many different ones arrive', async () => {
    const cache = t.deps.widgetConfigCache
    const now = t.clock.now().getTime()
    for (let i = 0; i < MAX_MISSING + 500; i += 1) cache.setMissing(`ghost-${i}`, now)
    expect(cache.missingCount()).toBe(MAX_MISSING)
    expect(cache.isMissing('ghost-0', now)).toBe(false)
    expect(cache.isMissing(`ghost-${MAX_MISSING + 499}`, now)).toBe(true)
  })
})
