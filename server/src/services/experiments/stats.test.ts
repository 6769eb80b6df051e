import { describe, expect, it } from 'vitest'
import { type ArmChoice, chooseArm, currentShares, seededRandom } from './allocation'
import { compareRatesSequential } from './sequential'
import { compareRates, normalCdf, wilsonInterval } from './stats'
import { verdictOf } from './verdict'

/** Within 0.1 percentage point: the acceptance bar for the statistics. */
const closeTo = (actual: number | undefined, expected: number) =>
  expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThan(0.001)

describe('experiment statistics against known values', () => {
  // Reference values: R's prop.test(x, n, correct = FALSE)$conf.int (the Wilson score interval),
  // and the two-proportion z statistic worked by hand.
  it('Wilson 95 % intervals of save rates', () => {
    const cases: Array<[number, number, number, number]> = [
      [45, 100, 0.35615, 0.54755],
      [120, 400, 0.25717, 0.34664],
      [150, 400, 0.32896, 0.42342],
      [0, 20, 0, 0.16113],
      [20, 20, 0.83887, 1],
    ]
    for (const [saves, sessions, low, high] of cases) {
      const interval = wilsonInterval(saves, sessions)
      closeTo(interval?.low, low)
      closeTo(interval?.high, high)
    }
    expect(wilsonInterval(0, 0)).toBeNull()
  })

  it('the difference of two rates, its interval, and the confidence that one is higher', () => {
    const comparison = compareRates({ saves: 120, sessions: 400 }, { saves: 150, sessions: 400 })
    closeTo(comparison?.difference, 0.075)
    closeTo(comparison?.interval.low, 0.00967)
    closeTo(comparison?.interval.high, 0.14033)
    closeTo(comparison?.confidence, 0.98778)
    closeTo(compareRates({ saves: 60, sessions: 200 }, { saves: 72, sessions: 200 })?.confidence, 0.89949)
    // The standard normal at well-known points.
    closeTo(normalCdf(1.959964), 0.975)
    closeTo(normalCdf(-1), 0.158655)
    closeTo(normalCdf(0), 0.5)
  })
})

describe('the verdict in plain words', () => {
  const arm = (
    id: string,
    sessions: number,
    saves: number,
    extra: Partial<Parameters<typeof verdictOf>[0][0]> = {},
  ) => ({
    id,
    name: `Arm ${id}`,
    holdout: false,
    sessions,
    saves,
    durability: { decided30: 0, oldestSaveDays: 9, tracked: true },
    ...extra,
  })

  it('says who leads, by how much, the interval, and how long durability needs', () => {
    // 60/200 against 72/200: 6 points, always-valid interval ±14.4 points (by hand in the test below).
    const verdict = verdictOf([arm('A', 200, 60), arm('B', 200, 72)])
    expect(verdict.text).toBe(
      'No winner yet: Arm B leads Arm A by 6 points, but the 95 % interval −8.4 to +20.4 points still includes no difference; durability needs 3 more weeks.',
    )
    expect(verdict).toMatchObject({ leaderArmId: 'B', conclusive: false })
  })

  it('calls a clear winner conclusive and compares offers (all arms) with the holdout', () => {
    // Two comparisons (B vs A, offers vs holdout): each at 2.5 % so that together they keep to 5 %.
    const verdict = verdictOf([
      arm('A', 400, 100),
      arm('B', 400, 160, { durability: { decided30: 12, oldestSaveDays: 40, tracked: true } }),
      arm('H', 100, 10, { holdout: true, name: 'Holdout' }),
    ])
    expect(verdict.text).toBe(
      'Arm B saves more than Arm A: +15 points (95 % interval +4.3 to +25.7 points); offers add 22.5 points over the holdout (95 % interval +11 to +34 points); durability readable (12 saves past 30 days).',
    )
    expect(verdict.conclusive).toBe(true)
  })

  it('refuses to call it too early, and says durability needs Stripe events when saves are not followed', () => {
    expect(verdictOf([arm('A', 12, 3), arm('B', 40, 9)]).text).toBe(
      'Too early to call: each arm needs at least 30 finished sessions (Arm A has 12).',
    )
    const untracked = verdictOf([
      arm('A', 50, 5, { durability: { decided30: 0, oldestSaveDays: 3, tracked: false } }),
      arm('B', 50, 20, { durability: { decided30: 0, oldestSaveDays: 3, tracked: false } }),
    ])
    expect(untracked.text).toMatch(/durability needs Stripe events/)
  })
})

