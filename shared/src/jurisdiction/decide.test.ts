import { describe, expect, it } from 'vitest'
import { planFlow } from '../flow/graph'
import { stepProgress } from '../flow/path'
import { TEST_REASONS, testConfig } from '../flow/test-config'
import { decideJurisdiction, explainJurisdiction } from './decide'
import { DEFAULT_JURISDICTION_SETTINGS, type JurisdictionMode, type JurisdictionSettings } from './modes'

const NOW = new Date('2026-12-01T12:00:00Z')
const LONG_AGO = '2026-01-01T00:00:00Z'
const at = (country: string, state: string | null = null) => ({ country, state })
const decide = (input: Partial<Parameters<typeof decideJurisdiction>[0]>) =>
  decideJurisdiction({ claimed: null, stripe: null, startedAt: LONG_AGO, now: NOW, ...input })

describe('a session’s jurisdiction mode, decided from the token, then Stripe, then the default', () => {
  it('gives the built-in modes: CA standard, MN offers after cancellation, DE statutory, UK the cap', () => {
    expect(decide({ claimed: at('US', 'CA') })).toMatchObject({
      mode: 'standard',
      region: 'US-CA',
      rule: { region: 'US-CA', origin: 'built_in', law: 'ca_ab2863' },
    })
    expect(decide({ claimed: at('US', 'Minnesota') }).mode).toBe('offers_after_cancel')
    expect(decide({ claimed: at('DE') })).toMatchObject({ mode: 'statutory_button', withdrawalUntil: null })
    expect(decide({ claimed: at('GB') })).toMatchObject({
      mode: 'offer_cap',
      cap: { max_offers: 1, max_screens: 3 },
    })
    expect(decide({ claimed: at('US', 'TX') })).toMatchObject({ mode: 'standard', rule: null })
  })

  it('gives the rest of the EU the withdrawal page only inside the withdrawal period', () => {
    const started = '2026-11-25T00:00:00Z'
    expect(decide({ claimed: at('FR'), startedAt: started })).toMatchObject({
      mode: 'statutory_button',
      withdrawalUntil: '2026-12-09T00:00:00.000Z',
      rule: { region: 'EU', withdrawal_period_only: true },
    })
    expect(decide({ claimed: at('FR') })).toMatchObject({ mode: 'standard', rule: null })
    // Germany's button applies in any case; inside the period it also carries the withdrawal.
    expect(decide({ claimed: at('DE'), startedAt: started }).withdrawalUntil).toBe('2026-12-09T00:00:00.000Z')
    expect(decide({ claimed: at('FR'), startedAt: null }).mode).toBe('standard')
  })

  it('reads the token’s claim before the Stripe address, and says which it used', () => {
    expect(decide({ claimed: at('US', 'MN'), stripe: at('DE') })).toMatchObject({
      source: 'token',
      region: 'US-MN',
    })
    expect(decide({ stripe: at('DE') })).toMatchObject({ source: 'stripe', mode: 'statutory_button' })
    expect(decide({})).toMatchObject({ source: 'unknown', region: null, mode: 'standard' })
  })

  it('puts the merchant’s rules first, the most specific region winning, and the default last', () => {
    const settings: JurisdictionSettings = {
      ...DEFAULT_JURISDICTION_SETTINGS,
      rules: [
        { region: 'US', mode: 'offer_cap' },
        { region: 'US-NY', mode: 'offers_after_cancel' },
      ],
      default_mode: 'offer_cap',
      cap: { max_offers: 0, max_screens: 2 },
    }
    expect(decide({ settings, claimed: at('US', 'NY') }).mode).toBe('offers_after_cancel')
    // The merchant's US rule beats the built-in California one.
    expect(decide({ settings, claimed: at('US', 'CA') })).toMatchObject({
      mode: 'offer_cap',
      rule: { origin: 'merchant' },
    })
    expect(decide({ settings, claimed: at('JP') })).toMatchObject({
      mode: 'offer_cap',
      rule: null,
      cap: { max_offers: 0 },
    })
    expect(decide({ settings: { ...settings, built_in_rules: false }, claimed: at('DE') }).mode).toBe(
      'offer_cap',
    )
  })

  it('explains itself in one sentence', () => {
    expect(explainJurisdiction(decide({ stripe: at('US', 'MN') }))).toBe(
      "Mode offers_after_cancel: US-MN, from the Stripe customer's address; decided by the built-in rule for US-MN.",
    )
  })
})

