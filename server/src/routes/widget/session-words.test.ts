import type { SessionStartResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  fakeSubscription,
  publishConfig,
  seededPlans,
  startSession,
  type TokenClaims,
  tokenFor,
  type WidgetAccount,
  widgetAccount,
} from './testing'

/**
 * The session answer's `words`: every word of the subscriber's planned flow, resolved on the server in
 * the language the widget picks (the token's claim, then the page's option, then the browser's
 * languages), for this subscriber, so the widget's bundle carries no copy logic.
 */

let t: TestContext
let pro: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  pro = await widgetAccount(t)
})
afterAll(() => t.close())

type Started = Extract<SessionStartResponse, { fallback: false }>
const merchantOf = (account: WidgetAccount) => account.merchant as NonNullable<WidgetAccount['merchant']>

async function start(account: WidgetAccount, body: Record<string, unknown> = {}, claims: TokenClaims = {}) {
  const customer = merchantOf(account).customers.activeMonthly
  const res = await startSession(t, await tokenFor(t, account, customer, claims), body)
  return { status: res.status, body: res.body as unknown as Started, customer }
}

describe("the session's words", () => {
  it('names the subscriber: their plan, and their period end written the way their language writes dates', async () => {
    await publishConfig(t, pro.accountId, (c) => {
      c.copy.general.headline = 'Leaving {plan_name} before {period_end}?'
    })
    const { body, customer } = await start(pro)
    const end = fakeSubscription(t, merchantOf(pro), customer.subscriptionId).items.data[0]
      ?.current_period_end as number
    const english = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(end * 1000)
    expect(body.words.screens['reason.']?.headline).toBe(`Leaving Pro before ${english}?`)
    // The confirm screen, which has no merchant copy, is worded too, with the widget's own words.
    expect(body.words.screens['confirm.']?.labels.cancel).toBe('Confirm cancellation')
  })

  it("speaks the first wished language the account has: the token's claim, then the page's option, then the browser's", async () => {
    const browser = await start(pro, { languages: ['pt-BR', 'de-AT', 'en'] })
    expect(browser.body.words.screens['confirm.']?.headline).toBe('Kündigung bestätigen')
    const option = await start(pro, { locale: 'es-MX', languages: ['de'] })
    expect(option.body.words.screens['confirm.']?.headline).toBe('Confirma tu cancelación')
    const claim = await start(pro, { locale: 'es', languages: ['de'] }, { locale: 'fr' })
    expect(claim.body.words.screens['confirm.']?.headline).toBe('Confirmez votre résiliation')
    // Nothing the account has: its default language.
    const none = await start(pro, { locale: 'Klingon', languages: ['ja', 'x-pirate'] })
    expect(none.body.words.screens['confirm.']?.headline).toBe('Confirm your cancellation')
  })

  it('words each offer option in the order the session plan lists them, without the plan the subscriber is on', async () => {
    const account = await widgetAccount(t)
    const plans = seededPlans(merchantOf(account))
    await publishConfig(t, account.accountId, (c) => {
      c.billing_cycle_switch = { enabled: true, plans: plans.billingCycle }
      c.copy.success.pause.headline = 'Paused for {duration}'
      c.pause.durations = [1, 3]
    })
    const { body } = await start(account, { languages: ['fr'] })
    const annual = plans.billingCycle[1] as { name: string; price: string }
    expect(body.plan.options.billing_cycle_switch).toHaveLength(1)
    expect(body.words.options.billing_cycle_switch).toEqual([
      { label: `${annual.name} – ${annual.price}`, fills: { plan_name: annual.name } },
    ])
    expect(body.words.options.pause).toEqual([
      { label: '1 mois', fills: { duration: '1 mois' } },
      { label: '3 mois', fills: { duration: '3 mois' } },
    ])
    // What the choice decides stays a placeholder, for the widget to fill with the option chosen.
    expect(body.words.screens['success.pause']?.headline).toBe('Paused for {duration}')
  })

  it('refuses a language wish that is not text, or absurdly long, with a 400', async () => {
    const token = await tokenFor(t, pro, merchantOf(pro).customers.activeMonthly)
    for (const body of [{ locale: 3 }, { languages: 'fr' }, { languages: ['x'.repeat(101)] }]) {
      const res = await startSession(t, token, body)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } })
    }
  })
})