describe('a verdict that agrees with its interval', () => {
  const arm = (id: string, sessions: number, saves: number) => ({
    id,
    name: `Arm ${id}`,
    holdout: false,
    sessions,
    saves,
    durability: { decided30: 0, oldestSaveDays: 9, tracked: true },
  })

  it('computes the always-valid interval as by hand', () => {
    // p̃ = (saves + 1) / (sessions + 2): 7/32 and 13/32; V = Σ p̃(1 − p̃)/n = 0.0137370; τ = 0.1;
    // half-width = √(V (V + τ²) / τ² · (2 ln 20 + ln(1 + τ²/V))) = 0.461737.
    const comparison = compareRatesSequential({ saves: 6, sessions: 30 }, { saves: 12, sessions: 30 })
    closeTo(comparison?.difference, 0.2)
    closeTo(comparison?.interval.low, 0.2 - 0.461737)
    closeTo(comparison?.interval.high, 0.2 + 0.461737)
    expect(comparison?.conclusive).toBe(false)
  })

  it('does not call 6/30 against 12/30 conclusive: the interval of the difference includes 0', () => {
    const verdict = verdictOf([arm('A', 30, 6), arm('B', 30, 12)])
    expect(verdict.conclusive).toBe(false)
    expect(verdict.leaderArmId).toBe('B')
    expect(verdict.interval?.low).toBeLessThan(0)
    expect(verdict.interval?.high).toBeGreaterThan(0.2)
    expect(verdict.text).not.toMatch(/confidence \(not yet conclusive/)
    expect(verdict.text).toMatch(/^No winner yet: Arm B leads Arm A by 20 points/)
  })

  it('is conclusive exactly when the interval it shows excludes no difference, either way', () => {
    for (const [aSaves, bSaves] of [
      [60, 90],
      [90, 60],
      [60, 72],
      [70, 70],
      [30, 120],
    ] as const) {
      const verdict = verdictOf([arm('A', 300, aSaves), arm('B', 300, bSaves)])
      const interval = verdict.interval
      if (!interval) throw new Error('no interval')
      expect(verdict.conclusive).toBe(interval.low > 0 || interval.high < 0)
      expect(verdict.text).not.toMatch(/not yet conclusive/)
    }
  })
})

describe('allocation', () => {
  const arms = (stats: Record<string, [number, number]>, holdout = false): ArmChoice[] => [
    ...Object.entries(stats).map(([id, [sessions, saves]]) => ({
      id,
      weight: 50,
      holdout: false,
      sessions,
      saves,
    })),
    ...(holdout ? [{ id: 'H', weight: 0, holdout: true, sessions: 0, saves: 0 }] : []),
  ]

  it('splits by weight when fixed, with the holdout taking its share first', () => {
    const random = seededRandom(7)
    const choices: ArmChoice[] = [
      { id: 'A', weight: 75, holdout: false, sessions: 0, saves: 0 },
      { id: 'B', weight: 25, holdout: false, sessions: 0, saves: 0 },
      { id: 'H', weight: 0, holdout: true, sessions: 0, saves: 0 },
    ]
    const counts: Record<string, number> = { A: 0, B: 0, H: 0 }
    for (let i = 0; i < 20_000; i++) {
      const chosen = chooseArm(choices, 10, 'fixed', random)
      counts[chosen.id] = (counts[chosen.id] ?? 0) + 1
    }
    expect((counts.H ?? 0) / 20_000).toBeCloseTo(0.1, 1)
    expect((counts.A ?? 0) / 20_000).toBeCloseTo(0.675, 1)
    expect((counts.B ?? 0) / 20_000).toBeCloseTo(0.225, 1)
  })

  it('Thompson sampling converges on a clearly better arm in a seeded simulation, holdout kept fixed', () => {
    const random = seededRandom(2026)
    const trueRate: Record<string, number> = { A: 0.15, B: 0.35, C: 0.2, H: 0.05 }
    const state = arms({ A: [0, 0], B: [0, 0], C: [0, 0] }, true)
    const lastThousand: Record<string, number> = { A: 0, B: 0, C: 0, H: 0 }
    for (let customer = 0; customer < 4000; customer++) {
      const chosen = chooseArm(state, 10, 'thompson', random)
      chosen.sessions++
      if (random() < (trueRate[chosen.id] ?? 0)) chosen.saves++
      if (customer >= 3000) lastThousand[chosen.id] = (lastThousand[chosen.id] ?? 0) + 1
    }
    // The holdout keeps its 10 % whatever the arms do; the better arm takes nearly all the rest.
    expect((lastThousand.H ?? 0) / 1000).toBeGreaterThan(0.07)
    expect((lastThousand.H ?? 0) / 1000).toBeLessThan(0.13)
    expect((lastThousand.B ?? 0) / (1000 - (lastThousand.H ?? 0))).toBeGreaterThan(0.9)
    const shares = currentShares(state, 10, 'thompson', seededRandom(1))
    expect(shares.H).toBeCloseTo(0.1, 5)
    expect(shares.B).toBeGreaterThan(0.85)
  })
})
