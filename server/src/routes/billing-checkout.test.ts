import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import {
  alignClocks,
  checkoutUrl,
  deliver,
  payCheckout,
  platformStripe,
  signUp,
  status,
  submitPage,
} from './billing-testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext({ billing: true })
  alignClocks(t)
})
afterAll(() => t.close())

const sessionIdOf = (url: string) => new URL(url).pathname.split('/').at(-1) ?? ''

describe('POST /api/billing/checkout/{accountId}', () => {
  it('opens a Checkout page for Pro: monthly or annual, with the metered overage, on one customer', async () => {
    const merchant = await signUp(t)
    const monthly = await checkoutUrl(t, merchant.accountId, merchant.token, 'month')
    const stripe = platformStripe(t)
    const session = await stripe.checkout.sessions.retrieve(sessionIdOf(monthly))
    const items = await stripe.checkout.sessions.listLineItems(session.id)
    expect(items.data.map((item) => [item.price?.id, item.quantity])).toEqual([
      [t.billing?.prices.monthly, 1],
      [t.billing?.prices.overage, null],
    ])
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: merchant.accountId,
      success_url: 'http://localhost:8787/settings/?tab=billing&checkout=success',
      cancel_url: 'http://localhost:8787/settings/?tab=billing&checkout=canceled',
    })
    const customer = await stripe.customers.retrieve(session.customer as string)
    expect(customer).toMatchObject({ email: merchant.email, metadata: { account_id: merchant.accountId } })

    // Asking again hands back the open page; the other interval replaces it (the first expires).
    expect(await checkoutUrl(t, merchant.accountId, merchant.token, 'month')).toBe(monthly)
    const annual = await checkoutUrl(t, merchant.accountId, merchant.token, 'year')
    expect(annual).not.toBe(monthly)
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired')
    const second = await stripe.checkout.sessions.retrieve(sessionIdOf(annual))
    expect(second.customer).toBe(session.customer)
    expect((await stripe.checkout.sessions.listLineItems(second.id)).data[0]?.price?.id).toBe(
      t.billing?.prices.annual,
    )
    // The expired page cannot be paid any more.
    const late = await submitPage(t, monthly, { action: 'pay', card: '4242424242424242' })
    expect(late.status).toBe(410)
  })

  it('refuses a second subscription: the portal manages the one there is', async () => {
    const merchant = await signUp(t)
    await payCheckout(t, await checkoutUrl(t, merchant.accountId, merchant.token))
    await deliver(t)
    const res = await t.request(`/api/billing/checkout/${merchant.accountId}`, {
      token: merchant.token,
      body: { interval: 'year' },
    })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'This account already has a Pro subscription. Manage it in the billing portal.',
    )
  })

  it('is for owners only, validates the interval and never trusts a tier from the client', async () => {
    const merchant = await signUp(t)
    const admin = await t.addMember(merchant.accountId, 'admin')
    const denied = await t.request(`/api/billing/checkout/${merchant.accountId}`, {
      token: admin.token,
      body: { interval: 'month' },
    })
    expect(denied.status).toBe(403)
    const stranger = await t.signIn()
    expect(
      (
        await t.request(`/api/billing/checkout/${merchant.accountId}`, {
          token: stranger.token,
          body: { interval: 'month' },
        })
      ).status,
    ).toBe(403)
    const bad = await t.request(`/api/billing/checkout/${merchant.accountId}`, {
      token: merchant.token,
      body: { interval: 'week' },
    })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "Billing interval must be 'month' or 'year'",
    )
    const extra = await t.request(`/api/billing/checkout/${merchant.accountId}`, {
      token: merchant.token,
      body: { interval: 'month', tier: 'pro' },
    })
    expect(extra.status).toBe(400)
    const upgrade = await t.request(`/api/account?accountId=${merchant.accountId}&action=data`, {
      method: 'PUT',
      token: merchant.token,
      body: { tier: 'free' },
    })
    expect(upgrade.status).toBe(422)
  })
})

describe('POST /api/billing/portal/{accountId}', () => {
  it('opens the Billing Portal for the account’s customer, and says so when there is none yet', async () => {
    const merchant = await signUp(t)
    const none = await t.request(`/api/billing/portal/${merchant.accountId}`, {
      method: 'POST',
      token: merchant.token,
    })
    expect(none.status).toBe(409)
    await payCheckout(t, await checkoutUrl(t, merchant.accountId, merchant.token))
    const res = await t.request(`/api/billing/portal/${merchant.accountId}`, {
      method: 'POST',
      token: merchant.token,
    })
    expect(res.status).toBe(201)
    const { url } = ((await res.json()) as { data: { url: string } }).data
    const page = await (await t.stripe.fetch(url)).text()
    expect(page).toContain('Retainkit Pro')
    expect(page).toContain('Return to Retainkit')
    await deliver(t)
  })
})

describe('GET /api/billing/status/{accountId}', () => {
  it('a new account is on a 30-day Pro trial; Checkout needs no card up front', async () => {
    const merchant = await signUp(t)
    const trial = await status(t, merchant)
    expect(trial).toMatchObject({
      tier: 'pro',
      source: 'trial',
      billing_enabled: true,
      trial: { days_left: 30 },
      subscription: null,
      grace: null,
      can_subscribe: true,
      can_manage: false,
      usage: { sessions: 0, limit: 500, limit_kind: 'fair_use', stepped_aside: 0, overage_sessions: 0 },
      notices: [],
    })
    expect(Date.parse(trial.trial?.ends_at ?? '')).toBe(t.clock.now().getTime() + 30 * 86_400_000)
  })

  it('is for members of the account only', async () => {
    const merchant = await signUp(t)
    const viewer = await t.addMember(merchant.accountId, 'viewer')
    expect(
      (await t.request(`/api/billing/status/${merchant.accountId}`, { token: viewer.token })).status,
    ).toBe(200)
    const stranger = await t.signIn()
    expect(
      (await t.request(`/api/billing/status/${merchant.accountId}`, { token: stranger.token })).status,
    ).toBe(403)
    expect((await t.request(`/api/billing/status/${merchant.accountId}`, { token: null })).status).toBe(401)
  })
})
