import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import type { ApiData } from '@retainkit/shared/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { backfilled, saveKeys } from './stripe/test-support'
import {
  startSession,
  type TokenClaims,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './widget/testing'

type Page = ApiData<'GET /api/sessions/{accountId}'>
type Detail = ApiData<'GET /api/sessions/{accountId}/{sessionId}'>

/**
 * The Sessions page's API (issue 33): every session with its customer (from Stripe, masked for
 * viewers), plan, MRR, reason, offers and outcome, filtered, searched and paged by keyset; one
 * session's story with what happened since; the filtered view as CSV.
 */
let t: TestContext
let account: WidgetAccount & { merchant: SeededMerchant }
const story: Record<string, string> = {}

async function subscriber(email: string, name: string, price?: string) {
  const m = account.merchant
  const stripe = createStripeClient(t.stripe, m.keys.secret)
  const customer = await stripe.customers.create({ email, name })
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price ?? m.prices.proMonthly }],
    billing_mode: { type: 'classic' },
  })
  return { customerId: customer.id, subscriptionId: subscription.id }
}

/** A session as the widget runs it: start, reason (and feedback), then accept a discount, cancel, or stay. */
async function session(
  who: { customerId: string; subscriptionId: string },
  run: {
    reason: string
    feedback?: string
    end: 'accept' | 'cancel' | 'stay' | 'open'
    mode?: 'test'
    claims?: TokenClaims
  },
) {
  const token = await tokenFor(t, account, who, { ...run.claims, ...(run.mode ? { mode: run.mode } : {}) })
  const { status, body } = await startSession(t, token)
  expect(status).toBe(201)
  const id = body.sessionId
  t.clock.advance(1000)
  const events: Record<string, string>[] = [{ step: 'reason_selected', reasonKey: run.reason }]
  if (run.feedback) events.push({ step: 'feedback_submitted', text: run.feedback })
  if (run.end === 'accept' || run.end === 'cancel') events.push({ step: 'offer_shown', offer: 'discount' })
  if (run.end === 'stay') events.push({ step: 'reason_continue', reasonKey: run.reason })
  const sent = await widgetCall(t, `/api/widget/sessions/${id}/events`, { token, body: { events } })
  expect(sent.status).toBeLessThan(300)
  t.clock.advance(1000)
  if (run.end === 'accept') {
    const res = await widgetCall(t, `/api/widget/sessions/${id}/accept`, {
      token,
      body: { offer: 'discount' },
    })
    expect(res.status).toBe(200)
  }
  if (run.end === 'cancel') {
    const res = await widgetCall(t, `/api/widget/sessions/${id}/cancel`, {
      token,
      body: { reasonKey: run.reason },
    })
    expect(res.status).toBe(200)
  }
  t.clock.advance(60_000)
  return id
}

const list = async (query = '', token = account.ownerToken) => {
  const res = await t.request(`/api/sessions/${account.accountId}${query ? `?${query}` : ''}`, { token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: Page }).data
}
const ids = (page: Page) => page.sessions.map((s) => s.id)

beforeAll(async () => {
  t = await createTestContext()
  account = (await widgetAccount(t)) as WidgetAccount & { merchant: SeededMerchant }
  // Keys connected through the real call: the merchant's Stripe events then follow every subscription.
  expect((await saveKeys(t, account.accountId, account.ownerToken, account.merchant.keys)).status).toBe(200)
  await backfilled(t, account.accountId)
  const jane = await subscriber('Jane.Doe@Example.com', 'Jane Doe')
  const omar = await subscriber('omar@shop.example', 'Omar Khan')
  const lea = await subscriber('lea@shop.example', 'Léa Martin', account.merchant.prices.basicMonthly)
  story.saved = await session(jane, {
    reason: 'too_expensive',
    feedback: 'Price went up again',
    end: 'accept',
  })
  story.canceled = await session(omar, { reason: 'missing_features', end: 'cancel' })
  story.stayed = await session(lea, { reason: 'not_using_enough', end: 'stay' })
  story.test = await session(lea, { reason: 'other', end: 'open', mode: 'test' })
  story.janeSubscription = jane.subscriptionId
  story.jane = jane.customerId
})
afterAll(() => t.close())

