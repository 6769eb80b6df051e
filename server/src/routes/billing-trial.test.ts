import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { queueTrialNotices } from '../services/billing/trial-notices'
import {
  advanceBoth,
  alignClocks,
  checkoutUrl,
  deliver,
  payCheckout,
  platformStripe,
  signUp,
  status,
} from './billing-testing'

/**
 * Plan status that never surprises (issue 33 #2): subscribing during the trial keeps the days left
 * (Checkout's subscription_data.trial_end; the first charge at the trial's end, said by the status),
 * closer than Checkout allows to the end the charge is at once; and the owners hear the trial is
 * ending 7, 3 and 1 days before, through the mail outbox, once each.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext({ billing: true })
  alignClocks(t)
})
afterAll(() => t.close())

const DAY = 86_400
const sessionIdOf = (url: string) => new URL(url).pathname.split('/').at(-1) ?? ''

describe('subscribing during the trial', () => {
  it('keeps the days left: trialing until the trial’s end, nothing charged now, the first charge then', async () => {
    const merchant = await signUp(t)
    advanceBoth(t, 10 * DAY)
    const before = await status(t, merchant)
    expect(before).toMatchObject({ source: 'trial', trial: { days_left: 20 } })
    const trialEnd = Date.parse(before.trial?.ends_at ?? '')
    const url = await checkoutUrl(t, merchant.accountId, (await t.signIn(merchant.email)).token)
    const stripe = platformStripe(t)
    const session = await stripe.checkout.sessions.retrieve(sessionIdOf(url))
    expect(session.amount_total).toBeGreaterThan(0)
    const subscriptionId = await payCheckout(t, url)
    const subscription = await stripe.subscriptions.retrieve(subscriptionId)
    expect(subscription).toMatchObject({ status: 'trialing', trial_end: Math.floor(trialEnd / 1000) })
    expect(subscription.latest_invoice).toBeNull()
    await deliver(t)
    const after = await status(t, merchant)
    expect(after).toMatchObject({
      tier: 'pro',
      source: 'subscription',
      subscription: {
        status: 'trialing',
        trial_end: new Date(Math.floor(trialEnd / 1000) * 1000).toISOString(),
      },
    })
    // The trial's end: Stripe charges the first month, and the status follows.
    advanceBoth(t, 20 * DAY + 120)
    await deliver(t)
    const charged = await stripe.subscriptions.retrieve(subscriptionId)
    expect(charged.status).toBe('active')
    const invoice = await stripe.invoices.retrieve(charged.latest_invoice as string)
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 10_000 })
    expect(await status(t, merchant)).toMatchObject({ subscription: { status: 'active', trial_end: null } })
  })

  it('charges at once when the trial ends within two days (Checkout keeps no shorter trial)', async () => {
    const merchant = await signUp(t)
    advanceBoth(t, 29 * DAY)
    const subscriptionId = await payCheckout(
      t,
      await checkoutUrl(t, merchant.accountId, (await t.signIn(merchant.email)).token),
    )
    const subscription = await platformStripe(t).subscriptions.retrieve(subscriptionId)
    expect(subscription.status).toBe('active')
    expect(subscription.trial_end).toBeNull()
    await deliver(t)
    expect(await status(t, merchant)).toMatchObject({
      source: 'subscription',
      subscription: { trial_end: null },
    })
  })
})

describe('trial-ending notices', () => {
  const trialMails = async (email: string) =>
    (await t.readOutbox(email)).filter((mail) => mail.subject.includes('trial ends'))

  it('mails each owner 7, 3 and 1 days before the end, once each, with what changes on Starter', async () => {
    const merchant = await signUp(t)
    const second = await t.addMember(merchant.accountId, 'owner')
    const editor = await t.addMember(merchant.accountId, 'editor')
    // Eight days left (7 days 23 hours): nothing yet.
    advanceBoth(t, 22 * DAY + 3600)
    expect(await queueTrialNotices(t.deps)).toBe(0)
    advanceBoth(t, DAY)
    expect(await queueTrialNotices(t.deps)).toBe(2)
    expect(await queueTrialNotices(t.deps)).toBe(0)
    const first = await trialMails(merchant.email)
    expect(first.map((mail) => mail.subject)).toEqual(['Retainkit: your Pro trial ends in 7 days'])
    expect(first[0]?.text).toContain('Then the account moves to Starter: 50 cancel sessions a month')
    expect(first[0]?.text).toContain('you keep every day left of the trial: the first charge, $100, is on')
    expect(await trialMails(second.email)).toHaveLength(1)
    expect(await trialMails(editor.email)).toHaveLength(0)
    advanceBoth(t, 4 * DAY)
    await queueTrialNotices(t.deps)
    // Sent before the clock moves on (a notice not sent within a day is given up: it would be stale).
    await trialMails(merchant.email)
    advanceBoth(t, 2 * DAY)
    await queueTrialNotices(t.deps)
    await queueTrialNotices(t.deps)
    const all = await trialMails(merchant.email)
    expect(all.map((mail) => mail.subject)).toEqual([
      'Retainkit: your Pro trial ends in 7 days',
      'Retainkit: your Pro trial ends in 3 days',
      'Retainkit: your Pro trial ends tomorrow',
    ])
    // One day left: too close for Checkout to keep the days, and the mail says the charge is at once.
    expect(all[2]?.text).toContain('the first charge, $100, is the day you subscribe')
  })

  it('skips the 7-day notice when a pass runs late, and mails no account that subscribed', async () => {
    const late = await signUp(t)
    const subscribed = await signUp(t)
    await payCheckout(t, await checkoutUrl(t, subscribed.accountId, (await t.signIn(subscribed.email)).token))
    await deliver(t)
    advanceBoth(t, 28 * DAY)
    await queueTrialNotices(t.deps)
    expect((await trialMails(late.email)).map((mail) => mail.subject)).toEqual([
      'Retainkit: your Pro trial ends in 2 days',
    ])
    expect(await trialMails(subscribed.email)).toEqual([])
  })
})
