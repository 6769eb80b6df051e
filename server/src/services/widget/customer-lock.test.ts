import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { openDatabase } from '../../db/database'
import { advanceGeneration, stripeIdempotencyKey, withCustomerLock } from './customer-lock'

/**
 * The customer lock serialises decisions per (account, customer): within one instance through its
 * in-memory queue, and across instances (PostgreSQL) through the row lock itself.
 */
let t: TestContext
let accountId: string
beforeAll(async () => {
  t = await createTestContext()
  accountId = (await t.createAccount()).accountId
})
afterAll(() => t.close())

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `count` critical sections at once and reports the most that overlapped. */
async function overlap(runners: Array<(body: () => Promise<void>) => Promise<unknown>>) {
  let inside = 0
  let most = 0
  const body = async () => {
    inside += 1
    most = Math.max(most, inside)
    await pause(30)
    inside -= 1
  }
  await Promise.all(runners.map((run) => run(body)))
  return most
}

describe('withCustomerLock', () => {
  it('runs one decision per customer at a time, and customers independently', async () => {
    const one = () => (body: () => Promise<void>) =>
      withCustomerLock(t.deps, accountId, 'cus_Lock1', async () => body())
    expect(await overlap([one(), one(), one(), one()])).toBe(1)
    const each = (customer: string) => (body: () => Promise<void>) =>
      withCustomerLock(t.deps, accountId, customer, async () => body())
    // PGlite is one connection: its transactions never overlap, whoever they are for.
    expect(await overlap([each('cus_LockA'), each('cus_LockB')])).toBe(t.database.kind === 'postgres' ? 2 : 1)
  })

  it('hands each decision the generation, which a committed action advances (and a failed one does not)', async () => {
    const seen: number[] = []
    await withCustomerLock(t.deps, accountId, 'cus_Gen1', async (lock) => {
      seen.push(lock.generation)
      await advanceGeneration(lock)
    })
    await expect(
      withCustomerLock(t.deps, accountId, 'cus_Gen1', async (lock) => {
        await advanceGeneration(lock)
        throw new Error('Stripe said no')
      }),
    ).rejects.toThrow('Stripe said no')
    await withCustomerLock(t.deps, accountId, 'cus_Gen1', async (lock) => {
      seen.push(lock.generation)
    })
    expect(seen).toEqual([0, 1])
  })

  it('derives Stripe keys from the change and the generation, never from anything else', async () => {
    const keys = await withCustomerLock(t.deps, accountId, 'cus_Key1', async (lock) => [
      stripeIdempotencyKey('offer', lock, { subscription: 'sub_1', offer: 'discount', window: 7 }),
      stripeIdempotencyKey('offer', lock, { subscription: 'sub_1', offer: 'discount', window: 7 }),
      stripeIdempotencyKey('offer', lock, { subscription: 'sub_1', offer: 'pause', window: 7 }),
      stripeIdempotencyKey(
        'offer',
        { ...lock, generation: lock.generation + 1 },
        {
          subscription: 'sub_1',
          offer: 'discount',
          window: 7,
        },
      ),
    ])
    expect(keys[0]).toBe(keys[1])
    expect(new Set(keys).size).toBe(3)
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(255)
  })

  it('serialises across instances: a second pool on the same PostgreSQL database waits for the row lock', async (context) => {
    if (!t.database.databaseUrl) return context.skip()
    const second = await openDatabase({ databaseUrl: t.database.databaseUrl, poolSize: 2 })
    // The customer acted before: their row exists (a first insert would serialise on its own).
    await withCustomerLock(t.deps, accountId, 'cus_Across1', async () => undefined)
    try {
      const instance = (db: typeof t.deps.db) => (body: () => Promise<void>) =>
        withCustomerLock({ db, clock: t.deps.clock }, accountId, 'cus_Across1', async () => body())
      expect(await overlap([instance(t.deps.db), instance(second.db), instance(second.db)])).toBe(1)
    } finally {
      await second.close()
    }
  })
})
