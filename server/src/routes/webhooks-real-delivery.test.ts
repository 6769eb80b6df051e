import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { startHttpsReceiver } from '../../test/support/https-receiver'
import { verifyRetainkitSignature } from '../../test/support/webhook-recipe'
import type { AppDeps } from '../deps'
import { deliverDueWebhooks } from '../services/webhooks-out/deliver'
import { enqueueWebhookEvent } from '../services/webhooks-out/outbox'

/**
 * Deliveries over the real network path (DNS guard, address pinning, TLS, no redirects) to an HTTPS
 * receiver on this machine. Loopback is reachable only because this context opts in explicitly.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext({ config: { webhooksAllowLoopback: true } })
})
afterAll(() => t.close())

async function endpointFor(url: string) {
  const { accountId, owner } = await t.createAccount()
  const res = await t.request(`/api/webhooks/${accountId}`, {
    token: owner.token,
    body: { url, events: ['offer.accepted'] },
  })
  expect(res.status).toBe(201)
  const { data } = (await res.json()) as { data: { secret: string } }
  await enqueueWebhookEvent(t.database.db, {
    accountId,
    type: 'offer.accepted',
    now: t.clock.now(),
    data: { session_id: 'cs_real_1', customer_id: 'cus_real', offer: 'discount' },
  })
  const log = async () => {
    const answer = await t.request(`/api/webhooks/${accountId}/deliveries`, { token: owner.token })
    return (
      (await answer.json()) as {
        data: Array<{ status: string; log: Array<{ status: number | null; error: string | null }> }>
      }
    ).data
  }
  return { accountId, secret: data.secret, log }
}

describe('a real HTTPS delivery', () => {
  it('passes the README verification recipe, byte for byte', async () => {
    const receiver = await startHttpsReceiver()
    try {
      const { accountId, secret } = await endpointFor(`${receiver.url}/hooks/retainkit`)
      const deps: AppDeps = { ...t.deps, webhookExtraCa: receiver.ca }
      expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 1, delivered: 1 })
      expect(receiver.received).toHaveLength(1)
      const [request] = receiver.received
      expect(request).toMatchObject({ method: 'POST', path: '/hooks/retainkit' })
      expect(request?.headers['content-type']).toBe('application/json')
      const header = String(request?.headers['retainkit-signature'])
      const now = Math.floor(t.clock.now().getTime() / 1000)
      const body = request?.rawBody ?? ''
      expect(verifyRetainkitSignature(body, header, secret, now)).toBe(true)
      expect(verifyRetainkitSignature(body.replace('discount', 'pause'), header, secret, now)).toBe(false)
      expect(JSON.parse(body)).toMatchObject({
        type: 'offer.accepted',
        account_id: accountId,
        data: { session_id: 'cs_real_1', offer: 'discount' },
      })
    } finally {
      await receiver.close()
    }
  })

  it('does not follow a redirect: the 302 is the answer, logged as a failure', async () => {
    const receiver = await startHttpsReceiver([302])
    try {
      const { log } = await endpointFor(`${receiver.url}/moved`)
      expect(await deliverDueWebhooks({ ...t.deps, webhookExtraCa: receiver.ca })).toEqual({
        attempted: 1,
        delivered: 0,
      })
      expect(receiver.received.map((r) => r.path)).toEqual(['/moved'])
      expect((await log())[0]?.log[0]?.status).toBe(302)
    } finally {
      await receiver.close()
    }
  })

  it('checks the certificate: an untrusted one fails the delivery', async () => {
    const receiver = await startHttpsReceiver()
    try {
      const { log } = await endpointFor(`${receiver.url}/hooks`)
      expect(await deliverDueWebhooks(t.deps)).toEqual({ attempted: 1, delivered: 0 })
      expect(receiver.received).toHaveLength(0)
      expect((await log())[0]?.log[0]).toMatchObject({
        status: null,
        error: expect.stringMatching(/certificate/i),
      })
    } finally {
      await receiver.close()
    }
  })

  it('without the allowance a delivery to loopback is refused before any connection is made', async () => {
    const receiver = await startHttpsReceiver()
    try {
      // Added while loopback was allowed; delivered by an instance where it is not (as in production).
      const { log } = await endpointFor(`${receiver.url}/hooks`)
      const strict: AppDeps = {
        ...t.deps,
        config: { ...t.deps.config, webhooksAllowLoopback: false },
        webhookExtraCa: receiver.ca,
      }
      expect(await deliverDueWebhooks(strict)).toEqual({ attempted: 1, delivered: 0 })
      expect(receiver.connections()).toBe(0)
      expect((await log())[0]?.log[0]).toMatchObject({
        status: null,
        error: expect.stringContaining('127.0.0.1'),
      })
    } finally {
      await receiver.close()
    }
  })
})
