import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { verifyRetainkitSignature } from '../../test/support/webhook-recipe'
import type { AppDeps } from '../deps'
import { deliverDueWebhooks, LEASE_MS, retryDelayMs } from '../services/webhooks-out/deliver'
import { enqueueWebhookEvent } from '../services/webhooks-out/outbox'
import { backfilled, saveKeys } from './stripe/test-support'
import { acceptHelpers, acceptSuiteAccount, type WidgetAccount, widgetCall } from './widget/testing'

let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await acceptSuiteAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

const { open, accept } = acceptHelpers(() => ({ t, account, merchant: m }))

interface Received {
  url: string
  body: string
  signature: string
}

/** A merchant's receiver in process: answers `statuses` in turn (then 200), records every request. */
function receiver(statuses: number[] = []) {
  const received: Received[] = []
  const answers = [...statuses]
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers)
    received.push({ url, body: String(init.body), signature: headers.get('retainkit-signature') ?? '' })
    return new Response('ok', { status: answers.shift() ?? 200 })
  }
  return { received, fetch }
}

/** The suite account's owner, signed in afresh (tests move the clock by days). */
async function ownerToken(accountId = account.accountId): Promise<string> {
  const owner = await t.database.db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.email')
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow()
  return (await t.signIn(owner.email)).token
}

async function addEndpoint(body: Record<string, unknown>) {
  const res = await t.request(`/api/webhooks/${account.accountId}`, { token: await ownerToken(), body })
  return { res, json: (await res.json()) as { data: { id: string; secret: string } } }
}

/** A fresh account with one endpoint for every event, and its receiver. */
async function withEndpoint(statuses: number[] = [], kind: 'generic' | 'slack' = 'generic') {
  const { accountId, owner } = await t.createAccount()
  const res = await t.request(`/api/webhooks/${accountId}`, {
    token: owner.token,
    body: {
      url: 'https://merchant.example/hooks/retainkit',
      events: ['session.started', 'offer.accepted', 'save.lost'],
      kind,
    },
  })
  expect(res.status).toBe(201)
  const { data } = (await res.json()) as { data: { id: string; secret: string } }
  const hook = receiver(statuses)
  return { accountId, owner, endpoint: data, hook, deps: { ...t.deps, webhookFetch: hook.fetch } as AppDeps }
}

const enqueue = (accountId: string, n = 1) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      enqueueWebhookEvent(t.database.db, {
        accountId,
        type: 'session.started',
        now: t.clock.now(),
        data: { session_id: `cs_test_${i}`, customer_id: `cus_${i}` },
      }),
    ),
  )

async function log(accountId: string) {
  const res = await t.request(`/api/webhooks/${accountId}/deliveries`, { token: await ownerToken(accountId) })
  expect(res.status).toBe(200)
  return (
    (await res.json()) as {
      data: Array<{ id: string; status: string; event_id: string; log: Array<{ status: number | null }> }>
    }
  ).data
}

describe('Settings → Webhooks', () => {
  it('adds HTTPS endpoints only, shows the secret once, lists and deletes them', async () => {
    const plain = await addEndpoint({ url: 'http://merchant.example/hook', events: ['offer.accepted'] })
    expect(plain.res.status).toBe(400)
    expect(JSON.stringify(plain.json)).toContain('The endpoint URL must start with https://')
    const none = await addEndpoint({ url: 'https://merchant.example/hook', events: [] })
    expect(none.res.status).toBe(400)
    const unknown = await addEndpoint({ url: 'https://merchant.example/hook', events: ['invoice.paid'] })
    expect(unknown.res.status).toBe(400)

    const added = await addEndpoint({ url: 'https://merchant.example/hook', events: ['offer.accepted'] })
    expect(added.res.status).toBe(201)
    expect(added.json.data.secret).toMatch(/^whsec_/)
    const list = await t.request(`/api/webhooks/${account.accountId}`, { token: await ownerToken() })
    const text = await list.text()
    expect(text).toContain(added.json.data.id)
    expect(text).not.toContain(added.json.data.secret)
    const stored = await t.database.db
      .selectFrom('webhook_endpoints_out')
      .select('secret_ciphertext')
      .where('id', '=', added.json.data.id)
      .executeTakeFirstOrThrow()
    expect(stored.secret_ciphertext).not.toContain(added.json.data.secret)

    const viewer = await t.addMember(account.accountId, 'viewer')
    const denied = await t.request(`/api/webhooks/${account.accountId}`, {
      token: viewer.token,
      body: { url: 'https://merchant.example/x', events: ['offer.accepted'] },
    })
    expect(denied.status).toBe(403)
    const stranger = await t.signIn()
    expect((await t.request(`/api/webhooks/${account.accountId}`, { token: stranger.token })).status).toBe(
      403,
    )

    const gone = await t.request(`/api/webhooks/${account.accountId}/endpoints/${added.json.data.id}`, {
      method: 'DELETE',
      token: await ownerToken(),
    })
    expect(gone.status).toBe(200)
    expect(
      await (await t.request(`/api/webhooks/${account.accountId}`, { token: account.ownerToken })).json(),
    ).toEqual({
      data: [],
    })
  })
})

