import { createStripeClient, seedMerchant } from '@retainkit/fakes/stripe'
import type { ReactivationResponse } from '@retainkit/shared/widget-api'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { alignClocks } from '../billing-testing'
import { backfilled, saveKeys } from '../stripe/test-support'
import { acceptHelpers, tokenFor, type WidgetAccount, widgetAccount, widgetCall } from './testing'

/**
 * The reactivation banner follows the merchant's Stripe events: once the account's subscriptions are
 * followed, a pause, resume or cancel made anywhere (the merchant's dashboard, the Billing Portal)
 * changes what the banner offers when its event is applied, and a page load with nothing to offer
 * asks Stripe nothing.
 */

let t: TestContext
let account: WidgetAccount
let merchant: Awaited<ReturnType<typeof seedMerchant>>
let stripe: Stripe
beforeAll(async () => {
  t = await createTestContext()
  alignClocks(t)
  account = await widgetAccount(t, { stripe: false })
  merchant = await seedMerchant(t.stripe)
  await t.stripe.deliverWebhooks()
  const res = await saveKeys(t, account.accountId, account.ownerToken, merchant.keys)
  expect(res.status).toBe(200)
  await backfilled(t, account.accountId)
  stripe = createStripeClient(t.stripe, merchant.keys.secret)
})
afterAll(() => t.close())

/** The banner call, and the Stripe subscription reads it made. */
async function banner(customer: { customerId: string }) {
  const before = t.stripe.requests.length
  const res = await widgetCall(t, '/api/widget/reactivation', {
    token: await tokenFor(t, account, customer),
    body: {},
  })
  expect(res.status).toBe(200)
  const reads = t.stripe.requests
    .slice(before)
    .filter((request) => request.path.startsWith('/v1/subscriptions'))
    .map((request) => `${request.method} ${request.path}`)
  return { shown: (await res.json()) as ReactivationResponse, reads }
}

const kindOf = (shown: ReactivationResponse) => (shown.eligible ? shown.kind : null)

describe('the reactivation banner of a followed account', () => {
  it('changes its offer with the pause, resume and cancel events, and asks Stripe nothing when there is nothing to offer', async () => {
    const customer = merchant.customers.activeMonthly
    const subscriptionPath = `/v1/subscriptions/${customer.subscriptionId}`

    const active = await banner(customer)
    expect(active.shown).toEqual({ eligible: false })
    expect(active.reads).toEqual([])

    // Paused in the merchant's Stripe dashboard: the banner offers to resume once the event is in.
    await stripe.subscriptions.update(customer.subscriptionId, { pause_collection: { behavior: 'void' } })
    expect(await t.stripe.deliverWebhooks()).toHaveLength(1)
    const paused = await banner(customer)
    expect(kindOf(paused.shown)).toBe('paused')
    // One read of the candidate (for the price it states), no listing of the customer's subscriptions.
    expect(paused.reads).toEqual([`GET ${subscriptionPath}`])

    // Resumed there again: nothing to offer, and nothing asked of Stripe.
    await stripe.subscriptions.update(customer.subscriptionId, { pause_collection: null })
    await t.stripe.deliverWebhooks()
    const resumed = await banner(customer)
    expect(resumed.shown).toEqual({ eligible: false })
    expect(resumed.reads).toEqual([])

    // Scheduled to cancel in the Billing Portal, then cancelled outright by support.
    await stripe.subscriptions.update(customer.subscriptionId, { cancel_at_period_end: true })
    await t.stripe.deliverWebhooks()
    expect(kindOf((await banner(customer)).shown)).toBe('scheduled_cancel')
    await stripe.subscriptions.cancel(customer.subscriptionId)
    await t.stripe.deliverWebhooks()
    const churned = await banner(customer)
    expect(kindOf(churned.shown)).toBe('churned')
    expect(churned.reads).toEqual([`GET ${subscriptionPath}`])
  })

  it('never offers a stale kind: the candidate’s fresh read decides when its latest event is late', async () => {
    const customer = merchant.customers.activeAnnual
    await stripe.subscriptions.update(customer.subscriptionId, { pause_collection: { behavior: 'void' } })
    await t.stripe.deliverWebhooks()
    expect(kindOf((await banner(customer)).shown)).toBe('paused')
    // Resumed, and the event has not arrived yet: the read of the candidate shows it is live again.
    await stripe.subscriptions.update(customer.subscriptionId, { pause_collection: null })
    expect((await banner(customer)).shown).toEqual({ eligible: false })
    await t.stripe.deliverWebhooks()
  })

  it('sees a pause and a resume made through Retainkit at once, before their events arrive', async () => {
    const { open, accept } = acceptHelpers(() => ({ t, account, merchant }))
    const subscriber = await open()
    const paused = await accept(subscriber, { offer: 'pause', reasonKey: 'not_using', choice: { months: 2 } })
    expect(paused.status).toBe(200)
    // No event delivered (the merchant's endpoint may be slow, or disabled): the flow's own write counts.
    const offered = await banner(subscriber)
    expect(kindOf(offered.shown)).toBe('paused')
    const back = await widgetCall(t, '/api/widget/reactivation/accept', {
      token: subscriber.token,
      body: offered.shown.eligible ? { sessionId: offered.shown.sessionId } : {},
    })
    expect(back.status).toBe(200)
    expect((await banner(subscriber)).shown).toEqual({ eligible: false })
    // The events arriving afterwards (created, paused, resumed) leave it where it is.
    await t.stripe.deliverWebhooks()
    expect((await banner(subscriber)).shown).toEqual({ eligible: false })
  })
})
