import { describe, expect, it } from 'vitest'
import { DEFAULT_THEME } from '../theme'
import {
  COPY_PLACEHOLDERS,
  createDefaultConfig,
  createDefaultReasons,
  DEFAULT_CONFIG,
  DEFAULT_REASON_KEYS,
  DEFAULT_REASONS,
  placeholdersIn,
} from './default-config'
import { cancelFlowConfigSchema, cancellationReasonsSchema } from './schema'
import type { OfferType } from './vocabulary'

/** Every string in a value, with its dotted path. */
function strings(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]]
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k))
}

const copyStrings = [
  ...strings(DEFAULT_CONFIG.copy, 'copy'),
  ...strings(DEFAULT_CONFIG.reactivation, 'reactivation'),
]

describe('DEFAULT_CONFIG', () => {
  it('validates against the configuration schema', () => {
    const result = cancelFlowConfigSchema.safeParse(DEFAULT_CONFIG)
    expect(result.error?.issues ?? []).toEqual([])
  })

  it("offers the spec's sample discount (20% off for 3 months) and pauses of 1-3 months", () => {
    expect(DEFAULT_CONFIG.discount).toEqual({ enabled: true, amount: 20, duration: 3 })
    expect(DEFAULT_CONFIG.pause).toEqual({ enabled: true, durations: [1, 2, 3] })
  })

  it('keeps plan and billing-cycle switches off until the merchant picks Stripe prices', () => {
    expect(DEFAULT_CONFIG.plan_switch).toEqual({ enabled: false })
    expect(DEFAULT_CONFIG.billing_cycle_switch).toEqual({ enabled: false })
  })

  it('uses the default theme, the four-step flow, and offers on everywhere', () => {
    expect(DEFAULT_CONFIG.theme).toEqual(DEFAULT_THEME)
    expect(DEFAULT_CONFIG.cancellation_flow).toEqual({
      steps: ['reason', 'feedback', 'offer', 'confirm'],
      require_reason: true,
      collect_feedback: true,
    })
    expect(DEFAULT_CONFIG.compliance).toEqual({ suppress_offers: false, suppress_offers_in: [] })
  })

  it("enables the reactivation banner with the spec's winback: 25% off the first month back", () => {
    expect(DEFAULT_CONFIG.reactivation).toMatchObject({
      enabled: true,
      winback_discount_percent: 25,
      winback_discount_months: 1,
    })
    expect(DEFAULT_CONFIG.reactivation?.headline).toMatch(/welcome back/i)
  })

  it('the reason screen is "Before you go…"', () => {
    expect(DEFAULT_CONFIG.copy.general.headline).toBe('Before you go…')
  })

  it('the reason and feedback screens go on with primary and keep the subscription with secondary', () => {
    const screens = [DEFAULT_CONFIG.copy.general, ...Object.values(DEFAULT_CONFIG.copy.user_feedback)]
    for (const screen of screens) {
      expect(screen.cta_primary).toBe('Continue')
      expect(screen.cta_secondary).toBe('Keep my subscription')
    }
  })

  it('every offer screen has a decline button that carries on cancelling', () => {
    for (const offer of ['discount', 'pause', 'plan_switch', 'billing_cycle_switch'] as const) {
      const screen = DEFAULT_CONFIG.copy[offer]
      expect(screen.cta_secondary).toMatch(/cancel/i)
      expect(screen.cta_primary).not.toMatch(/cancel/i)
    }
  })

  it('the final screen confirms the cancellation and says how long access lasts', () => {
    const { headline, subheadline } = DEFAULT_CONFIG.copy.final
    expect(`${headline} ${subheadline}`).toMatch(/cancel/i)
    expect(subheadline).toContain('{period_end}')
    expect(subheadline).toMatch(/won't renew/)
  })

  it('copy has no empty strings', () => {
    for (const [path, value] of copyStrings) expect(value.trim(), path).not.toBe('')
  })

  it('copy only uses the supported placeholders', () => {
    const used = new Set(copyStrings.flatMap(([, value]) => placeholdersIn(value)))
    expect([...used].filter((name) => !(name in COPY_PLACEHOLDERS))).toEqual([])
    // Each supported placeholder is used at least once, so the list stays honest.
    expect([...used].sort()).toEqual(Object.keys(COPY_PLACEHOLDERS).sort())
  })

  it('discount copy states its amount and length through placeholders, never hard-coded', () => {
    const { discount, success } = DEFAULT_CONFIG.copy
    expect(discount.subheadline).toContain('{amount} off')
    expect(discount.subheadline).toContain('{duration}')
    expect(success.discount.subheadline).toContain('{duration}')
    expect(copyStrings.filter(([, v]) => /\d+%/.test(v))).toEqual([])
    // {amount} already carries its percent sign ("20%"), so "{amount}%" would read "20%%".
    expect(copyStrings.filter(([, v]) => v.includes('{amount}%'))).toEqual([])
  })

  it('is deep-frozen so nobody mutates the shared default', () => {
    expect(() => {
      ;(DEFAULT_CONFIG.discount as { amount?: number }).amount = 50
    }).toThrow(TypeError)
    expect(() => {
      DEFAULT_CONFIG.copy.general.headline = 'Changed'
    }).toThrow(TypeError)
    expect(DEFAULT_CONFIG.discount.amount).toBe(20)
  })
})

describe('createDefaultConfig', () => {
  it('returns an equal but independent deep copy', () => {
    const a = createDefaultConfig()
    const b = createDefaultConfig()
    expect(a).toEqual(DEFAULT_CONFIG)
    a.copy.general.headline = 'Wait!'
    a.pause.durations?.push(6)
    if (a.theme) a.theme.primary_color = '#000000'
    expect(b.copy.general.headline).toBe('Before you go…')
    expect(DEFAULT_CONFIG.pause.durations).toEqual([1, 2, 3])
    expect(DEFAULT_CONFIG.theme?.primary_color).toBe(DEFAULT_THEME.primary_color)
    expect(Object.isFrozen(a.copy)).toBe(false)
  })
})

describe('DEFAULT_REASONS', () => {
  it('validates and has 6 to 8 reasons', () => {
    expect(cancellationReasonsSchema.safeParse(DEFAULT_REASONS).error?.issues ?? []).toEqual([])
    expect(DEFAULT_REASONS.length).toBeGreaterThanOrEqual(6)
    expect(DEFAULT_REASONS.length).toBeLessThanOrEqual(8)
  })

  it('maps each reason to an offer the default config enables, or to none', () => {
    const enabled: Record<OfferType, boolean> = {
      discount: DEFAULT_CONFIG.discount.enabled,
      pause: DEFAULT_CONFIG.pause.enabled,
      plan_switch: DEFAULT_CONFIG.plan_switch.enabled,
      billing_cycle_switch: DEFAULT_CONFIG.billing_cycle_switch.enabled,
      trial_extension: DEFAULT_CONFIG.trial_extension.enabled,
      talk_to_us: DEFAULT_CONFIG.talk_to_us.enabled,
    }
    for (const reason of DEFAULT_REASONS) {
      expect(reason.offer === 'none' || enabled[reason.offer], reason.key).toBe(true)
    }
  })

  it('covers the expected reasons with sensible mappings', () => {
    const byKey = Object.fromEntries(DEFAULT_REASONS.map((r) => [r.key, r]))
    expect(byKey.too_expensive).toMatchObject({ feedback: 'any_reason', offer: 'discount' })
    expect(byKey.not_using_enough?.offer).toBe('pause')
    expect(byKey.temporary_break?.offer).toBe('pause')
    expect(byKey.switched_competitor?.feedback).toBe('switched_competitor')
    expect(byKey.technical_issues).toMatchObject({ feedback: 'bad_experience', offer: 'none' })
    expect(byKey.other).toMatchObject({ feedback: 'other', offer: 'none' })
    expect(DEFAULT_REASONS.at(-1)?.key).toBe('other')
  })

  it('DEFAULT_REASON_KEYS lists the keys in order; createDefaultReasons copies', () => {
    expect(DEFAULT_REASON_KEYS).toEqual(DEFAULT_REASONS.map((r) => r.key))
    const copy = createDefaultReasons()
    expect(copy).toEqual(DEFAULT_REASONS)
    const first = copy[0]
    if (!first) throw new Error('no default reasons')
    first.label = 'Changed'
    expect(DEFAULT_REASONS[0]?.label).not.toBe('Changed')
    expect(() => DEFAULT_REASONS.push(DEFAULT_REASONS[0] as never)).toThrow(TypeError)
  })
})

describe('placeholdersIn', () => {
  it('lists tokens in order, repeats included', () => {
    expect(placeholdersIn('{amount} for {duration} ({amount}) {Not_a} {}')).toEqual([
      'amount',
      'duration',
      'amount',
    ])
  })
})