describe('endpoints never reach our own network', () => {
  const refusal =
    'The endpoint URL must point to a public internet address, not a private, loopback or internal one'

  it('refuses private, loopback, link-local and metadata addresses when an endpoint is added', async () => {
    t.dns.point('inward.example', ['93.184.216.34', '10.0.0.7'])
    t.dns.point('metadata.example', ['169.254.169.254'])
    t.dns.point('six.example', ['fd00::1'])
    for (const url of [
      'https://127.0.0.1/hook',
      'https://0x7f.1/hook',
      'https://0.0.0.0/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/hook',
      'https://192.168.1.20:8443/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://[fe80::1]/hook',
      'https://[fc00::2]/hook',
      'https://localhost/hook',
      'https://inward.example/hook',
      'https://metadata.example/hook',
      'https://six.example/hook',
    ]) {
      const { res, json } = await addEndpoint({ url, events: ['offer.accepted'] })
      expect(res.status, url).toBe(400)
      expect(json, url).toMatchObject({ error: { code: 'INVALID_INPUT', field: 'url', message: refusal } })
    }
    const stored = await t.database.db
      .selectFrom('webhook_endpoints_out')
      .select('url')
      .where('account_id', '=', account.accountId)
      .execute()
    expect(stored.filter((row) => !row.url.includes('merchant.example'))).toEqual([])
  })

  it('a name re-pointed inward after it was added is refused at delivery, and delivered once it is public again', async () => {
    const { accountId, hook, deps } = await withEndpoint()
    await enqueue(accountId)
    // DNS rebinding: the name answered a public address when it was added, now it answers the metadata one.
    t.dns.point('merchant.example', ['169.254.169.254'])
    try {
      expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 1, delivered: 0 })
      expect(hook.received).toHaveLength(0)
      const [entry] = await log(accountId)
      expect(entry?.log[0]).toMatchObject({ status: null, error: expect.stringContaining('169.254.169.254') })
      t.dns.point('merchant.example', ['::ffff:7f00:1'])
      t.clock.advance(retryDelayMs(1))
      expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 1, delivered: 0 })
      expect(hook.received).toHaveLength(0)
    } finally {
      t.dns.point('merchant.example', ['93.184.216.34'])
    }
    t.clock.advance(retryDelayMs(2))
    expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 1, delivered: 1 })
    expect(hook.received).toHaveLength(1)
  })

  it('loopback is reachable only with the explicit test allowance, never other internal ranges', async () => {
    const local = await addEndpoint({ url: 'https://127.0.0.1:9/hook', events: ['offer.accepted'] })
    expect(local.res.status).toBe(400)
    const allowing = await createTestContext({ config: { webhooksAllowLoopback: true } })
    try {
      const { accountId, owner } = await allowing.createAccount()
      const add = (url: string) =>
        allowing.request(`/api/webhooks/${accountId}`, {
          token: owner.token,
          body: { url, events: ['offer.accepted'] },
        })
      expect((await add('https://127.0.0.1:9/hook')).status).toBe(201)
      expect((await add('https://localhost:9/hook')).status).toBe(201)
      expect((await add('https://169.254.169.254/hook')).status).toBe(400)
      expect((await add('https://10.0.0.1/hook')).status).toBe(400)
    } finally {
      await allowing.close()
    }
  })
})

