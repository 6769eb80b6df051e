import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { syncMerchantSubscriptions } from '../merchant-events/sync'
import { DAY, deliver, moveTo, recoveryMerchant } from './testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('pre-dunning: a card that expires before the next renewal', () => {
  it('gets one mail with a card-update link, two weeks before the renewal it would fail', async () => {
    const merchant = await recoveryMerchant(t)
    const customer = await merchant.stripe.customers.create({
      email: 'soon@example.com',
      preferred_locales: ['de'],
      payment_method: 'pm_card_visa',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    })
    const subscription = await merchant.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: merchant.price.id }],
    })
    await deliver(t)
    // The card expires at the end of next month.
    const now = new Date(t.stripe.clock.now() * 1000)
    const month = now.getUTCMonth() + 1
    const exp = { exp_month: (month % 12) + 1, exp_year: now.getUTCFullYear() + (month === 12 ? 1 : 0) }
    const card = customer.invoice_settings.default_payment_method as string
    await merchant.stripe.paymentMethods.update(card, { card: exp })
    const noticeAt = Date.UTC(exp.exp_year, exp.exp_month - 1, 1) / 1000
    const expiresAt = Date.UTC(exp.exp_year, exp.exp_month, 1) / 1000
    await moveTo(t, noticeAt + 60)
    expect(
      t.stripe.state(merchant.stripeAccount).events.some((e) => e.type === 'customer.source.expiring'),
    ).toBe(true)
    // The renewal inside the card's last month still pays; the one after it would fail.
    const renewal = subscription.items.data[0]?.current_period_end ?? 0
    let failing = renewal
    while (failing < expiresAt) {
      const at = new Date(failing * 1000)
      at.setUTCMonth(at.getUTCMonth() + 1)
      failing = at.getTime() / 1000
    }
    const sendAt = Math.max(noticeAt + 60, failing - 14 * DAY)
    if (sendAt > noticeAt + 60) expect(await t.readOutbox('soon@example.com')).toHaveLength(0)
    await moveTo(t, sendAt + 1)
    const mails = await t.readOutbox('soon@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Ihre Karte für Acme Cloud läuft bald ab')
    expect(mails[0]?.text).toContain('4242')
    expect(mails[0]?.link).toMatch(/\/update-payment\//)
    // The link opens the card update for that customer, with no campaign behind it.
    const page = await t.request(new URL(mails[0]?.link as string).pathname, { apiKey: null })
    expect(page.status).toBe(200)
    // One mail per card and expiry, however often Stripe says so.
    const event = t.stripe
      .state(merchant.stripeAccount)
      .events.find((e) => e.type === 'customer.source.expiring')
    await syncMerchantSubscriptions(t.deps, merchant.accountId)
    expect(event).toBeDefined()
    expect(await t.readOutbox('soon@example.com')).toHaveLength(1)
  })
})
