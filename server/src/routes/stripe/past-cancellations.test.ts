import { type PastCancellation, seedCancellationHistory } from '@retainkit/fakes/stripe'
import type { PastCancellations } from '@retainkit/shared/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  PAST_IMPORT_LEASE_MS,
  PAST_IMPORT_RETRY_MS,
  runDuePastImports,
  runPastImport,
} from '../../services/past-cancellations/import-run'
import { requestPastImport } from '../../services/past-cancellations/import-state'
import { createStripeClientFactory } from '../../services/stripe-client'
import { body, errorOf, saveKeys } from './test-support'

const DAY = 86_400
const MONTH = 30 * DAY

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

/**
 * A Stripe account with a past: `entries` relative to a start on the fake's clock; the server's clock is
 * then put `monthsLater` months (of 30 days) after that start, the moment the merchant connects.
 */
async function merchantWithPast(
  entries: Array<Omit<PastCancellation, 'startedAt' | 'canceledAt'> & { start: number; cancel: number }>,
  connectAt: number,
) {
  const base = t.stripe.clock.now() + 60
  const keys = t.stripe.createAccount({ businessName: 'History Co' })
  const { subscriptionIds } = await seedCancellationHistory(
    t.stripe,
    keys.secretKey,
    entries.map(({ start, cancel, ...rest }) => ({
      ...rest,
      startedAt: base + start,
      canceledAt: base + cancel,
    })),
  )
  if (base + connectAt > t.stripe.clock.now()) t.stripe.clock.advanceTo(base + connectAt)
  t.clock.set(new Date((base + connectAt) * 1000))
  return { keys, subscriptionIds, base }
}

const view = async (accountId: string, token: string) => {
  const res = await t.request(`/api/stripe/past-cancellations/${accountId}`, { token })
  expect(res.status).toBe(200)
  return (await body<{ data: PastCancellations }>(res)).data
}

const importedIds = async (accountId: string) =>
  (
    await t.database.db
      .selectFrom('past_cancellations')
      .select('subscription_id')
      .where('account_id', '=', accountId)
      .orderBy('subscription_id')
      .execute()
  ).map((row) => row.subscription_id)

/** Ten cancellations, one every 45 days, the oldest 16 months before the connection (so 3 fall outside). */
function tenMonthly(): Array<
  Omit<PastCancellation, 'startedAt' | 'canceledAt'> & { start: number; cancel: number }
> {
  return Array.from({ length: 10 }, (_, i) => ({
    email: `past${i}@example.com`,
    name: `Past Customer${i}`,
    start: i * 45 * DAY,
    cancel: i * 45 * DAY + 20 * DAY,
    amount: 1000 + i * 100,
    feedback: i % 2 === 0 ? ('too_expensive' as const) : undefined,
  }))
}

async function connectKeys(
  accountId: string,
  token: string,
  keys: { secretKey: string; publishableKey: string },
) {
  const res = await saveKeys(t, accountId, token, {
    secret: keys.secretKey,
    publishable: keys.publishableKey,
  })
  expect(res.status).toBe(200)
  await t.deps.background.idle()
}

