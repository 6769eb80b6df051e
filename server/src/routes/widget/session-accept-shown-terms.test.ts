import type { SeededMerchant } from '@retainkit/fakes/stripe'
import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  acceptHelpers,
  fakeSubscription,
  reactivationBanner,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * A session keeps the flow it showed (issue 38, finding 5): the merchant saving a new config while a
 * subscriber reads an offer changes only the sessions started after it. Everything over HTTP: the
 * merchant's save through the console's config call, the subscriber's through the widget API, Stripe
 * the stateful fake.
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

const { open, accept, savesOf, session } = acceptHelpers(() => ({ t, account, merchant: m }))

const configUrl = () => `/api/account?accountId=${account.accountId}&action=config`

async function currentConfig(): Promise<{ config: CancelFlowConfig; version: number }> {
  const res = await t.request(configUrl(), { token: account.ownerToken })
  expect(res.status).toBe(200)
  const { data } = (await res.json()) as { data: { config_json: CancelFlowConfig; version: number } }
  return { config: data.config_json, version: data.version }
}

/** The merchant edits and saves in the console (`PUT …action=config&base_version=N`). */
async function merchantSaves(edit: (config: CancelFlowConfig) => void): Promise<number> {
  const { config, version } = await currentConfig()
  edit(config)
  const res = await t.request(`${configUrl()}&base_version=${version}`, {
    method: 'PUT',
    token: account.ownerToken,
    body: { config_json: config },
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { version: number } }).data.version
}

function reactivationOf(config: CancelFlowConfig) {
  if (!config.reactivation) throw new Error('the default config has the banner')
  return config.reactivation
}

async function openShowing() {
  const o = await open()
  return { o, started: await session(o.sessionId) }
}

describe('a config saved while a subscriber reads an offer', () => {
  it('the subscriber gets the 20 % they were shown when the merchant raises it to 30 %', async () => {
    await merchantSaves((c) => {
      c.discount = { enabled: true, amount: 20, duration: 3 }
    })
    const shown = await openShowing()
    const shownVersion = (await currentConfig()).version
    const raised = await merchantSaves((c) => {
      c.discount = { ...c.discount, amount: 30 }
    })
    expect(raised).toBe(shownVersion + 1)

    const res = await accept(shown.o, { offer: 'discount' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ mrrAfter: 2320, message: 'Done — 20% off your next 3 months.' })
    const sub = fakeSubscription(t, m, shown.o.subscriptionId)
    const state = t.stripe.state(m.account)
    const coupon = state.discounts.find((d) => d.id === sub.discounts[0])?.source.coupon
    expect(coupon).toBe('retainkit_20off_3m')
    expect(state.coupons.find((c) => c.id === coupon)).toMatchObject({ percent_off: 20 })

    // The session carries what it showed: the version and its terms.
    expect(shown.started.config_version).toBe(shownVersion)
    expect((shown.started.flow_config as CancelFlowConfig).discount).toMatchObject({
      amount: 20,
      duration: 3,
    })
    expect((await savesOf(shown.o.sessionId))[0]).toMatchObject({ mrr_after: 2320 })

    // A session started after the save gets the new terms.
    const after = await open()
    const afterRes = await accept(after, { offer: 'discount' })
    expect(await afterRes.json()).toMatchObject({ message: 'Done — 30% off your next 3 months.' })
  })

  it('and the 30 % they were shown when the merchant lowers it to 20 %', async () => {
    await merchantSaves((c) => {
      c.discount = { enabled: true, amount: 30, duration: 3 }
    })
    const shown = await openShowing()
    await merchantSaves((c) => {
      c.discount = { ...c.discount, amount: 20 }
    })
    const res = await accept(shown.o, { offer: 'discount' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ mrrAfter: 2030, message: 'Done — 30% off your next 3 months.' })
    const sub = fakeSubscription(t, m, shown.o.subscriptionId)
    const state = t.stripe.state(m.account)
    expect(state.discounts.find((d) => d.id === sub.discounts[0])?.source.coupon).toBe('retainkit_30off_3m')
  })

  it('the pause length they picked, though the merchant removed it meanwhile', async () => {
    await merchantSaves((c) => {
      c.pause = { enabled: true, durations: [1, 3] }
    })
    const shown = await open()
    await merchantSaves((c) => {
      c.pause = { ...c.pause, durations: [1] }
    })
    const res = await accept(shown, { offer: 'pause', choice: { months: 3 } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { status: string; message: string }
    expect(body.status).toBe('applied')
    expect(body.message).toMatch(/^Done — your subscription is paused until /)
    const sub = fakeSubscription(t, m, shown.subscriptionId)
    expect(sub.pause_collection?.behavior).toBe('void')
  })

  it('an offer the merchant switched off after it was shown is still the one the subscriber took', async () => {
    await merchantSaves((c) => {
      c.discount = { enabled: true, amount: 25, duration: 2 }
    })
    const shown = await open()
    await merchantSaves((c) => {
      c.discount = { ...c.discount, enabled: false }
    })
    const res = await accept(shown, { offer: 'discount' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ message: 'Done — 25% off your next 2 months.' })
    expect((await session(shown.sessionId)).flow_config).toMatchObject({
      discount: { amount: 25, duration: 2 },
    })
  })

  it('a churned subscriber gets the winback discount the banner showed', async () => {
    await merchantSaves((c) => {
      Object.assign(reactivationOf(c), {
        enabled: true,
        winback_discount_percent: 25,
        winback_discount_months: 1,
      })
    })
    const token = await tokenFor(t, account, m.customers.churned)
    const shown = await reactivationBanner(t, token)
    expect(shown).toMatchObject({ eligible: true, offer: { percentOff: 25, months: 1 } })
    await merchantSaves((c) => {
      reactivationOf(c).winback_discount_percent = 40
    })
    const sessionId = shown.eligible ? shown.sessionId : ''
    const res = await widgetCall(t, '/api/widget/reactivation/accept', { token, body: { sessionId } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { subscriptionId: string; message: string }
    expect(body.message).toContain('Your 25% discount is applied.')
    const created = fakeSubscription(t, m, body.subscriptionId)
    const state = t.stripe.state(m.account)
    expect(state.discounts.find((d) => d.id === created.discounts[0])?.source.coupon).toBe(
      'retainkit_winback_25off_1m',
    )
  })
})

describe('the MRR a save records', () => {
  it('is rounded once: an annual $290 at 20 % off is $19.33 a month (29000 × 0.8 / 12), not $19.34', async () => {
    await merchantSaves((c) => {
      c.discount = { enabled: true, amount: 20, duration: 3 }
    })
    const annual = await open(m.prices.proAnnual)
    const res = await accept(annual, { offer: 'discount' })
    expect(res.status).toBe(200)
    // 29000 / 12 = 2416.67 → 2417 before; after, from the exact price: 1933.33 → 1933.
    expect(await res.json()).toMatchObject({ mrrBefore: 2417, mrrAfter: 1933 })
    expect((await savesOf(annual.sessionId))[0]).toMatchObject({ mrr_before: 2417, mrr_after: 1933 })
  })
})