describe('GET /api/sessions/{accountId}', () => {
  it('lists live sessions newest first with the customer from Stripe, plan, MRR, reason, offers and outcome', async () => {
    const page = await list()
    expect(ids(page)).toEqual([story.stayed, story.canceled, story.saved])
    const saved = page.sessions.find((s) => s.id === story.saved)
    expect(saved).toMatchObject({
      kind: 'cancel',
      mode: 'live',
      outcome: 'saved',
      customer: { id: story.jane, email: 'Jane.Doe@Example.com', name: 'Jane Doe', masked: false },
      plan: { product: 'Pro', price_id: account.merchant.prices.proMonthly, interval: 'month' },
      mrr: { amount: 2900, currency: 'usd' },
      reason_key: 'too_expensive',
      offer_shown: 'discount',
      offer_accepted: 'discount',
      segment_id: null,
      arm_id: null,
    })
    expect(page.sessions.find((s) => s.id === story.canceled)).toMatchObject({
      outcome: 'canceled',
      offer_shown: 'discount',
      offer_accepted: null,
    })
    expect(page.next_cursor).toBeNull()
    // Test-mode sessions are apart, as on the dashboard.
    expect(ids(await list('mode=test'))).toEqual([story.test])
  })

  it('filters by outcome, reason, offer, kind and segment, and searches by e-mail or customer id', async () => {
    expect(ids(await list('outcome=canceled'))).toEqual([story.canceled])
    expect(ids(await list('reason=not_using_enough'))).toEqual([story.stayed])
    expect(ids(await list('offer=discount'))).toEqual([story.canceled, story.saved])
    expect(ids(await list('offer=pause'))).toEqual([])
    expect(ids(await list('kind=reactivation'))).toEqual([])
    expect(ids(await list('segment_id=default&outcome=saved'))).toEqual([story.saved])
    // E-mail: any case, from its start; a customer id: whole or its start.
    expect(ids(await list('q=jane.doe%40'))).toEqual([story.saved])
    expect(ids(await list('q=JANE.DOE%40EXAMPLE.COM'))).toEqual([story.saved])
    expect(ids(await list(`q=${story.jane}`))).toEqual([story.saved])
    expect(ids(await list('q=nobody%40nowhere.example'))).toEqual([])
    // A wildcard is a character, not a pattern.
    expect(ids(await list('q=%25%40'))).toEqual([])
    // The period.
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10)
    expect(ids(await list(`startDate=${later}&endDate=${later}`))).toEqual([])
  })

  it('pages by keyset: every session once, in order, even when a session starts between two pages', async () => {
    const first = await list('limit=2')
    expect(ids(first)).toEqual([story.stayed, story.canceled])
    expect(first.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    const extra = await session(await subscriber('new@shop.example', 'New One'), {
      reason: 'other',
      end: 'open',
    })
    const second = await list(`limit=2&cursor=${first.next_cursor}`)
    expect(ids(second)).toEqual([story.saved])
    expect(second.next_cursor).toBeNull()
    expect(ids(await list('limit=1'))).toEqual([extra])
  })

  it('masks customers for viewers, who cannot search by e-mail', async () => {
    const viewer = await t.addMember(account.accountId, 'viewer')
    const page = await list('outcome=saved', viewer.token)
    expect(page.sessions[0]?.customer).toEqual({
      id: story.jane,
      email: 'J•••@E•••.com',
      name: 'J. D.',
      masked: true,
    })
    expect(ids(await list('q=jane.doe%40', viewer.token))).toEqual([])
    expect(ids(await list(`q=${story.jane}`, viewer.token))).toEqual([story.saved])
  })

  it('is for members who may view analytics, and refuses bad filters with 400', async () => {
    const stranger = await t.signIn()
    const res = await t.request(`/api/sessions/${account.accountId}`, { token: stranger.token })
    expect(res.status).toBe(403)
    for (const query of [
      'outcome=won',
      'limit=0',
      'limit=500',
      'cursor=not%20a%20cursor',
      'cursor=AAAA',
      'offer=free_beer',
      'jurisdiction=texas',
      'startDate=2026-02-10&endDate=2026-01-01',
    ]) {
      const bad = await t.request(`/api/sessions/${account.accountId}?${query}`, {
        token: account.ownerToken,
      })
      expect(bad.status, query).toBe(400)
    }
  })
})

