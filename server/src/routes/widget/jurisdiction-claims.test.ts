import type { SeededMerchant } from '@retainkit/fakes/stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  newSubscriber,
  publishConfig,
  startSession,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * Where a subscriber lives decides whether save offers may be shown: the merchant can sign country and
 * state into the subscriber token; without them the Stripe address counts; and the merchant can choose
 * "no offers when unknown".
 */
let t: TestContext
let account: WidgetAccount
let m: SeededMerchant
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  m = account.merchant as SeededMerchant
  await publishConfig(t, account.accountId, (c) => {
    c.compliance = { suppress_offers: false, suppress_offers_in: ['US-MN'] }
  })
})
afterAll(() => t.close())

async function offersFor(token: string) {
  const { status, body } = await startSession(t, token)
  expect(status).toBe(201)
  return { offers: body.eligibleOffers, suppressedBy: body.offersSuppressedBy }
}

describe('jurisdiction from the token', () => {
  it('a subscriber without an address, signed as living in Minnesota, gets no offers', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    expect((await offersFor(await tokenFor(t, account, subscriber))).offers).not.toEqual([])
    const signed = await tokenFor(t, account, subscriber, { country: 'US', state: 'Minnesota' })
    expect(await offersFor(signed)).toEqual({ offers: [], suppressedBy: 'compliance' })
  })

  it('the token comes first: signed as Texas, a Minnesota billing address does not suppress offers', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly, {}, { country: 'US', state: 'MN' })
    expect(await offersFor(await tokenFor(t, account, subscriber))).toEqual({
      offers: [],
      suppressedBy: 'compliance',
    })
    const signed = await tokenFor(t, account, subscriber, { country: 'US', state: 'TX' })
    expect((await offersFor(signed)).offers).toContain('discount')
  })

  it('refuses malformed jurisdiction claims (401)', async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    for (const claims of [{ country: 'USA' }, { country: 'US', state: 'x'.repeat(80) }, { state: 'MN' }]) {
      const token = await tokenFor(t, account, subscriber, claims)
      const res = await widgetCall(t, '/api/widget/sessions', { token, body: {} })
      expect(res.status).toBe(401)
    }
  })
})

describe('no offers when the jurisdiction is unknown', () => {
  it('is the merchant’s choice: with it, neither token nor address → no offers', async () => {
    const other = await widgetAccount(t)
    const om = other.merchant as SeededMerchant
    await publishConfig(t, other.accountId, (c) => {
      c.compliance = {
        suppress_offers: false,
        suppress_offers_in: ['US-MN'],
        suppress_offers_when_unknown: true,
      }
    })
    const unknown = await newSubscriber(t, om, om.prices.proMonthly)
    expect(await offersFor(await tokenFor(t, other, unknown))).toEqual({
      offers: [],
      suppressedBy: 'compliance',
    })
    // (A country without a rule of its own: Germany's would give the statutory page, and no offers.)
    const known = await tokenFor(t, other, unknown, { country: 'JP' })
    expect((await offersFor(known)).offers).toContain('discount')
    const addressed = await newSubscriber(t, om, om.prices.proMonthly, {}, { country: 'US', state: 'CA' })
    expect((await offersFor(await tokenFor(t, other, addressed))).offers).toContain('discount')
  })
})
