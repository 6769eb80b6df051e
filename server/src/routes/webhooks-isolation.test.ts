import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { localhostCertificate, startHttpsReceiver } from '../../test/support/https-receiver'
import { type Misbehaviour, startMisbehavingReceiver } from '../../test/support/misbehaving-receivers'
import type { AppDeps } from '../deps'
import { deliverDueWebhooks, LEASE_MS, startWebhookWorker } from '../services/webhooks-out/deliver'
import { enqueueWebhookEvent } from '../services/webhooks-out/outbox'

/**
 * One merchant's broken receiver must not hold anyone else's webhooks: each attempt has one deadline
 * (connect, headers, body), the answer's body is dropped once its status is read, endpoints are served
 * side by side with a per-endpoint limit, and the queue never waits for a whole batch. Real HTTPS
 * receivers on this machine, real timers (the deadline is the production one).
 */
let t: TestContext
const tls = localhostCertificate()
let deps: AppDeps
beforeAll(async () => {
  t = await createTestContext({ config: { webhooksAllowLoopback: true } })
  deps = { ...t.deps, webhookExtraCa: tls.cert }
})
afterAll(() => t.close())
// Nothing a test left pending is sent by the next one (the clock moves; failed attempts come due again).
afterEach(async () => {
  await t.database.db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed' })
    .where('status', '=', 'pending')
    .execute()
})

/** A fresh tenant with one endpoint at `url`, and `n` events queued for it. */
async function tenant(url: string, n = 1) {
  const { accountId, owner } = await t.createAccount()
  const res = await t.request(`/api/webhooks/${accountId}`, {
    token: owner.token,
    body: { url, events: ['offer.accepted'] },
  })
  expect(res.status).toBe(201)
  const enqueue = (count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        enqueueWebhookEvent(t.database.db, {
          accountId,
          type: 'offer.accepted',
          now: t.clock.now(),
          data: { session_id: `cs_iso_${i}`, customer_id: 'cus_iso', offer: 'discount' },
        }),
      ),
    )
  await enqueue(n)
  const log = async () => {
    const answer = await t.request(`/api/webhooks/${accountId}/deliveries`, { token: owner.token })
    return (
      (await answer.json()) as {
        data: Array<{ status: string; log: Array<{ status: number | null; error: string | null }> }>
      }
    ).data
  }
  return { accountId, log, enqueue }
}

async function receiver(behaviour: Misbehaviour, options?: { delayMs?: number }) {
  const started = await startMisbehavingReceiver(behaviour, tls, options)
  cleanups.push(started.close)
  return started
}
const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const close of cleanups) await close()
})

/** Fails the test with a clear message instead of hanging until the suite's timeout. */
const within = <T>(ms: number, promise: Promise<T>, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms),
    ),
  ])

