import type { SeededMerchant } from '@retainkit/fakes/stripe'
import { BANNER_DISMISS_DAYS } from '@retainkit/shared/constants'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  newSubscriber,
  reactivationBanner,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from './testing'

/**
 * A dismissed reactivation banner is remembered by the server, from the banner session's
 * `banner_dismissed`: the widget stores nothing in the subscriber's browser, and the banner stays away
 * from that customer on every device (every token) for BANNER_DISMISS_DAYS, without a Stripe call or a
 * new session meanwhile.
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

const banner = (token: string) => reactivationBanner(t, token)

const sessionsOf = async (customerId: string) =>
  (
    await t.database.db
      .selectFrom('cancel_sessions')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('kind', '=', 'reactivation')
      .execute()
  ).length

describe('a dismissed banner', () => {
  it(`stays away for ${BANNER_DISMISS_DAYS} days on every device, then comes back`, async () => {
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly, { cancel_at_period_end: true })
    const laptop = await tokenFor(t, account, subscriber)
    const shown = await banner(laptop)
    if (!shown.eligible) throw new Error('the banner should show')
    const dismissed = await widgetCall(t, `/api/widget/sessions/${shown.sessionId}/events`, {
      token: laptop,
      body: { events: [{ step: 'banner_dismissed' }] },
    })
    expect(dismissed.status).toBe(204)

    // Another device (another token for the same customer), a day later: no banner, no new session.
    t.clock.advanceDays(1)
    const phone = await tokenFor(t, account, subscriber)
    expect(await banner(phone)).toEqual({ eligible: false })
    expect(await sessionsOf(subscriber.customerId)).toBe(1)

    // A banner that was only shown, not dismissed, does not count: another customer still gets one.
    const other = await newSubscriber(t, m, m.prices.proMonthly, { cancel_at_period_end: true })
    expect((await banner(await tokenFor(t, account, other))).eligible).toBe(true)
    expect((await banner(await tokenFor(t, account, other))).eligible).toBe(true)

    // Past the window, it comes back.
    t.clock.advanceDays(BANNER_DISMISS_DAYS)
    expect((await banner(await tokenFor(t, account, subscriber))).eligible).toBe(true)
    expect(await sessionsOf(subscriber.customerId)).toBe(2)
  })
})