describe('GET /api/sessions/{accountId}/{sessionId}', () => {
  it('tells a session’s story: steps with times, feedback, the save, what happened since, the customer in Stripe', async () => {
    const read = async () => {
      const res = await t.request(`/api/sessions/${account.accountId}/${story.saved}`, {
        token: account.ownerToken,
      })
      expect(res.status).toBe(200)
      return ((await res.json()) as { data: Detail }).data
    }
    const detail = await read()
    expect(detail.steps.map((s) => s.step)).toEqual([
      'session_started',
      'reason_selected',
      'feedback_submitted',
      'offer_shown',
      'offer_accepted',
    ])
    expect(detail.steps.every((s) => !Number.isNaN(Date.parse(s.at)))).toBe(true)
    expect(detail.feedback).toBe('Price went up again')
    expect(detail.save).toMatchObject({
      mechanism: 'discount',
      mrr_before: { amount: 2900, currency: 'usd' },
      mrr_after: { amount: 2320, currency: 'usd' },
    })
    expect(detail.since).toMatchObject({ durability: 'kept', subscription_status: 'active' })
    expect(detail.stripe_url).toBe(`https://dashboard.stripe.com/test/customers/${story.jane}`)
    // The subscriber leaves in Stripe later: the story says the save was lost. The test moved our
    // clock ahead of Stripe's; Stripe's is brought up to it so the cancellation is stamped after the
    // save, and ours then moves past the cancellation before the story is read.
    const ours = Math.ceil(t.clock.now().getTime() / 1000)
    if (t.stripe.clock.now() < ours) t.stripe.clock.advanceTo(ours)
    await createStripeClient(t.stripe, account.merchant.keys.secret).subscriptions.cancel(
      story.janeSubscription as string,
    )
    await t.stripe.deliverWebhooks()
    t.clock.advance(2000)
    const after = await read()
    expect(after.since).toMatchObject({ durability: 'lost', subscription_status: 'canceled' })
    expect(after.since.lost_at).not.toBeNull()
  })

  it("is 404 for another account's session and for none", async () => {
    const other = await widgetAccount(t, { stripe: false })
    for (const id of [story.saved, 'cs_nope']) {
      const res = await t.request(`/api/sessions/${other.accountId}/${id}`, { token: other.ownerToken })
      expect(res.status).toBe(404)
    }
  })
})

describe('GET /api/sessions/{accountId}/export', () => {
  it('is the filtered view as CSV, masked for viewers like the page', async () => {
    const res = await t.request(`/api/sessions/${account.accountId}/export?offer=discount`, {
      token: account.ownerToken,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    const lines = (await res.text()).trim().split('\r\n')
    expect(lines[0]).toBe(
      'session_id,started_at,completed_at,kind,mode,outcome,customer_id,email,name,product,price_id,mrr,currency,reason_key,offer_shown,offer_accepted,segment_id,arm_id,jurisdiction_mode',
    )
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([story.canceled, story.saved])
    expect(lines[2]).toContain(',Jane.Doe@Example.com,Jane Doe,Pro,')
    expect(lines[2]).toContain(',29,usd,too_expensive,discount,discount,')
    const viewer = await t.addMember(account.accountId, 'viewer')
    const masked = await t.request(`/api/sessions/${account.accountId}/export?offer=discount`, {
      token: viewer.token,
    })
    expect(await masked.text()).not.toContain('Jane.Doe@Example.com')
  })
})

describe('the jurisdiction mode in the list', () => {
  it('shows each session’s mode and filters by it, in the list and its CSV', async () => {
    const mia = await subscriber('mia@shop.example', 'Mia Berg')
    const george = await subscriber('george@shop.example', 'George Hale')
    const minnesota = { country: 'US', state: 'MN' }
    story.minnesota = await session(mia, { reason: 'other', end: 'open', claims: minnesota })
    story.uk = await session(george, { reason: 'other', end: 'stay', claims: { country: 'GB' } })
    const page = await list()
    const modeOf = (id: string | undefined) => page.sessions.find((s) => s.id === id)?.jurisdiction_mode
    expect(modeOf(story.minnesota)).toBe('offers_after_cancel')
    expect(modeOf(story.uk)).toBe('offer_cap')
    expect(modeOf(story.saved)).toBe('standard')
    expect(ids(await list('jurisdiction=offers_after_cancel'))).toEqual([story.minnesota])
    expect(ids(await list('jurisdiction=offer_cap&outcome=stayed'))).toEqual([story.uk])
    expect(ids(await list('jurisdiction=statutory_button'))).toEqual([])
    const standard = await list('jurisdiction=standard')
    expect(ids(standard)).toEqual(expect.arrayContaining([story.saved, story.canceled, story.stayed]))
    expect(standard.sessions.every((s) => s.jurisdiction_mode === 'standard')).toBe(true)
    // A viewer filters the same way.
    const viewer = await t.addMember(account.accountId, 'viewer')
    expect(ids(await list('jurisdiction=offers_after_cancel', viewer.token))).toEqual([story.minnesota])
    const res = await t.request(`/api/sessions/${account.accountId}/export?jurisdiction=offer_cap`, {
      token: account.ownerToken,
    })
    const lines = (await res.text()).trim().split('\r\n')
    expect(lines.slice(1).map((line) => [line.split(',')[0], line.split(',').at(-1)])).toEqual([
      [story.uk, 'offer_cap'],
    ])
    // An unknown mode is refused with the shared schema's message, naming the modes.
    const bad = await t.request(`/api/sessions/${account.accountId}?jurisdiction=texas`, {
      token: account.ownerToken,
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('offers_after_cancel')
  })
})