describe('the cap cuts each path', () => {
  const config = testConfig()
  const reasons = TEST_REASONS
  const plan = (cap?: { max_offers: number; max_screens: number }) =>
    planFlow({ config, reasons, eligibleOffers: ['discount', 'pause', 'plan_switch'], cap })

  it('drops the feedback question first, then the offer, keeping the confirm step', () => {
    const full = plan()
    const path = Object.values(full.paths).find((screens) => screens.some((s) => s.kind === 'offer'))
    expect(path?.map((s) => s.kind)).toEqual(['reason', 'feedback', 'offer', 'confirm'])
    const three = plan({ max_offers: 1, max_screens: 3 })
    for (const [key, screens] of Object.entries(three.paths)) {
      expect(screens.length).toBeLessThanOrEqual(3)
      expect(screens.at(-1)?.kind).toBe('confirm')
      // Every path loses the question (the same steps whatever the reason); offers stay.
      expect(screens.map((s) => s.kind)).not.toContain('feedback')
      if (full.paths[key]?.some((s) => s.kind === 'offer'))
        expect(screens.map((s) => s.kind)).toEqual(['reason', 'offer', 'confirm'])
    }
    expect(three.steps).toEqual(['reason', 'offer', 'confirm'])
    const none = plan({ max_offers: 0, max_screens: 1 })
    expect(
      Object.values(none.paths).every((screens) => screens.length === 1 && screens[0]?.kind === 'confirm'),
    ).toBe(true)
    expect(none).toMatchObject({ steps: ['confirm'], requireReason: false })
  })
})

describe('"Step x of y" counts the screens each mode shows', () => {
  const ALL = ['discount', 'pause', 'plan_switch'] as const
  // What the server plans with for each mode: no offer eligible where the mode forbids one before the
  // cancellation, the cap where the mode has one.
  const modes: [JurisdictionMode, { max_offers: number; max_screens: number } | null, boolean][] = [
    ['standard', null, true],
    ['offers_after_cancel', null, false],
    ['statutory_button', null, false],
    ['offer_cap', { max_offers: 1, max_screens: 3 }, true],
    ['offer_cap', { max_offers: 0, max_screens: 3 }, false],
  ]

  it.each(modes)(
    '%s (cap %j): the last screen before the end reads "n of n" on the longest path',
    (mode, cap, offers) => {
      const plan = planFlow({
        config: testConfig(),
        reasons: TEST_REASONS,
        eligibleOffers: offers ? ALL : [],
        cap,
        mode,
      })
      const paths = Object.values(plan.paths)
      const longest = Math.max(...paths.map((path) => path.length))
      expect(plan.steps).toHaveLength(longest)
      for (const path of paths) {
        const progress = path.map((screen) => stepProgress(plan, screen))
        // One total on every screen of every path, and every path ends on its last number.
        expect(progress.every(({ stepCount }) => stepCount === longest)).toBe(true)
        expect(progress.at(-1)?.stepIndex).toBe(longest - 1)
      }
      if (!offers) expect(plan.steps).not.toContain('offer')
    },
  )

  it('standard keeps counting the offer step for a subscriber with nothing eligible (the total never moves)', () => {
    const plan = planFlow({
      config: testConfig(),
      reasons: TEST_REASONS,
      eligibleOffers: [],
      mode: 'standard',
    })
    expect(plan.steps).toEqual(['reason', 'feedback', 'offer', 'confirm'])
  })
})
