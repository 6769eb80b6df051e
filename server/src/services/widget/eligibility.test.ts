import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { describe, expect, it } from 'vitest'
import { decideOffers, type EligibilityInput } from './eligibility'

const PRO = 'price_pro_monthly'
const plans = [
  { id: PRO, name: 'Pro monthly', price: '$29/month' },
  { id: 'price_basic', name: 'Basic', price: '$14.99/month' },
]

function config(edit: (c: CancelFlowConfig) => void = () => {}): CancelFlowConfig {
  const c = createDefaultConfig()
  c.plan_switch = { enabled: true, plans }
  c.billing_cycle_switch = {
    enabled: true,
    plans: [{ id: 'price_pro_annual', name: 'Annual', price: '$290/year' }],
  }
  edit(c)
  return c
}

function input(overrides: Partial<EligibilityInput> = {}): EligibilityInput {
  return {
    tier: 'pro',
    config: config(),
    merchantHandlesOffers: false,
    stripeConnected: true,
    subscription: {
      priceId: PRO,
      paused: false,
      hasActiveDiscount: false,
      scheduledToCancel: false,
      trialing: false,
    },
    jurisdiction: { country: 'US', state: 'CA' },
    recentSave: false,
    ...overrides,
  }
}

describe('offer eligibility', () => {
  it('offers every enabled, usable offer to a Pro subscriber with Stripe', () => {
    expect(decideOffers(input())).toEqual({
      offers: ['discount', 'pause', 'plan_switch', 'billing_cycle_switch'],
    })
  })

  it('gives free accounts no offers', () => {
    expect(decideOffers(input({ tier: 'free' }))).toEqual({ offers: [], suppressedBy: 'free_tier' })
  })

  it('honours compliance.suppress_offers', () => {
    const c = config((x) => {
      x.compliance = { suppress_offers: true, suppress_offers_in: [] }
    })
    expect(decideOffers(input({ config: c }))).toEqual({ offers: [], suppressedBy: 'compliance' })
  })

  it('suppresses offers in a listed jurisdiction, by state or country', () => {
    const c = (list: string[]) =>
      config((x) => {
        x.compliance = { suppress_offers: false, suppress_offers_in: list }
      })
    const mn = { country: 'US', state: 'MN' }
    expect(decideOffers(input({ config: c(['US-MN']), jurisdiction: mn })).suppressedBy).toBe('compliance')
    expect(decideOffers(input({ config: c(['US']), jurisdiction: mn })).suppressedBy).toBe('compliance')
    expect(
      decideOffers(input({ config: c(['US-MN']), jurisdiction: { country: 'US', state: 'WI' } })).offers,
    ).toHaveLength(4)
  })

  it('offers nothing when the jurisdiction is unknown and the merchant chose so', () => {
    const c = config((x) => {
      x.compliance = { suppress_offers: false, suppress_offers_in: [], suppress_offers_when_unknown: true }
    })
    expect(decideOffers(input({ config: c, jurisdiction: null }))).toEqual({
      offers: [],
      suppressedBy: 'compliance',
    })
    expect(decideOffers(input({ config: c })).offers).toHaveLength(4)
    expect(decideOffers(input({ jurisdiction: null })).offers).toHaveLength(4)
  })

  it('offers nothing on a subscription already scheduled to cancel', () => {
    const sub = {
      priceId: PRO,
      paused: false,
      hasActiveDiscount: false,
      scheduledToCancel: true,
      trialing: false,
    }
    expect(decideOffers(input({ subscription: sub }))).toEqual({
      offers: [],
      suppressedBy: 'scheduled_cancel',
    })
  })

  it('allows one accepted offer per 90 days', () => {
    expect(decideOffers(input({ recentSave: true }))).toEqual({ offers: [], suppressedBy: 'recent_save' })
  })

  it('offers nothing when Stripe is connected but the customer has no live subscription', () => {
    expect(decideOffers(input({ subscription: null }))).toEqual({
      offers: [],
      suppressedBy: 'no_subscription',
    })
  })

  it('leaves out disabled offers', () => {
    const c = config((x) => {
      x.discount.enabled = false
      x.pause.enabled = false
    })
    expect(decideOffers(input({ config: c })).offers).toEqual(['plan_switch', 'billing_cycle_switch'])
  })

  it('leaves out offers the config cannot carry out (no amount/coupon, no durations)', () => {
    const c = config((x) => {
      x.discount = { enabled: true }
      x.pause = { enabled: true }
    })
    expect(decideOffers(input({ config: c })).offers).toEqual(['plan_switch', 'billing_cycle_switch'])
  })

  it('offers a discount through an existing coupon (promo_code)', () => {
    const c = config((x) => {
      x.discount = { enabled: true, promo_code: 'SAVE20' }
    })
    expect(decideOffers(input({ config: c })).offers).toContain('discount')
  })

  it('does not offer a discount to a subscription that already has one', () => {
    const sub = {
      priceId: PRO,
      paused: false,
      hasActiveDiscount: true,
      scheduledToCancel: false,
      trialing: false,
    }
    expect(decideOffers(input({ subscription: sub })).offers).not.toContain('discount')
  })

  it('does not offer a pause to a paused subscription', () => {
    const sub = {
      priceId: PRO,
      paused: true,
      hasActiveDiscount: false,
      scheduledToCancel: false,
      trialing: false,
    }
    expect(decideOffers(input({ subscription: sub })).offers).not.toContain('pause')
  })

  it('offers a switch only with a configured plan other than the current price', () => {
    const c = config((x) => {
      x.plan_switch = { enabled: true, plans: [plans[0] as (typeof plans)[number]] }
      x.billing_cycle_switch = { enabled: true, plans: [{ id: PRO, name: 'Same', price: '$29/month' }] }
    })
    const offers = decideOffers(input({ config: c })).offers
    expect(offers).not.toContain('plan_switch')
    expect(offers).not.toContain('billing_cycle_switch')
  })

  it('without Stripe, offers only what a redirect or the merchant can carry out', () => {
    const noStripe = { stripeConnected: false, subscription: null }
    expect(decideOffers(input(noStripe))).toEqual({ offers: [] })
    const redirect = config((x) => {
      x.pause.redirect_template = 'https://shop.example/pause?c={customer_id}'
    })
    expect(decideOffers(input({ ...noStripe, config: redirect })).offers).toEqual(['pause'])
    expect(decideOffers(input({ ...noStripe, merchantHandlesOffers: true })).offers).toEqual([
      'discount',
      'pause',
      'plan_switch',
      'billing_cycle_switch',
    ])
  })

  it('checks the free tier before anything else, then compliance before the cooldown', () => {
    const c = config((x) => {
      x.compliance = { suppress_offers: true, suppress_offers_in: [] }
    })
    expect(decideOffers(input({ tier: 'free', config: c, recentSave: true })).suppressedBy).toBe('free_tier')
    expect(decideOffers(input({ config: c, recentSave: true })).suppressedBy).toBe('compliance')
  })

  it('offers a trial extension to a trialing subscription only, and only with days to add', () => {
    const c = config((x) => {
      x.trial_extension = { enabled: true, days: 14 }
    })
    const trialing = {
      priceId: PRO,
      paused: false,
      hasActiveDiscount: false,
      scheduledToCancel: false,
      trialing: true,
    }
    expect(decideOffers(input({ config: c, subscription: trialing })).offers).toContain('trial_extension')
    expect(decideOffers(input({ config: c })).offers).not.toContain('trial_extension')
    const noDays = config((x) => {
      x.trial_extension = { enabled: true }
    })
    expect(decideOffers(input({ config: noDays, subscription: trialing })).offers).not.toContain(
      'trial_extension',
    )
  })

  it('offers "talk to us" with a support address or link, with or without Stripe', () => {
    const byEmail = config((x) => {
      x.talk_to_us = { enabled: true, email: 'help@shop.example' }
    })
    expect(decideOffers(input({ config: byEmail })).offers).toContain('talk_to_us')
    const noStripe = { stripeConnected: false, subscription: null }
    expect(decideOffers(input({ ...noStripe, config: byEmail })).offers).toEqual(['talk_to_us'])
    const byLink = config((x) => {
      x.talk_to_us = { enabled: true, redirect_template: 'https://shop.example/help?c={customer_id}' }
    })
    expect(decideOffers(input({ config: byLink })).offers).toContain('talk_to_us')
    const nowhere = config((x) => {
      x.talk_to_us = { enabled: true }
    })
    expect(decideOffers(input({ config: nowhere, merchantHandlesOffers: true })).offers).not.toContain(
      'talk_to_us',
    )
  })
})
