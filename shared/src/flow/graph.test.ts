import { describe, expect, it } from 'vitest'
import { cancelFlowConfigSchema } from '../config/schema'
import type { CancelFlowConfig } from '../config/types'
import type { OfferType } from '../config/vocabulary'
import { buildFlowGraph, createPlanContext, offerFor, projectedPath, shownReasons } from './graph'
import { isOfferUsable, offerOptions } from './offers'
import { ALL_OFFERS, TEST_REASONS, testConfig } from './test-config'
import type { FlowSubscriber } from './types'

const context = (
  config: CancelFlowConfig = testConfig(),
  eligibleOffers: readonly OfferType[] = ALL_OFFERS,
  subscriber: FlowSubscriber = {},
) => createPlanContext({ config, reasons: TEST_REASONS, eligibleOffers, subscriber })

describe('fixtures', () => {
  it('the test config is a valid config_json', () => {
    expect(cancelFlowConfigSchema.safeParse(testConfig()).success).toBe(true)
  })
})

describe('buildFlowGraph', () => {
  it('defaults to reason, feedback, offer, confirm with a required reason when cancellation_flow is absent', () => {
    expect(buildFlowGraph(testConfig(), 3)).toEqual({
      reason: true,
      feedback: true,
      offer: true,
      confirm: true,
      requireReason: true,
    })
  })

  it('keeps feedback only when it is a step and collect_feedback is on', () => {
    const flow = (
      collect_feedback: boolean,
      steps: NonNullable<CancelFlowConfig['cancellation_flow']>['steps'],
    ) =>
      buildFlowGraph(
        testConfig((c) => {
          c.cancellation_flow = { steps, require_reason: false, collect_feedback }
        }),
        3,
      )
    expect(flow(true, ['reason', 'feedback']).feedback).toBe(true)
    expect(flow(false, ['reason', 'feedback']).feedback).toBe(false)
    expect(flow(true, ['reason', 'confirm']).feedback).toBe(false)
    expect(flow(true, ['confirm', 'reason'])).toMatchObject({ reason: true, offer: false, confirm: true })
  })

  it('drops the reason step (and its requirement) when there is no reason to choose', () => {
    expect(buildFlowGraph(testConfig(), 0)).toMatchObject({ reason: false, requireReason: false })
  })

  it('is frozen', () => {
    expect(Object.isFrozen(buildFlowGraph(testConfig(), 1))).toBe(true)
  })
})

describe('shownReasons', () => {
  it('lists enabled reasons in account order', () => {
    expect(shownReasons(testConfig(), TEST_REASONS).map((r) => r.key)).toEqual([
      'too_expensive',
      'not_using',
      'switched',
      'annual',
      'bad_support',
    ])
  })

  it('follows copy.cancel_reasons when set, skipping unknown, disabled and repeated keys', () => {
    const config = testConfig((c) => {
      c.copy.cancel_reasons = ['bad_support', 'ghost', 'retired', 'too_expensive', 'bad_support']
    })
    expect(shownReasons(config, TEST_REASONS).map((r) => r.key)).toEqual(['bad_support', 'too_expensive'])
  })
})

/** A test config with one section replaced. */
const withSection = <K extends OfferType>(key: K, section: CancelFlowConfig[K]) =>
  testConfig((c) => {
    c[key] = section
  })

