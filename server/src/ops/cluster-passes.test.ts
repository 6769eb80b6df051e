import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { openDatabase } from '../db/database'
import { backgroundPasses } from '../observability/metrics'
import { runClusterPass } from '../services/cluster-pass'
import { startMerchantSyncWorker } from '../services/merchant-events/sync'

/**
 * Three instances on one PostgreSQL: a once-per-cluster pass runs in one of them per interval, however
 * many timers fire; an instance that fails leaves it due for the next; the Stripe reconcile is such a
 * pass. On PGlite (one process per DATA_DIR) the pass simply runs.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const instances: TestContext[] = []
beforeAll(async () => {
  const first = await createTestContext()
  instances.push(first)
  if (!onPostgres) return
  const url = first.database.databaseUrl
  if (!url) throw new Error('a PostgreSQL handle knows its URL')
  for (let i = 0; i < 2; i++)
    instances.push(
      await createTestContext({ database: await openDatabase({ databaseUrl: url, poolSize: 3 }) }),
    )
})
afterAll(async () => {
  for (const t of instances.toReversed()) await t.close()
})

const FIFTEEN_MINUTES = 15 * 60_000
const instance = (i: number): TestContext => {
  const t = instances[i]
  if (!t) throw new Error(`no instance ${i}`)
  return t
}
const advanceAll = (ms: number) => {
  for (const t of instances) t.clock.advance(ms)
}

describe.runIf(onPostgres)('once-per-cluster passes on one PostgreSQL', () => {
  it('run in one instance per interval, however many timers fire at once', async () => {
    let runs = 0
    const pass = async () => {
      runs++
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const fire = () =>
      Promise.all(instances.map((t) => runClusterPass(t.deps, 'test pass', FIFTEEN_MINUTES, pass)))
    expect((await fire()).sort()).toEqual(['ran', 'skipped', 'skipped'])
    expect(runs).toBe(1)
    // Finished moments ago: nobody runs it again before it is due.
    expect(await fire()).toEqual(['skipped', 'skipped', 'skipped'])
    advanceAll(FIFTEEN_MINUTES)
    expect((await fire()).filter((result) => result === 'ran')).toHaveLength(1)
    expect(runs).toBe(2)
  })

  it('a pass that fails records nothing: the next instance whose timer fires runs it', async () => {
    const failing = runClusterPass(instance(0).deps, 'flaky pass', FIFTEEN_MINUTES, async () => {
      throw new Error('Stripe is down')
    })
    await expect(failing).rejects.toThrow('Stripe is down')
    let ran = false
    expect(
      await runClusterPass(instance(1).deps, 'flaky pass', FIFTEEN_MINUTES, async () => {
        ran = true
      }),
    ).toBe('ran')
    expect(ran).toBe(true)
  })

  it('the Stripe reconcile: three instances, one pass per interval', async () => {
    const count = async (result: string) =>
      (await backgroundPasses.get()).values.find(
        (v) => v.labels.pass === 'subscription reconcile' && v.labels.result === result,
      )?.value ?? 0
    const ranBefore = await count('ok')
    const skippedBefore = await count('skipped')
    const stops = instances.map((t) => startMerchantSyncWorker(t.deps, 150))
    try {
      // Several ticks of every instance; their clocks stand still, so one interval never ends.
      await expect
        .poll(async () => (await count('skipped')) - skippedBefore, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(6)
      expect((await count('ok')) - ranBefore).toBe(1)
    } finally {
      for (const stop of stops) stop()
    }
  })
})

describe.runIf(!onPostgres)('once-per-cluster passes on PGlite', () => {
  it('just run: one process owns the DATA_DIR', async () => {
    let runs = 0
    const pass = async () => {
      runs++
    }
    expect(await runClusterPass(instance(0).deps, 'test pass', FIFTEEN_MINUTES, pass)).toBe('ran')
    expect(await runClusterPass(instance(0).deps, 'test pass', FIFTEEN_MINUTES, pass)).toBe('ran')
    expect(runs).toBe(2)
  })
})
