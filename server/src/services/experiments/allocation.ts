/**
 * How a new customer's arm is chosen: the holdout takes its fixed share first; the rest goes by the
 * arms' weights ('fixed') or by Thompson sampling ('thompson': one draw from each arm's Beta posterior
 * of its save rate, the highest wins, so a clearly better arm ends up with nearly everyone while a
 * doubtful one keeps being tried). Pure, with the random source passed in, so a seeded simulation can
 * show the allocation converging.
 */

export type Random = () => number

export interface ArmChoice {
  id: string
  weight: number
  holdout: boolean
  /** Live sessions and saves so far, for Thompson sampling. */
  sessions: number
  saves: number
}

/** A small seeded generator (mulberry32): the same seed gives the same simulation. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function standardNormal(random: Random): number {
  // Box-Muller; 1 - u keeps the logarithm away from zero.
  const u = 1 - random()
  const v = random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/** Gamma(shape, 1) by Marsaglia and Tsang's method (shape < 1 boosted by u^(1/shape)). */
function gamma(shape: number, random: Random): number {
  if (shape < 1) return gamma(shape + 1, random) * (1 - random()) ** (1 / shape)
  const d = shape - 1 / 3
  const c = 1 / Math.sqrt(9 * d)
  for (;;) {
    let x: number
    let v: number
    do {
      x = standardNormal(random)
      v = 1 + c * x
    } while (v <= 0)
    v = v * v * v
    const u = 1 - random()
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v
  }
}

export function betaSample(alpha: number, beta: number, random: Random): number {
  const x = gamma(alpha, random)
  const y = gamma(beta, random)
  return x / (x + y)
}

/** The arm a new customer gets. `holdoutPercent` of them go to the holdout whatever the allocation. */
export function chooseArm(
  arms: readonly ArmChoice[],
  holdoutPercent: number,
  allocation: 'fixed' | 'thompson',
  random: Random,
): ArmChoice {
  const holdout = arms.find((arm) => arm.holdout)
  if (holdout && holdoutPercent > 0 && random() * 100 < holdoutPercent) return holdout
  const candidates = arms.filter((arm) => !arm.holdout && arm.weight > 0)
  const [first] = candidates
  if (!first) throw new Error('An experiment needs an arm with a weight above 0')
  if (allocation === 'thompson') {
    let best = first
    let bestDraw = -1
    for (const arm of candidates) {
      const draw = betaSample(1 + arm.saves, 1 + Math.max(0, arm.sessions - arm.saves), random)
      if (draw > bestDraw) {
        best = arm
        bestDraw = draw
      }
    }
    return best
  }
  const total = candidates.reduce((sum, arm) => sum + arm.weight, 0)
  let point = random() * total
  for (const arm of candidates) {
    point -= arm.weight
    if (point < 0) return arm
  }
  return candidates[candidates.length - 1] ?? first
}

/** Each arm's share of new customers now (Thompson: its chance of being best, estimated by draws). */
export function currentShares(
  arms: readonly ArmChoice[],
  holdoutPercent: number,
  allocation: 'fixed' | 'thompson',
  random: Random,
  draws = 2000,
): Record<string, number> {
  const hasHoldout = arms.some((arm) => arm.holdout) && holdoutPercent > 0
  const rest = hasHoldout ? 1 - holdoutPercent / 100 : 1
  const shares: Record<string, number> = Object.fromEntries(arms.map((arm) => [arm.id, 0]))
  const holdout = arms.find((arm) => arm.holdout)
  if (holdout && hasHoldout) shares[holdout.id] = holdoutPercent / 100
  const candidates = arms.filter((arm) => !arm.holdout && arm.weight > 0)
  if (allocation === 'fixed') {
    const total = candidates.reduce((sum, arm) => sum + arm.weight, 0)
    for (const arm of candidates) shares[arm.id] = total === 0 ? 0 : (arm.weight / total) * rest
    return shares
  }
  for (let draw = 0; draw < draws; draw++) {
    const winner = chooseArm(candidates, 0, 'thompson', random)
    shares[winner.id] = (shares[winner.id] ?? 0) + rest / draws
  }
  return shares
}
