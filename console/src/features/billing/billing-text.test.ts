import { type BillingStatus, PRO_ALLOWANCE, upgradeToProSentence } from '@retainkit/shared/billing'
import { describe, expect, it } from 'vitest'
import { noticeText, usageSentence } from './billing-text'

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
