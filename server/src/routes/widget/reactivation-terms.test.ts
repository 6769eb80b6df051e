import { createStripeClient, type SeededMerchant } from '@retainkit/fakes/stripe'
import type { ReactivationResponse, SessionStartResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { discountedCharges } from '../../services/widget/reactivation-terms'
import {
  fakeSubscription,
  newSubscriber,
  startSession,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * Informed consent: what the banner (and the "already canceled" undo) must state before any charge is
 * computed by the server from the Stripe subscription it would act on, never taken from the browser.
 */

let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

type Eligible = Extract<ReactivationResponse, { eligible: true }>
type Started = Extract<SessionStartResponse, { fallback: false }>

async function banner(customer: { customerId: string }) {
  const token = await tokenFor(t, account, customer)
  const res = await widgetCall(t, '/api/widget/reactivation', { token, body: {} })
  expect(res.status).toBe(200)
  return (await res.json()) as ReactivationResponse
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

const periodEnd = (subscriptionId: string) =>
  new Date(
    (fakeSubscription(t, m, subscriptionId).items.data[0]?.current_period_end ?? 0) * 1000,
  ).toISOString()

describe('the reactivation banner states its terms', () => {
  it('in the language the token claims: French words, money as French writes it', async () => {
    const token = await tokenFor(t, account, m.customers.churned, { locale: 'fr' })
    const res = await widgetCall(t, '/api/widget/reactivation', { token, body: {} })
    const shown = (await res.json()) as Eligible
    expect(shown.terms.summary.map((line) => line.replace(/\s/g, ' '))).toEqual([
      'Pro : 25 % de réduction, 21,75 $US pour le premier prélèvement, puis 29,00 $US par mois.',
      'Premier prélèvement : 21,75 $US aujourd’hui.',
      'Renouvellement automatique chaque mois, jusqu’à ce que vous résiliiez.',
    ])
  })

  it('churned: the plan, the regular and the discounted price, charged now, renewing monthly', async () => {
    const shown = (await banner(m.customers.churned)) as Eligible
    expect(shown.offer).toEqual({ percentOff: 25, months: 1 })
    expect(shown.terms).toEqual({
      planName: 'Pro',
      currency: 'usd',
      interval: 'month',
      intervalCount: 1,
      amount: 2900,
      discount: { percentOff: 25, amount: 2175, charges: 1 },
      firstChargeAt: t.clock.now().toISOString(),
      chargesNow: true,
      // In the words the banner shows.
      summary: [
        'Pro: 25% off, $21.75 for the first charge, then $29.00 every month.',
        'First charge: $21.75 today.',
        'Renews automatically every month until you cancel.',
      ],
      firstCharge: '$21.75 today',
    })
  })

  it('paused (collection paused): nothing now, the regular price from the next renewal', async () => {
    const customer = m.customers.paused
    const shown = (await banner(customer)) as Eligible
    expect(shown.terms).toEqual({
      planName: 'Pro',
      currency: 'usd',
      interval: 'month',
      intervalCount: 1,
      amount: 2900,
      discount: null,
      firstChargeAt: periodEnd(customer.subscriptionId),
      chargesNow: false,
      summary: [
        'Pro: $29.00 every month.',
        `Next charge: $29.00 on ${longDate(periodEnd(customer.subscriptionId))}.`,
        'Renews automatically every month until you cancel.',
      ],
      firstCharge: `$29.00 on ${longDate(periodEnd(customer.subscriptionId))}`,
    })
  })

  it('paused with status paused: resuming restarts billing, so it is charged now', async () => {
    const stripe = createStripeClient(t.stripe, m.keys.secret)
    const subscriber = await newSubscriber(t, m, m.prices.basicMonthly, {
      billing_mode: { type: 'flexible' },
    })
    await stripe.subscriptions.pause(subscriber.subscriptionId, { type: 'subscription' })
    const shown = (await banner(subscriber)) as Eligible
    expect(shown.terms).toMatchObject({ amount: 1499, chargesNow: true, discount: null })
    expect(shown.terms.firstChargeAt).toBe(t.clock.now().toISOString())
  })

  it('scheduled to cancel: the next renewal, at the price of every item and quantity', async () => {
    const customer = m.customers.scheduledCancel
    const shown = (await banner(customer)) as Eligible
    expect(shown.terms).toMatchObject({
      planName: 'Team',
      amount: 9900,
      discount: null,
      chargesNow: false,
      firstChargeAt: periodEnd(customer.subscriptionId),
    })

    const stripe = createStripeClient(t.stripe, m.keys.secret)
    const three = await newSubscriber(t, m, m.prices.basicMonthly, {
      items: [{ price: m.prices.basicMonthly, quantity: 3 }],
    })
    await stripe.subscriptions.update(three.subscriptionId, { cancel_at_period_end: true })
    expect(((await banner(three)) as Eligible).terms.amount).toBe(3 * 1499)
  })

  it('a churned plan that is no longer sold: no banner, so no charge that cannot be stated', async () => {
    const stripe = createStripeClient(t.stripe, m.keys.secret)
    const product = await stripe.products.create({ name: 'Retired' })
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 500,
      recurring: { interval: 'month' },
    })
    const gone = await newSubscriber(t, m, price.id)
    await stripe.subscriptions.cancel(gone.subscriptionId)
    await stripe.prices.update(price.id, { active: false })
    expect(await banner(gone)).toEqual({ eligible: false })
  })
})

describe('a session for a subscriber already scheduled to cancel', () => {
  it('says when the subscription ends and what keeping it costs', async () => {
    const customer = m.customers.scheduledCancel
    const { status, body } = await startSession(t, await tokenFor(t, account, customer))
    expect(status).toBe(201)
    const started = body as unknown as Started
    expect(started.scheduledCancellation).toEqual({
      endsAt: periodEnd(customer.subscriptionId),
      endsOn: `Your subscription ends on ${longDate(periodEnd(customer.subscriptionId))}`,
      terms: expect.objectContaining({
        planName: 'Team',
        amount: 9900,
        chargesNow: false,
        firstChargeAt: periodEnd(customer.subscriptionId),
      }),
      // The widget's chunk that draws it.
      chunk: expect.stringMatching(/^http:\/\/localhost:8787\/w\/scheduled\.[0-9a-f]+\.js$/),
    })
  })

  it('uses the set date of a cancel_at, and says nothing for a subscription that is not leaving', async () => {
    const stripe = createStripeClient(t.stripe, m.keys.secret)
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const plain = (await startSession(t, await tokenFor(t, account, subscriber))).body as unknown as Started
    expect(plain.scheduledCancellation).toBeUndefined()

    const cancelAt = Math.floor(t.clock.now().getTime() / 1000) + 10 * 86_400
    await stripe.subscriptions.update(subscriber.subscriptionId, { cancel_at: cancelAt })
    const later = (await startSession(t, await tokenFor(t, account, subscriber))).body as unknown as Started
    expect(later.scheduledCancellation?.endsAt).toBe(new Date(cancelAt * 1000).toISOString())
  })
})

describe('discountedCharges', () => {
  const start = new Date('2027-01-15T00:00:00Z')
  it('counts the invoices a coupon of so many months covers', () => {
    expect(discountedCharges({ interval: 'month', intervalCount: 1 }, 1, start)).toBe(1)
    expect(discountedCharges({ interval: 'month', intervalCount: 1 }, 3, start)).toBe(3)
    expect(discountedCharges({ interval: 'month', intervalCount: 3 }, 4, start)).toBe(2)
    expect(discountedCharges({ interval: 'year', intervalCount: 1 }, 3, start)).toBe(1)
    // January 15 → February 15 is 31 days: weekly invoices on days 0, 7, 14, 21 and 28.
    expect(discountedCharges({ interval: 'week', intervalCount: 1 }, 1, start)).toBe(5)
    expect(discountedCharges({ interval: 'day', intervalCount: 1 }, 1, start)).toBe(31)
  })
})