describe('importing past cancellations on connect', () => {
  it('imports the last 12 months of canceled subscriptions when keys are connected, apart from sessions', async () => {
    const { keys, subscriptionIds: ids } = await merchantWithPast(
      [
        // Started 14 months before the connection, canceled 2 months before it: inside the window.
        {
          email: 'long@example.com',
          name: 'Long Timer',
          start: 0,
          cancel: 12 * MONTH,
          amount: 4900,
          feedback: 'switched_service',
          comment: 'Moved to a rival',
        },
        // Canceled 13 months before: outside.
        { email: 'old@example.com', start: 10 * DAY, cancel: MONTH, amount: 2900, feedback: 'unused' },
        {
          email: 'yen@example.com',
          start: 3 * MONTH,
          cancel: 9 * MONTH,
          amount: 1500,
          currency: 'jpy',
          feedback: 'too_expensive',
        },
        {
          email: 'annual@example.com',
          start: 4 * MONTH,
          cancel: 10 * MONTH,
          amount: 29_000,
          interval: 'year',
        },
        {
          email: 'team@example.com',
          start: 5 * MONTH,
          cancel: 11 * MONTH,
          amount: 1000,
          quantity: 3,
          feedback: 'missing_features',
        },
      ],
      14 * MONTH,
    )
    const { accountId, owner } = await t.createAccount()
    // Still active: not a cancellation.
    const stripe = t.deps.stripe.forKey(keys.secretKey)
    const customer = await stripe.customers.create({ email: 'stays@example.com' })
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 700,
      recurring: { interval: 'month' },
      product_data: { name: 'Stay' },
    })
    await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] })

    await connectKeys(accountId, owner.token, keys)

    expect(await importedIds(accountId)).toEqual([ids[0], ids[2], ids[3], ids[4]].sort())
    const data = await view(accountId, owner.token)
    expect(data.connected).toBe(true)
    expect(data.import).toMatchObject({ status: 'done', scanned: 5, found: 4, error: null, retry_at: null })
    expect(data.import?.finished_at).toBe(t.clock.now().toISOString())
    expect(data.total).toBe(4)
    expect(data.by_feedback).toEqual([
      { feedback: 'too_expensive', count: 1 },
      { feedback: 'missing_features', count: 1 },
      { feedback: 'switched_service', count: 1 },
      { feedback: 'unused', count: 0 },
      { feedback: 'customer_service', count: 0 },
      { feedback: 'too_complex', count: 0 },
      { feedback: 'low_quality', count: 0 },
      { feedback: 'other', count: 0 },
      { feedback: null, count: 1 },
    ])
    expect(data.by_reason).toContainEqual({ reason: 'cancellation_requested', count: 4 })
    // Money per currency, in minor units: yen is zero-decimal, an annual price is a twelfth a month.
    expect(data.mrr_lost).toEqual(
      [
        { amount: 1500, currency: 'jpy' },
        { amount: 4900 + 29_000 / 12 + 3000, currency: 'usd' },
      ].map((m) => ({ ...m, amount: Math.round(m.amount) })),
    )
    expect(data.recent[0]).toMatchObject({
      subscription_id: ids[0],
      customer: { email: 'long@example.com', name: 'Long Timer', masked: false },
      feedback: 'switched_service',
      reason: 'cancellation_requested',
      comment: 'Moved to a rival',
      mrr: { amount: 4900, currency: 'usd' },
    })
    // Nothing of it is a session: the flow's own log and save rate stay as they were.
    const sessions = await t.database.db
      .selectFrom('cancel_sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow()
    expect(Number(sessions.n)).toBe(0)
  })

  it('shows viewers the customers masked, and keeps other accounts out', async () => {
    const { keys } = await merchantWithPast(
      [{ email: 'jane.doe@example.com', name: 'Jane Doe', start: 0, cancel: MONTH, amount: 900 }],
      2 * MONTH,
    )
    const { accountId, owner } = await t.createAccount()
    await connectKeys(accountId, owner.token, keys)
    const viewer = await t.addMember(accountId, 'viewer')
    const seen = await view(accountId, viewer.token)
    expect(seen.recent[0]?.customer).toEqual({
      id: expect.any(String),
      email: 'j•••@e•••.com',
      name: 'J. D.',
      masked: true,
    })

    const stranger = await t.createAccount()
    const denied = await t.request(`/api/stripe/past-cancellations/${accountId}`, {
      token: stranger.owner.token,
    })
    expect(denied.status).toBe(403)
    expect((await errorOf(denied)).code).toBe('FORBIDDEN')
    // An account that does not exist answers the same: the answer tells nothing about who exists.
    const unknown = await t.request('/api/stripe/past-cancellations/acct_doesnotexist00000', {
      token: owner.token,
    })
    expect(unknown.status).toBe(403)
    const malformed = await t.request('/api/stripe/past-cancellations/%20bad%20', { token: owner.token })
    expect(malformed.status).toBe(400)
    const noUser = await t.request(`/api/stripe/past-cancellations/${accountId}`)
    expect(noUser.status).toBe(401)
    // Starting an import is for those who manage the Stripe connection.
    const viewerImport = await t.request(`/api/stripe/past-cancellations/${accountId}/import`, {
      method: 'POST',
      token: viewer.token,
    })
    expect(viewerImport.status).toBe(403)
    expect((await errorOf(viewerImport)).code).toBe('INSUFFICIENT_PERMISSIONS')
    const strangerImport = await t.request(`/api/stripe/past-cancellations/${accountId}/import`, {
      method: 'POST',
      token: stranger.owner.token,
    })
    expect(strangerImport.status).toBe(403)
  })

  it('runs for an account connected before (the console action), and says when Stripe is not connected', async () => {
    const { keys } = await merchantWithPast(tenMonthly(), 16 * MONTH)
    const { accountId, owner } = await t.createAccount()
    const notConnected = await t.request(`/api/stripe/past-cancellations/${accountId}/import`, {
      method: 'POST',
      token: owner.token,
    })
    expect(notConnected.status).toBe(422)
    expect(await view(accountId, owner.token)).toMatchObject({ connected: false, import: null, total: 0 })

    await connectKeys(accountId, owner.token, keys)
    // As if connected before imports existed.
    await t.database.db.deleteFrom('past_cancellations').where('account_id', '=', accountId).execute()
    await t.database.db.deleteFrom('past_cancellation_imports').where('account_id', '=', accountId).execute()
    const res = await t.request(`/api/stripe/past-cancellations/${accountId}/import`, {
      method: 'POST',
      token: owner.token,
    })
    expect(res.status).toBe(200)
    expect((await body<{ data: PastCancellations }>(res)).data.import?.status).toMatch(/pending|running/)
    await t.deps.background.idle()
    const data = await view(accountId, owner.token)
    expect(data.import).toMatchObject({ status: 'done', scanned: 10, found: 7 })
    expect(data.total).toBe(7)
  })

  it('says clearly when a restricted key cannot read subscriptions, and waits for a fixed key', async () => {
    const { accountId, owner } = await t.createAccount()
    const keys = t.stripe.createAccount({ restrictedKeys: [{ permissions: { subscriptions: 'none' } }] })
    const res = await saveKeys(t, accountId, owner.token, {
      secret: keys.restrictedKey ?? '',
      publishable: keys.publishableKey,
    })
    expect(res.status).toBe(200)
    await t.deps.background.idle()
    const data = await view(accountId, owner.token)
    expect(data.import).toMatchObject({
      status: 'failed',
      error:
        "Stripe's canceled subscriptions could not be read: Your restricted key needs read access to Subscriptions.",
      retry_at: null,
    })
    t.clock.advance(PAST_IMPORT_RETRY_MS * 10)
    await runDuePastImports(t.deps)
    expect((await view(accountId, owner.token)).import?.status).toBe('failed')
  })
})

