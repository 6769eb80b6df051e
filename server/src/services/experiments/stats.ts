/**
 * The statistics an experiment's results are read with: save rates with Wilson score intervals (sound
 * for small samples and rates near 0 or 1, unlike the plain normal interval), the difference of two
 * rates with its normal interval, and the confidence that one arm's true rate is higher than another's
 * (one-sided, normal approximation of the difference). Pure functions over counts.
 */

/** The two-sided 95 % quantile of the standard normal. */
export const Z95 = 1.959963984540054

export interface Interval {
  low: number
  high: number
}

export function saveRate(saves: number, sessions: number): number | null {
  return sessions === 0 ? null : saves / sessions
}

/** Wilson score interval of a proportion; null without sessions. */
export function wilsonInterval(saves: number, sessions: number, z = Z95): Interval | null {
  if (sessions === 0) return null
  const p = saves / sessions
  const z2 = z * z
  const denominator = 1 + z2 / sessions
  const centre = (p + z2 / (2 * sessions)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / sessions + z2 / (4 * sessions * sessions))) / denominator
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

/** The standard normal distribution function (Zelen and Severo's approximation, error < 7.5e-8). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x))
  const density = Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)
  const tail =
    density * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))))
  return x >= 0 ? 1 - tail : tail
}

export interface Comparison {
  /** Rate of `b` minus rate of `a`, as a proportion. */
  difference: number
  interval: Interval
  /** The probability that `b`'s true rate exceeds `a`'s. */
  confidence: number
}

/** `b` against `a`: the difference of their save rates, its 95 % interval, and P(b better than a). */
export function compareRates(
  a: { saves: number; sessions: number },
  b: { saves: number; sessions: number },
): Comparison | null {
  if (a.sessions === 0 || b.sessions === 0) return null
  const pa = a.saves / a.sessions
  const pb = b.saves / b.sessions
  const difference = pb - pa
  const se = Math.sqrt((pa * (1 - pa)) / a.sessions + (pb * (1 - pb)) / b.sessions)
  const confidence = se === 0 ? (difference > 0 ? 1 : difference < 0 ? 0 : 0.5) : normalCdf(difference / se)
  return { difference, interval: { low: difference - Z95 * se, high: difference + Z95 * se }, confidence }
}
