import { DEFAULT_RECOVERY_SETTINGS } from '@retainkit/shared/recovery'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { cardUpdateToken } from '../services/recovery/links'
import { saveRecoverySettings } from '../services/recovery/settings'
import {
  campaignsOf,
  DAY,
  failingSubscriber,
  moveTo,
  type RecoveryMerchant,
  recoveryMerchant,
  type Subscriber,
} from '../services/recovery/testing'

let t: TestContext
let merchant: RecoveryMerchant
let sub: Subscriber
let link: string
beforeAll(async () => {
  t = await createTestContext()
  merchant = await recoveryMerchant(t)
  await merchant.stripe.billingPortal.configurations.create({
    features: { invoice_history: { enabled: true } },
  })
  sub = await failingSubscriber(t, merchant, {
    declineCode: 'insufficient_funds',
    email: 'page@example.com',
    locale: 'fr',
  })
  await moveTo(t, sub.renewal)
  const [mail] = await t.readOutbox('page@example.com')
  link = mail?.link as string
})
afterAll(() => t.close())

const pathOf = (url: string) => new URL(url).pathname
const portalSessions = () => t.stripe.state(merchant.stripeAccount).portalSessions
const post = (path: string, action: string) =>
  t.request(path, {
    method: 'POST',
    apiKey: null,
    rawBody: new URLSearchParams({ action }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })

describe('the card-update page', () => {
  it("shows the failed payment in the subscriber's language, with the merchant's name, and a button", async () => {
    expect(link).toMatch(/^http:\/\/localhost:8787\/update-payment\/[\w-]+\.[\w-]+$/)
    const res = await t.request(pathOf(link), { apiKey: null })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await res.text()
    expect(html).toContain('<html lang="fr"')
    expect(html).toContain('Acme Cloud')
    expect(html).toContain('49,00')
    expect(html).toMatch(
      /<form method="post" action="\/update-payment\/[^"]+"><input type="hidden" name="action" value="update"><button type="submit">Mettre à jour le moyen de paiement<\/button>/,
    )
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    // Looking opens nothing: a mail scanner following the link creates no portal session.
    expect(portalSessions()).toHaveLength(0)
  })

  it("a click opens the Billing Portal's card update for exactly that customer, and remembers the e-mail channel", async () => {
    const res = await post(pathOf(link), 'update')
    expect(res.status).toBe(303)
    const [session] = portalSessions()
    expect(res.headers.get('location')).toBe(session?.url)
    expect(session).toMatchObject({
      customer: sub.customerId,
      locale: 'fr',
      return_url: 'https://merchant.example/',
      flow: {
        type: 'payment_method_update',
        after_completion: { type: 'redirect', redirect: { return_url: 'https://merchant.example/' } },
      },
    })
    const [campaign] = await campaignsOf(t, merchant.accountId)
    expect(campaign?.link_channel).toBe('email')
    expect(campaign?.link_opened_at).not.toBeNull()
  })

  it('a tampered link gets a clear page and no portal; so does one for another mode', async () => {
    const before = portalSessions().length
    const path = pathOf(link)
    // One character of the signature changed — compared with the character replaced, not the last one
    // (that was untampered whenever it already was an 'A': one run in 64).
    const at = path.length - 3
    const tampered = `${path.slice(0, at)}${path[at] === 'A' ? 'B' : 'A'}${path.slice(at + 1)}`
    expect(tampered).not.toBe(path)
    for (const method of ['GET', 'POST']) {
      const res =
        method === 'GET' ? await t.request(tampered, { apiKey: null }) : await post(tampered, 'update')
      expect(res.status).toBe(400)
      expect(await res.text()).toContain('This link is not valid')
    }
    // Signed by us, but for live mode: the account's keys are test keys.
    const live = cardUpdateToken(
      t.deps,
      {
        accountId: merchant.accountId,
        customerId: sub.customerId,
        mode: 'live',
        invoiceId: null,
        channel: 'email',
      },
      new Date(t.clock.now().getTime() + DAY * 1000),
    )
    expect((await post(`/update-payment/${live}`, 'update')).status).toBe(400)
    expect((await t.request('/update-payment/not-a-token', { apiKey: null })).status).toBe(400)
    expect(portalSessions()).toHaveLength(before)
  })

  it('the last chance: with the pause offered, the subscriber pauses instead, the failed invoice voided', async () => {
    await saveRecoverySettings(
      t.database.db,
      merchant.accountId,
      { ...DEFAULT_RECOVERY_SETTINGS, enabled: true, last_chance_pause: { enabled: true, months: 2 } },
      null,
      t.clock.now(),
    )
    const page = await (await t.request(pathOf(link), { apiKey: null })).text()
    expect(page).toContain('value="pause"')
    expect(page).toMatch(/Suspendre plutôt mon abonnement pendant 2\smois/)
    const res = await post(pathOf(link), 'pause')
    expect(res.status).toBe(200)
    expect(await res.text()).toMatch(/suspendu pendant 2\smois/)
    const [campaign] = await campaignsOf(t, merchant.accountId)
    expect(campaign).toMatchObject({ state: 'resolved', outcome: 'paused' })
    const stripeSub = await merchant.stripe.subscriptions.retrieve(sub.subscriptionId)
    expect(stripeSub.pause_collection?.behavior).toBe('void')
    expect((await merchant.stripe.invoices.retrieve(campaign?.invoice_id as string)).status).toBe('void')
    // The link now says it is done.
    expect(await (await t.request(pathOf(link), { apiKey: null })).text()).toMatch(/suspendu pendant 2\smois/)
  })

  it('an expired link gets a clear page (410) and no portal', async () => {
    const before = portalSessions().length
    await moveTo(t, sub.renewal + 60 * DAY)
    const res = await post(pathOf(link), 'update')
    expect(res.status).toBe(410)
    expect(await res.text()).toContain('has expired')
    expect(portalSessions()).toHaveLength(before)
  })
})