describe('deliveries', () => {
  it('an endpoint failing 3 times then succeeding receives the event exactly once more', async () => {
    const { accountId, hook, deps } = await withEndpoint([500, 503, 502])
    await enqueue(accountId)
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 1, delivered: 0 })
      // Not due again before its backoff has passed.
      expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 0, delivered: 0 })
      t.clock.advance(retryDelayMs(attempt))
    }
    expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 1, delivered: 1 })
    t.clock.advance(3 * 86_400_000)
    expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 0, delivered: 0 })
    expect(hook.received).toHaveLength(4)
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1)
    const [entry] = await log(accountId)
    expect(entry).toMatchObject({ status: 'delivered' })
    expect(entry?.log.map((a) => a.status)).toEqual([500, 503, 502, 200])

    // A manual replay sends the same event (same id and body) once more.
    const replay = await t.request(`/api/webhooks/${accountId}/deliveries/${entry?.id}/replay`, {
      method: 'POST',
      token: await ownerToken(accountId),
    })
    expect(replay.status).toBe(200)
    expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 1, delivered: 1 })
    expect(hook.received).toHaveLength(5)
    expect(hook.received[4]?.body).toBe(hook.received[0]?.body)
  })

  it('gives up after three days of failures, and says so in the log', async () => {
    const { accountId, deps } = await withEndpoint(Array(100).fill(500))
    await enqueue(accountId)
    for (let pass = 0; pass < 40; pass++) {
      await deliverDueWebhooks(deps)
      t.clock.advance(6 * 3_600_000)
    }
    const [entry] = await log(accountId)
    expect(entry?.status).toBe('failed')
    expect(entry?.log.length).toBeGreaterThan(5)
    expect(entry?.log.length).toBeLessThan(25)
  })

  it('a worker killed mid-retry loses nothing: its lease runs out and another instance sends it', async () => {
    const { accountId, hook, deps } = await withEndpoint([503])
    await enqueue(accountId)
    // The first attempt fails; the retry is due after its backoff.
    expect(await deliverDueWebhooks(deps)).toEqual({ attempted: 1, delivered: 0 })
    t.clock.advance(retryDelayMs(1))
    // The first instance claims the delivery and never comes back (its process died mid-request).
    let claimed = false
    const hanging: AppDeps = {
      ...t.deps,
      webhookFetch: () => {
        claimed = true
        return new Promise<Response>(() => undefined)
      },
    }
    // Dead, not slow: its attempt never ends while this suite runs (a live one would end at its deadline).
    void deliverDueWebhooks(hanging, { deadlineMs: 3_600_000 })
    await expect.poll(() => claimed).toBe(true)
    // A new instance (a restart) sees nothing due while the lease holds…
    const restarted: AppDeps = { ...t.deps, webhookFetch: hook.fetch }
    expect(await deliverDueWebhooks(restarted)).toEqual({ attempted: 0, delivered: 0 })
    t.clock.advance(LEASE_MS + 1000)
    // …and sends it once the lease has run out.
    expect(await deliverDueWebhooks(restarted)).toEqual({ attempted: 1, delivered: 1 })
    // The failed first attempt and the successful one after the restart.
    expect(hook.received).toHaveLength(2)
    const [entry] = await log(accountId)
    expect(entry?.status).toBe('delivered')
    expect(await deliverDueWebhooks(restarted)).toEqual({ attempted: 0, delivered: 0 })
  })

  it('two instances working the same queue deliver each event once', async () => {
    const { accountId, hook } = await withEndpoint()
    await enqueue(accountId, 30)
    const first: AppDeps = { ...t.deps, webhookFetch: hook.fetch }
    const second: AppDeps = { ...t.deps, webhookFetch: hook.fetch }
    const [a, b] = await Promise.all([deliverDueWebhooks(first), deliverDueWebhooks(second)])
    expect(a.delivered + b.delivered).toBe(30)
    const ids = hook.received.map((r) => (JSON.parse(r.body) as { id: string }).id)
    expect(ids).toHaveLength(30)
    expect(new Set(ids).size).toBe(30)
  })
})