describe('webhook deliveries are isolated from each other', () => {
  it("a receiver dripping its body holds nobody: another tenant's delivery is attempted within 15 s", async () => {
    const drip = await receiver('drip-body')
    const healthy = await startHttpsReceiver([], tls)
    cleanups.push(healthy.close)
    const stop = startWebhookWorker(deps)
    try {
      const slow = await tenant(drip.url)
      await expect.poll(() => drip.connections.length, { timeout: 10_000 }).toBe(1)
      // Only now does the other tenant's event exist: it must not wait for the drip.
      const queuedAt = Date.now()
      await tenant(`${healthy.url}/hooks/other`)
      await expect.poll(() => healthy.received.length, { timeout: 15_000, interval: 100 }).toBe(1)
      expect(Date.now() - queuedAt).toBeLessThan(15_000)
      // The drip's status was read and its body dropped: delivered, the socket closed.
      await expect.poll(async () => (await slow.log())[0]?.status, { timeout: 5_000 }).toBe('delivered')
      expect(drip.connections[0]?.closedAt).not.toBeNull()
    } finally {
      await stop()
    }
  })

  it('a head that never completes (dripped or silent) ends at the 10 s deadline, not an idle timeout', async () => {
    const dripping = await receiver('drip-headers')
    const silent = await receiver('silent')
    const a = await tenant(dripping.url)
    const b = await tenant(silent.url)
    const started = Date.now()
    expect(await within(20_000, deliverDueWebhooks(deps), 'the pass')).toEqual({ attempted: 2, delivered: 0 })
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(9_500)
    expect(took).toBeLessThan(14_000)
    for (const { log } of [a, b]) {
      expect((await log())[0]).toMatchObject({
        status: 'pending',
        log: [{ status: null, error: expect.stringMatching(/no complete answer within 10 s/) }],
      })
    }
    for (const r of [dripping, silent]) await expect.poll(() => r.connections[0]?.closedAt).not.toBeNull()
  }, 30_000)

  it('an endless or huge body is not read: the status counts, the body is dropped', async () => {
    const endless = await receiver('endless')
    const huge = await receiver('huge')
    const a = await tenant(endless.url)
    const b = await tenant(huge.url)
    const started = Date.now()
    expect(await within(8_000, deliverDueWebhooks(deps), 'the pass')).toEqual({ attempted: 2, delivered: 2 })
    expect(Date.now() - started).toBeLessThan(5_000)
    for (const { log } of [a, b]) expect((await log())[0]?.log).toMatchObject([{ status: 200, error: null }])
    for (const r of [endless, huge]) {
      await expect.poll(() => r.connections[0]?.closedAt).not.toBeNull()
      // What socket buffers took before the close, nowhere near the gigabyte.
      expect(r.connections[0]?.bytesWritten).toBeLessThan(32 * 2 ** 20)
    }
  }, 20_000)

  it('endpoints are served side by side, each at most 2 at a time across instances', async () => {
    const busy = await receiver('slow-ok', { delayMs: 600 })
    const other = await receiver('slow-ok', { delayMs: 600 })
    await tenant(busy.url, 8)
    await tenant(other.url, 1)
    // Two instances working the same queue.
    const [first, second] = await within(
      20_000,
      Promise.all([deliverDueWebhooks(deps), deliverDueWebhooks({ ...deps })]),
      'two passes',
    )
    expect(first.delivered + second.delivered).toBe(9)
    expect(busy.connections).toHaveLength(8)
    expect(busy.maxConcurrent()).toBe(2)
    // The other endpoint did not queue behind the busy one's backlog.
    const thirdOfBusy = [...busy.connections].sort((x, y) => x.arrivedAt - y.arrivedAt)[2]
    expect(other.connections[0]?.arrivedAt).toBeLessThan(thirdOfBusy?.arrivedAt ?? 0)
  })

  it("an attempt that outlived its lease does not overwrite the newer instance's result", async () => {
    const healthy = await startHttpsReceiver([503], tls)
    cleanups.push(healthy.close)
    const { log } = await tenant(`${healthy.url}/hooks/lease`)
    const late: { finish: ((response: Response) => void) | null } = { finish: null }
    const stale: AppDeps = {
      ...deps,
      webhookFetch: () =>
        new Promise<Response>((resolve) => {
          late.finish = resolve
        }),
    }
    const stalePass = deliverDueWebhooks(stale, { deadlineMs: 60_000 })
    await expect.poll(() => late.finish).not.toBeNull()
    t.clock.advance(LEASE_MS + 1_000)
    // The next instance takes the row over (its lease ran out) and delivers it after one 503.
    await deliverDueWebhooks(deps)
    t.clock.advance(60_000)
    await deliverDueWebhooks(deps)
    expect((await log())[0]?.status).toBe('delivered')
    // The first instance's answer comes at last: logged as what happened, but it changes nothing.
    late.finish?.(new Response('late', { status: 500 }))
    await stalePass
    const [entry] = await log()
    expect(entry?.status).toBe('delivered')
    expect(entry?.log.map((a) => a.status).sort()).toEqual([200, 500, 503])
  })
})