describe('offer usability', () => {
  const usable = <K extends OfferType>(
    offer: K,
    section: CancelFlowConfig[K],
    subscriber: FlowSubscriber = {},
  ) => isOfferUsable(offer, withSection(offer, section), subscriber)

  it('discount needs an amount, a promo code or a redirect', () => {
    expect(usable('discount', { enabled: true, duration: 3 })).toBe(false)
    expect(usable('discount', { enabled: true, amount: 10 })).toBe(true)
    expect(usable('discount', { enabled: true, promo_code: 'SAVE' })).toBe(true)
    expect(usable('discount', { enabled: true, redirect_template: 'https://x.test/d' })).toBe(true)
  })

  it('pause needs durations or a redirect', () => {
    expect(usable('pause', { enabled: true })).toBe(false)
    expect(usable('pause', { enabled: true, durations: [2] })).toBe(true)
    expect(usable('pause', { enabled: true, redirect_template: 'https://x.test' })).toBe(true)
  })

  it.each(['plan_switch', 'billing_cycle_switch'] as const)(
    '%s needs another plan or a redirect',
    (offer) => {
      expect(usable(offer, { enabled: true })).toBe(false)
      expect(usable(offer, { enabled: true, redirect_template: 'https://x.test' })).toBe(true)
      const onlyPlan = { enabled: true, plans: [{ id: 'price_a', name: 'A', price: '$1' }] }
      expect(usable(offer, onlyPlan)).toBe(true)
      // The only plan on offer is the one the subscriber already has: nothing to switch to.
      expect(usable(offer, onlyPlan, { planId: 'price_a' })).toBe(false)
    },
  )

  it('never lists the current plan as an option', () => {
    const options = offerOptions('plan_switch', testConfig(), { planId: 'price_pro' })
    expect(options).toEqual([
      { kind: 'plan', plan: { id: 'price_basic', name: 'Basic', price: '$14.99/month' } },
    ])
  })
})

describe('offerFor', () => {
  it('uses the offer the reason maps to', () => {
    const ctx = context()
    expect(offerFor(ctx, 'too_expensive')).toBe('discount')
    expect(offerFor(ctx, 'not_using')).toBe('pause')
    expect(offerFor(ctx, 'switched')).toBe('plan_switch')
    expect(offerFor(ctx, 'annual')).toBe('billing_cycle_switch')
  })

  it("offers nothing for a reason mapped to 'none' even though other offers apply", () => {
    expect(offerFor(context(), 'bad_support')).toBeNull()
  })

  it('offers nothing when the mapped offer is disabled, ineligible or unusable (no fallback to another)', () => {
    expect(
      offerFor(context(withSection('pause', { enabled: false, durations: [1] })), 'not_using'),
    ).toBeNull()
    expect(offerFor(context(testConfig(), ['discount', 'plan_switch']), 'not_using')).toBeNull()
    expect(offerFor(context(withSection('pause', { enabled: true })), 'not_using')).toBeNull()
  })

  it('offers nothing at all when compliance suppresses offers', () => {
    const ctx = context(
      testConfig((c) => {
        c.compliance = { suppress_offers: true, suppress_offers_in: [] }
      }),
    )
    expect(TEST_REASONS.map((reason) => offerFor(ctx, reason.key)).filter(Boolean)).toEqual([])
    expect(offerFor(ctx, null)).toBeNull()
  })

  it('without a reason, takes the first offer that applies in OFFER_TYPES order', () => {
    expect(offerFor(context(), null)).toBe('discount')
    expect(offerFor(context(withSection('discount', { enabled: false, amount: 10 })), null)).toBe('pause')
    expect(offerFor(context(testConfig(), ['billing_cycle_switch', 'plan_switch']), null)).toBe('plan_switch')
    expect(offerFor(context(testConfig(), []), null)).toBeNull()
  })
})

describe('projectedPath', () => {
  it('follows the reason: feedback category, then its offer, then confirm', () => {
    expect(projectedPath(context(), 'switched')).toEqual([
      { kind: 'reason' },
      { kind: 'feedback', category: 'switched_competitor' },
      { kind: 'offer', offer: 'plan_switch' },
      { kind: 'confirm' },
    ])
    expect(projectedPath(context(), 'bad_support')).toEqual([
      { kind: 'reason' },
      { kind: 'feedback', category: 'bad_experience' },
      { kind: 'confirm' },
    ])
  })

  it("uses the 'any_reason' feedback screen when no reason is given", () => {
    expect(projectedPath(context(), null)[1]).toEqual({ kind: 'feedback', category: 'any_reason' })
  })
})