describe('events from the product', () => {
  it('session.started and offer.accepted from a real save, signed as the README says', async () => {
    const { accountId } = account
    const added = await addEndpoint({
      url: 'https://merchant.example/hooks',
      events: ['session.started', 'offer.accepted', 'save.lost'],
    })
    const hook = receiver()
    const deps = { ...t.deps, webhookFetch: hook.fetch } as AppDeps
    await deliverDueWebhooks(deps)
    hook.received.length = 0
    const o = await open()
    expect((await accept(o, { offer: 'discount', reasonKey: 'too_expensive' })).status).toBe(200)
    await deliverDueWebhooks(deps)
    const events = hook.received.map(
      (r) => JSON.parse(r.body) as { type: string; account_id: string; data: Record<string, unknown> },
    )
    // Deliveries due together are sent in parallel: like Stripe's, their order is not promised.
    expect(events.map((e) => e.type).sort()).toEqual(['offer.accepted', 'session.started'])
    expect(events.find((e) => e.type === 'offer.accepted')).toMatchObject({
      account_id: accountId,
      data: {
        session_id: o.sessionId,
        customer_id: o.customerId,
        offer: 'discount',
        reason_key: 'too_expensive',
      },
    })
    const now = Math.floor(t.clock.now().getTime() / 1000)
    for (const r of hook.received) {
      expect(verifyRetainkitSignature(r.body, r.signature, added.json.data.secret, now)).toBe(true)
      // A tampered body, another secret, or a replay ten minutes later all fail the recipe.
      expect(verifyRetainkitSignature(`${r.body} `, r.signature, added.json.data.secret, now)).toBe(false)
      expect(verifyRetainkitSignature(r.body, r.signature, 'whsec_other', now)).toBe(false)
      expect(verifyRetainkitSignature(r.body, r.signature, added.json.data.secret, now + 600)).toBe(false)
    }

    // The subscriber cancels in the Billing Portal later: the merchant hears `save.lost` once.
    expect((await saveKeys(t, accountId, await ownerToken(), m.keys)).status).toBe(200)
    await backfilled(t, accountId)
    await t.stripe.deliverWebhooks()
    await createStripeClient(t.stripe, m.keys.secret).subscriptions.cancel(o.subscriptionId)
    const first = await t.stripe.deliverWebhooks()
    expect(first.every((d) => d.ok)).toBe(true)
    await deliverDueWebhooks(deps)
    const lost = hook.received.map(
      (r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> },
    )
    expect(lost.filter((e) => e.type === 'save.lost')).toHaveLength(1)
    // Another change to the ended subscription (a new Stripe event) does not announce it again.
    await createStripeClient(t.stripe, m.keys.secret).subscriptions.update(o.subscriptionId, {
      metadata: { note: 'left via the portal' },
    })
    expect((await t.stripe.deliverWebhooks()).map((d) => d.status)).toEqual([200])
    await deliverDueWebhooks(deps)
    expect(hook.received.filter((r) => r.body.includes('"save.lost"'))).toHaveLength(1)
    expect(lost.find((e) => e.type === 'save.lost')?.data).toMatchObject({
      subscription_id: o.subscriptionId,
      offer: 'discount',
      mrr: 2320,
      subscription_status: 'canceled',
    })
  })

  it('subscription.cancel_scheduled when a subscriber cancels in the flow, once even if the call is repeated', async () => {
    const added = await addEndpoint({
      url: 'https://merchant.example/cancels',
      events: ['subscription.cancel_scheduled'],
    })
    expect(added.res.status).toBe(201)
    const hook = receiver()
    const deps = { ...t.deps, webhookFetch: hook.fetch } as AppDeps
    const o = await open()
    const cancel = () =>
      widgetCall(t, `/api/widget/sessions/${o.sessionId}/cancel`, {
        token: o.token,
        body: { reasonKey: 'other' },
        headers: { 'idempotency-key': `cancel-${o.sessionId}` },
      })
    const answers = await Promise.all([cancel(), cancel(), cancel()])
    // One performs it; the others replay its answer or are told it is still in flight (409).
    expect(answers.map((res) => res.status)).toContain(200)
    expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true)
    await deliverDueWebhooks(deps)
    const mine = hook.received
      .filter((r) => r.url === 'https://merchant.example/cancels')
      .map((r) => JSON.parse(r.body) as { type: string; data: { session_id: string } })
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      type: 'subscription.cancel_scheduled',
      data: { session_id: o.sessionId },
    })
  })

  it('the Slack preset sends a readable message', async () => {
    const { accountId, hook, deps } = await withEndpoint([], 'slack')
    await enqueueWebhookEvent(t.database.db, {
      accountId,
      type: 'offer.accepted',
      now: t.clock.now(),
      data: {
        customer_id: 'cus_42',
        offer: 'plan_switch',
        reason_key: 'too_expensive',
        mrr: 1499,
        currency: 'usd',
      },
    })
    await deliverDueWebhooks(deps)
    expect(JSON.parse(hook.received[0]?.body ?? '{}')).toEqual({
      text: '*Saved: a subscriber accepted an offer* — customer cus_42, offer: plan switch, reason: too expensive, MRR $14.99',
    })
  })
})
