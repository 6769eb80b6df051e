import { type BillingStatus, PRO_ALLOWANCE, upgradeToProSentence } from '@retainkit/shared/billing'
import { describe, expect, it } from 'vitest'
import {
  firstChargeSentence,
  noticeText,
  subscriptionStatement,
  trialEndingNotice,
  usageSentence,
} from './billing-text'

const status = (usage: Partial<BillingStatus['usage']>, billingEnabled = true): BillingStatus => ({
  account_id: 'acme',
  tier: usage.limit_kind === 'cap' ? 'free' : 'pro',
  source: 'subscription',
  billing_enabled: billingEnabled,
  trial: null,
  subscription: null,
  grace: null,
  can_subscribe: false,
  can_manage: true,
  usage: {
    month: '2026-11',
    sessions: 12,
    limit: 500,
    limit_kind: 'fair_use',
    stepped_aside: 0,
    overage_sessions: 0,
    ...usage,
  },
  notices: [],
})

describe("Pro's allowance, one wording", () => {
  it('is "500 cancel sessions a month included, then $1 each", or no limit on an operator-run server', () => {
    expect(PRO_ALLOWANCE).toBe('500 cancel sessions a month included, then $1 each')
    expect(upgradeToProSentence(true)).toBe(
      'Upgrade to Pro: 500 cancel sessions a month included, then $1 each.',
    )
    expect(upgradeToProSentence(false)).toBe('Upgrade to Pro: no limit on cancel sessions.')
  })

  it('is what the usage line and the Starter cap banner say, never "unlimited"', () => {
    const pro = usageSentence(status({ sessions: 530, overage_sessions: 30 }))
    expect(pro).toBe(`530 cancel sessions this month. Your plan: ${PRO_ALLOWANCE} (30 billed so far).`)
    const capped = status({ sessions: 50, limit: 50, limit_kind: 'cap' })
    const banner = noticeText(
      { threshold: 100, sessions: 50, limit: 50, created_at: '2026-11-20T00:00:00Z' },
      capped,
    )
    expect(banner).toContain(`Upgrade to Pro: ${PRO_ALLOWANCE}.`)
    const selfHosted = usageSentence(status({ limit: null, limit_kind: null }, false))
    expect(selfHosted).toBe('12 cancel sessions this month. No limit on cancel sessions on your plan.')
    for (const text of [pro, banner, selfHosted]) expect(text).not.toMatch(/unlimited/i)
  })
})

describe('the trial, said before it ends', () => {
  const NOW = new Date('2026-11-28T12:00:00Z')
  const onTrial = (days: number): BillingStatus => ({
    ...status({ sessions: 3, limit: 500, limit_kind: 'fair_use' }),
    source: 'trial',
    can_subscribe: true,
    trial: { ends_at: new Date(NOW.getTime() + days * 86_400_000).toISOString(), days_left: days },
  })

  it('announces the last week above every page, with what stops on Starter', () => {
    expect(trialEndingNotice(onTrial(8))).toBeNull()
    expect(trialEndingNotice(onTrial(7))).toBe(
      'Your Pro trial ends in 7 days, on December 5, 2026. Then this account moves to Starter: 50 cancel sessions a month, the default flow, no save offers and no reactivation banner; your subscribers stop seeing offers and banners. Subscribe to Pro to keep them.',
    )
    expect(trialEndingNotice(onTrial(1))).toMatch(/^Your Pro trial ends tomorrow, on November 29, 2026\./)
    expect(trialEndingNotice({ ...onTrial(3), source: 'subscription' })).toBeNull()
  })

  it('says subscribing keeps the days left and when the first charge is, or that it is today', () => {
    expect(firstChargeSentence(onTrial(20), NOW)).toBe(
      "Subscribing keeps your trial's 20 days left: nothing is charged today; the first charge is on December 18, 2026.",
    )
    expect(firstChargeSentence(onTrial(3), NOW)).toBe(
      "Subscribing keeps your trial's 3 days left: nothing is charged today; the first charge is on December 1, 2026.",
    )
    // Checkout keeps a trial only 48 hours ahead or more.
    expect(firstChargeSentence(onTrial(2), NOW)).toMatch(
      /too soon for Checkout to keep it: .* first charge today\.$/,
    )
    expect(firstChargeSentence({ ...onTrial(1), source: 'starter', trial: null }, NOW)).toBe(
      'The first charge is the day you subscribe.',
    )
  })

  it('names the first charge of a subscription still in its kept trial', () => {
    const trialing = status({})
    trialing.subscription = {
      status: 'trialing',
      interval: 'month',
      cancel_at_period_end: false,
      current_period_end: '2026-12-18T12:00:00.000Z',
      trial_end: '2026-12-18T12:00:00.000Z',
    }
    expect(subscriptionStatement(trialing)).toBe(
      "Pro, billed monthly; your trial's days were kept: the first charge is on December 18, 2026.",
    )
  })
})