describe('a durable import', () => {
  it('imports each cancellation once however many runs go at once, and again later', async () => {
    const { keys, subscriptionIds } = await merchantWithPast(tenMonthly(), 16 * MONTH)
    const { accountId, owner } = await t.createAccount()
    await connectKeys(accountId, owner.token, keys)
    const expected = subscriptionIds.slice(3).sort()
    expect(await importedIds(accountId)).toEqual(expected)

    // Asked again, then run by several at once (as several instances' workers would).
    await requestPastImport(t.deps, accountId)
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => runPastImport(t.deps, accountId, { pageSize: 2 })),
    )
    expect(runs.filter((run) => run === 'done')).toHaveLength(1)
    expect(runs.filter((run) => run === 'busy' || run === 'idle')).toHaveLength(3)
    expect(await importedIds(accountId)).toEqual(expected)
    expect((await view(accountId, owner.token)).import).toMatchObject({
      status: 'done',
      scanned: 10,
      found: 7,
    })
  })

  it('goes on from its cursor after a failure mid-way, reading no page twice', async () => {
    const { keys, subscriptionIds } = await merchantWithPast(tenMonthly(), 16 * MONTH)
    const { accountId, owner } = await t.createAccount()
    await connectKeys(accountId, owner.token, keys)
    await requestPastImport(t.deps, accountId)
    await t.database.db.deleteFrom('past_cancellations').where('account_id', '=', accountId).execute()
    const original = t.deps.stripe
    let lists = 0
    // Stripe fails the third page of canceled subscriptions.
    t.deps.stripe = createStripeClientFactory({
      fetch: (async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input)
        if (url.includes('status=canceled') && ++lists === 3) {
          return new Response(
            JSON.stringify({ error: { type: 'api_error', message: 'Stripe had a problem' } }),
            {
              status: 500,
              headers: { 'Content-Type': 'application/json' },
            },
          )
        }
        return t.stripe.fetch(input, init)
      }) as typeof fetch,
    })
    try {
      expect(await runPastImport(t.deps, accountId, { pageSize: 3 })).toBe('failed')
    } finally {
      t.deps.stripe = original
    }
    const failed = await view(accountId, owner.token)
    expect(failed.import).toMatchObject({
      status: 'failed',
      scanned: 6,
      error: "Stripe's canceled subscriptions could not be read: Stripe is not responding. Please try again.",
    })
    expect(failed.import?.retry_at).toBe(
      new Date(t.clock.now().getTime() + PAST_IMPORT_RETRY_MS).toISOString(),
    )
    // Newest created first: the six newest are in, those canceled within the window.
    expect(await importedIds(accountId)).toEqual([...subscriptionIds].reverse().slice(0, 6).sort())

    // Not before its time; then from where it stopped.
    expect(await runDuePastImports(t.deps)).toBe(0)
    t.clock.advance(PAST_IMPORT_RETRY_MS)
    const before = t.stripe.requests.length
    expect(await runDuePastImports(t.deps)).toBe(1)
    const resumed = t.stripe.requests
      .slice(before)
      .filter((r) => r.method === 'GET' && r.path === '/v1/subscriptions')
    expect(resumed[0]?.params.starting_after).toBe([...subscriptionIds].reverse()[5])
    expect(await importedIds(accountId)).toEqual(subscriptionIds.slice(3).sort())
    expect((await view(accountId, owner.token)).import).toMatchObject({
      status: 'done',
      scanned: 10,
      found: 7,
      error: null,
    })
  })

  it('is taken over from a run that died holding its lease, whose late page is then not stored', async () => {
    const { keys, subscriptionIds } = await merchantWithPast(tenMonthly(), 16 * MONTH)
    const { accountId, owner } = await t.createAccount()
    await connectKeys(accountId, owner.token, keys)
    await requestPastImport(t.deps, accountId)
    await t.database.db.deleteFrom('past_cancellations').where('account_id', '=', accountId).execute()

    const original = t.deps.stripe
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let lists = 0
    t.deps.stripe = createStripeClientFactory({
      fetch: (async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input)
        // The first run stalls on its second page (a process frozen, a network that never answers).
        if (url.includes('status=canceled') && ++lists === 2) await held
        return t.stripe.fetch(input, init)
      }) as typeof fetch,
    })
    const stalled = runPastImport(t.deps, accountId, { pageSize: 4 })
    while (lists < 2) await new Promise((resolve) => setTimeout(resolve, 5))
    t.deps.stripe = original
    // Another instance, while the lease holds: busy. After it expires: it goes on from the cursor.
    expect(await runPastImport(t.deps, accountId, { pageSize: 4 })).toBe('busy')
    t.clock.advance(PAST_IMPORT_LEASE_MS + 1000)
    expect(await runPastImport(t.deps, accountId, { pageSize: 4 })).toBe('done')
    release()
    expect(await stalled).toBe('lost')
    expect(await importedIds(accountId)).toEqual(subscriptionIds.slice(3).sort())
    expect((await view(accountId, owner.token)).import).toMatchObject({
      status: 'done',
      scanned: 10,
      found: 7,
    })
  })
})
