import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { verifyRetainkitSignature } from '../../test/support/webhook-recipe'
import type { AppDeps } from '../deps'
import { deliverDueWebhooks } from '../services/webhooks-out/deliver'

/** Settings → Webhooks: one endpoint per URL, and a test event per endpoint and event type. */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const add = (accountId: string, token: string, body: Record<string, unknown>) =>
  t.request(`/api/webhooks/${accountId}`, { token, body })

const errorOf = async (res: Response) => ((await res.json()) as { error: Record<string, unknown> }).error

describe('one endpoint per URL', () => {
  it('refuses a URL the account already sends to, also written differently, with nothing written', async () => {
    const { accountId, owner } = await t.createAccount()
    const first = await add(accountId, owner.token, {
      url: 'https://merchant.example/hooks',
      events: ['offer.accepted'],
    })
    expect(first.status).toBe(201)
    for (const url of [
      'https://merchant.example/hooks',
      'https://MERCHANT.example:443/hooks',
      ' https://merchant.example/hooks ',
    ]) {
      const again = await add(accountId, owner.token, { url, events: ['save.lost'], kind: 'slack' })
      expect(again.status, url).toBe(409)
      expect(await errorOf(again)).toMatchObject({
        code: 'DUPLICATE_ENTRY',
        field: 'url',
        message:
          'This URL already receives your webhooks: one endpoint per URL, or every event arrives twice.',
      })
    }
    // Another path is another endpoint; another account may use the same URL.
    expect(
      (await add(accountId, owner.token, { url: 'https://merchant.example/hooks/b', events: ['save.lost'] }))
        .status,
    ).toBe(201)
    const other = await t.createAccount()
    expect(
      (
        await add(other.accountId, other.owner.token, {
          url: 'https://merchant.example/hooks',
          events: ['save.lost'],
        })
      ).status,
    ).toBe(201)
    const rows = await t.database.db
      .selectFrom('webhook_endpoints_out')
      .select('url')
      .where('account_id', '=', accountId)
      .execute()
    expect(rows.map((row) => row.url).sort()).toEqual([
      'https://merchant.example/hooks',
      'https://merchant.example/hooks/b',
    ])
  })

  it('keeps one endpoint when the same URL is added by parallel requests', async () => {
    const { accountId, owner } = await t.createAccount()
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        add(accountId, owner.token, { url: 'https://race.example/hooks', events: ['offer.accepted'] }),
      ),
    )
    expect(responses.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409, 409])
    const rows = await t.database.db
      .selectFrom('webhook_endpoints_out')
      .select('id')
      .where('account_id', '=', accountId)
      .execute()
    expect(rows).toHaveLength(1)
  })
})

describe('send a test event', () => {
  async function withEndpoint(kind: 'generic' | 'slack' = 'generic') {
    const { accountId, owner } = await t.createAccount()
    const res = await add(accountId, owner.token, {
      url: `https://${kind}.merchant.example/hooks`,
      events: ['session.started', 'save.lost'],
      kind,
    })
    const endpoint = ((await res.json()) as { data: { id: string; secret: string } }).data
    const received: Array<{ url: string; body: string; signature: string }> = []
    const deps = {
      ...t.deps,
      webhookFetch: async (url: string, init: RequestInit) => {
        const headers = new Headers(init.headers)
        received.push({ url, body: String(init.body), signature: headers.get('retainkit-signature') ?? '' })
        return new Response('ok', { status: 200 })
      },
    } as AppDeps
    return { accountId, owner, endpoint, received, deps }
  }
  const sendTest = (accountId: string, endpointId: string, token: string, type: string) =>
    t.request(`/api/webhooks/${accountId}/endpoints/${endpointId}/test`, { token, body: { type } })

  it('queues a signed sample of the chosen type for that endpoint only, marked as a test, shown in the log', async () => {
    const { accountId, owner, endpoint, received, deps } = await withEndpoint()
    const other = await add(accountId, owner.token, {
      url: 'https://other.example/hooks',
      events: ['save.lost'],
    })
    expect(other.status).toBe(201)
    const res = await sendTest(accountId, endpoint.id, owner.token, 'save.lost')
    expect(res.status).toBe(201)
    const { data } = (await res.json()) as { data: { delivery_id: string; event_id: string; type: string } }
    expect(data).toMatchObject({ type: 'save.lost', event_id: expect.stringMatching(/^evt_test_/) })
    expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 1, delivered: 1 })
    expect(received).toHaveLength(1)
    const [delivery] = received
    expect(delivery?.url).toBe('https://generic.merchant.example/hooks')
    const body = JSON.parse(delivery?.body ?? '{}')
    expect(body).toMatchObject({ id: data.event_id, type: 'save.lost', account_id: accountId, test: true })
    expect(body.data.customer_id).toMatch(/^cus_test_/)
    const seconds = Math.floor(t.clock.now().getTime() / 1000)
    expect(
      verifyRetainkitSignature(delivery?.body ?? '', delivery?.signature ?? '', endpoint.secret, seconds),
    ).toBe(true)
    const log = await t.request(`/api/webhooks/${accountId}/deliveries`, { token: owner.token })
    const entries = ((await log.json()) as { data: Array<Record<string, unknown>> }).data
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      id: data.delivery_id,
      endpoint_id: endpoint.id,
      event_type: 'save.lost',
      test: true,
      status: 'delivered',
    })
  })

  it('writes a readable Slack test message', async () => {
    const { accountId, owner, endpoint, received, deps } = await withEndpoint('slack')
    expect((await sendTest(accountId, endpoint.id, owner.token, 'session.started')).status).toBe(201)
    await deliverDueWebhooks(deps)
    expect(JSON.parse(received[0]?.body ?? '{}').text).toMatch(
      /^\[Test\] \*A subscriber opened the cancel flow\*/,
    )
  })

  it('refuses a type the endpoint does not receive, an unknown type or endpoint, and members who cannot manage it', async () => {
    const { accountId, owner, endpoint } = await withEndpoint()
    const notSubscribed = await sendTest(accountId, endpoint.id, owner.token, 'offer.accepted')
    expect(notSubscribed.status).toBe(422)
    expect(await errorOf(notSubscribed)).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      message: 'This endpoint does not receive offer.accepted events.',
    })
    expect((await sendTest(accountId, endpoint.id, owner.token, 'invoice.paid')).status).toBe(400)
    expect((await sendTest(accountId, 'we_nope', owner.token, 'save.lost')).status).toBe(404)
    const viewer = await t.addMember(accountId, 'viewer')
    expect((await sendTest(accountId, endpoint.id, viewer.token, 'save.lost')).status).toBe(403)
    const stranger = await t.createAccount()
    expect((await sendTest(stranger.accountId, endpoint.id, stranger.owner.token, 'save.lost')).status).toBe(
      404,
    )
    const queued = await t.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('account_id', '=', accountId)
      .execute()
    expect(queued).toEqual([])
  })
})
