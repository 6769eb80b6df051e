import { createStripeClient, seedMerchant } from '@retainkit/fakes/stripe'
import type { ReactivationResponse } from '@retainkit/shared/widget-api'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { syncMerchantSubscriptions } from '../../services/merchant-events/sync'
import { alignClocks } from '../billing-testing'
import { backfilled, saveKeys } from '../stripe/test-support'
import { tokenFor, type WidgetAccount, widgetAccount, widgetCall } from './testing'

/**
 * The banner of a followed account decides from the rows the merchant's Stripe events keep. When those
 * events stop arriving (the merchant's endpoint broken, a signing secret out of step), the rows fall
 * behind until the next reconcile: the banner then reads Stripe for a customer with no rows at all (a
 * subscriber created since), and for one whose rows were last written before the last failed delivery.
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
  expect((await saveKeys(t, account.accountId, account.ownerToken, merchant.keys)).status).toBe(200)
  await backfilled(t, account.accountId)
  stripe = createStripeClient(t.stripe, merchant.keys.secret)
})
afterAll(() => t.close())

async function banner(customerId: string): Promise<ReactivationResponse> {
  const res = await widgetCall(t, '/api/widget/reactivation', {
    token: await tokenFor(t, account, { customerId }),
    body: {},
  })
  expect(res.status).toBe(200)
  return (await res.json()) as ReactivationResponse
}

const kindOf = (shown: ReactivationResponse) => (shown.eligible ? shown.kind : null)

describe('the banner when the merchant’s events stop arriving', () => {
  it('reads Stripe for a customer it has no rows of', async () => {
    // Subscribed and cancelled since the last sync; none of its events was delivered.
    const customer = await stripe.customers.create({ email: 'new@example.com', name: 'Noa New' })
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: merchant.prices.proMonthly }],
    })
    await stripe.subscriptions.cancel(subscription.id)
    expect(kindOf(await banner(customer.id))).toBe('churned')
  })

  it('reads Stripe for a customer whose rows are older than the last failed delivery', async () => {
    const customer = merchant.customers.activeMonthly
    expect(await banner(customer.customerId)).toEqual({ eligible: false })
    // The endpoint's signing secret goes out of step (rolled in Stripe, say): deliveries fail.
    await t.database.db
      .updateTable('gateway_credentials')
      .set({ webhook_secret_ciphertext: t.deps.secrets.encrypt('whsec_not_the_one_stripe_signs_with') })
      .where('account_id', '=', account.accountId)
      .execute()
    t.clock.advance(60_000)
    await stripe.subscriptions.update(customer.subscriptionId, { pause_collection: { behavior: 'void' } })
    const deliveries = await t.stripe.deliverWebhooks()
    expect(deliveries.length).toBeGreaterThan(0)
    // Its rows still say active; the failed delivery says they may be stale: Stripe decides.
    expect(kindOf(await banner(customer.customerId))).toBe('paused')
    // A reconcile reads back what was missed and clears the mark: the rows decide again, Stripe unasked.
    t.clock.advance(60_000)
    await syncMerchantSubscriptions(t.deps, account.accountId)
    const other = merchant.customers.activeAnnual
    const before = t.stripe.requests.length
    expect(await banner(other.customerId)).toEqual({ eligible: false })
    expect(t.stripe.requests.slice(before).filter((r) => r.path.startsWith('/v1/subscriptions'))).toEqual([])
    expect(kindOf(await banner(customer.customerId))).toBe('paused')
  })
})
