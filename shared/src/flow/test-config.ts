import type { CancelFlowConfig, CancellationReason } from '../config/types'
import { OFFER_TYPES } from '../config/vocabulary'

/**
 * Test fixtures for the flow machine (not exported from the package). Every offer is enabled and usable
 * and every text is distinct, so a test can tell which copy a screen resolved to.
 */

export function testConfig(edit?: (config: CancelFlowConfig) => void): CancelFlowConfig {
  const feedback = (name: string) => ({
    headline: `${name} headline`,
    subheadline: `${name} sub`,
    placeholder: `${name} placeholder`,
    cta_primary: `${name} continue`,
    cta_secondary: `${name} stay`,
  })
  const dropdown = (name: string) => ({
    headline: `${name} headline`,
    subheadline: `${name} sub for {duration}`,
    dropdown_label: `${name} label`,
    cta_primary: `${name} accept`,
    cta_secondary: `${name} decline`,
  })
  const config: CancelFlowConfig = {
    copy: {
      general: {
        headline: 'Why are you leaving, {plan_name}?',
        subheadline: 'General sub',
        cta_primary: 'General continue',
        cta_secondary: 'General stay',
      },
      final: { headline: 'Final headline', subheadline: 'Access until {period_end}' },
      user_feedback: {
        any_reason: feedback('Any'),
        switched_competitor: feedback('Competitor'),
        bad_experience: feedback('Bad'),
        other: feedback('Other'),
      },
      discount: {
        headline: 'Take {amount} off for {duration}',
        subheadline: 'Discount sub',
        cta_primary: 'Discount accept',
        cta_secondary: 'Discount decline',
      },
      pause: dropdown('Pause'),
      plan_switch: dropdown('Plan'),
      billing_cycle_switch: dropdown('Cycle'),
      trial_extension: {
        headline: 'Trial headline',
        subheadline: 'Trial sub for {duration}',
        cta_primary: 'Trial accept',
        cta_secondary: 'Trial decline',
      },
      talk_to_us: {
        headline: 'Talk headline',
        subheadline: 'Talk sub',
        cta_primary: 'Talk accept',
        cta_secondary: 'Talk decline',
      },
      success: {
        trial_extension: { headline: 'Trial extended by {duration}', subheadline: 'Trial done' },
        talk_to_us: { headline: 'Talk recorded', subheadline: 'Talk done' },
        discount: { headline: 'Discount applied', subheadline: 'Enjoy {amount} off' },
        pause: { headline: 'Paused for {duration}', subheadline: 'Pause done' },
        plan_switch: { headline: 'Now on {plan_name}', subheadline: 'Plan done' },
        billing_cycle_switch: { headline: 'Cycle switched to {plan_name}', subheadline: 'Cycle done' },
      },
    },
    discount: { enabled: true, amount: 20, duration: 3 },
    pause: { enabled: true, durations: [1, 2, 3] },
    plan_switch: {
      enabled: true,
      plans: [
        { id: 'price_pro', name: 'Pro', price: '$49/month' },
        { id: 'price_basic', name: 'Basic', price: '$14.99/month' },
      ],
    },
    billing_cycle_switch: {
      enabled: true,
      plans: [{ id: 'price_pro_annual', name: 'Pro annual', price: '$470/year' }],
    },
    trial_extension: { enabled: true, days: 14 },
    talk_to_us: { enabled: true, email: 'help@merchant.example' },
  }
  edit?.(config)
  return config
}

const reason = (
  key: string,
  feedback: CancellationReason['feedback'],
  offer: CancellationReason['offer'],
  enabled = true,
): CancellationReason => ({ key, label: `Label ${key}`, feedback, offer, enabled })

/** One reason per offer, one without an offer, one disabled. */
export const TEST_REASONS: readonly CancellationReason[] = [
  reason('too_expensive', 'any_reason', 'discount'),
  reason('not_using', 'other', 'pause'),
  reason('switched', 'switched_competitor', 'plan_switch'),
  reason('annual', 'other', 'billing_cycle_switch'),
  reason('bad_support', 'bad_experience', 'none'),
  reason('retired', 'other', 'discount', false),
]

export const ALL_OFFERS = OFFER_TYPES
