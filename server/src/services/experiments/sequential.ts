import type { Interval } from './stats'

/**
 * Always-valid comparisons: a mixture sequential probability ratio test (mSPRT, the normal-mixture
 * form Johari, Pekelis and Walsh describe for A/B tests that are watched continuously) and the
 * confidence sequence it inverts to. Results pages are read whenever a merchant opens them, so a
 * fixed-sample test would be "peeked" at every load and, looked at often enough, would eventually call
 * a winner between two identical flows. The mixture likelihood ratio Λ of "the difference is 0" is a
 * nonnegative martingale under that hypothesis, so by Ville's inequality the chance it EVER reaches
 * 1/α, at any look, is at most α: a verdict read at any time, as often as wanted, is wrong at most 5 %
 * of the time. The interval shown is exactly the set of differences that test would not reject, so
 * "conclusive" and "the interval excludes 0" are the same statement, two-sided.
 *
 * Normal approximation of an estimate `estimate` with variance `variance`, mixing the true difference
 * over N(0, τ²): Λ = √(V / (V + τ²)) · exp(τ² θ̂² / (2 V (V + τ²))).
 */

/** Two-sided error rate of a verdict, over every look. */
export const ALPHA = 0.05
/**
 * The mixture's spread for a difference of save rates: 10 points. It tunes at which sample sizes the
 * test is sharpest (differences of about this size), never its error rate.
 */
export const RATE_MIXTURE_SD = 0.1

export interface SequentialComparison {
  /** The estimate (b − a). */
  difference: number
  /** The always-valid 1 − α confidence interval of the difference. */
  interval: Interval
  /** 1 − the always-valid p-value (1/Λ, at most 1). */
  confidence: number
  /** The interval excludes 0 (Λ ≥ 1/α). */
  conclusive: boolean
}

/** The half-width of the confidence sequence at variance `variance` with mixture spread `tau`. */
export function sequentialHalfWidth(variance: number, tau: number, alpha = ALPHA): number {
  const tau2 = tau * tau
  return Math.sqrt(
    ((variance * (variance + tau2)) / tau2) * (2 * Math.log(1 / alpha) + Math.log(1 + tau2 / variance)),
  )
}

/** The always-valid comparison of an estimate with its variance; null when the variance is not positive. */
export function sequentialCompare(
  estimate: number,
  variance: number,
  tau: number,
  alpha = ALPHA,
): SequentialComparison | null {
  if (!(variance > 0) || !(tau > 0)) return null
  const tau2 = tau * tau
  const logLambda =
    0.5 * Math.log(variance / (variance + tau2)) +
    (tau2 * estimate * estimate) / (2 * variance * (variance + tau2))
  const half = sequentialHalfWidth(variance, tau, alpha)
  return {
    difference: estimate,
    interval: { low: estimate - half, high: estimate + half },
    confidence: 1 - Math.min(1, Math.exp(-logLambda)),
    conclusive: Math.abs(estimate) > half,
  }
}

export interface Counts {
  saves: number
  sessions: number
}

/**
 * A save rate's variance for the test: from the rate with one save and one loss added (so 0 of 30 or 30
 * of 30 do not claim a variance of 0, which would make any difference look certain).
 */
function rateVariance({ saves, sessions }: Counts): number {
  const p = (saves + 1) / (sessions + 2)
  return (p * (1 - p)) / sessions
}

/** `b`'s save rate against `a`'s: always-valid, two-sided; null while either has no session. */
export function compareRatesSequential(a: Counts, b: Counts, alpha = ALPHA): SequentialComparison | null {
  if (a.sessions === 0 || b.sessions === 0) return null
  const difference = b.saves / b.sessions - a.saves / a.sessions
  const result = sequentialCompare(difference, rateVariance(a) + rateVariance(b), RATE_MIXTURE_SD, alpha)
  if (!result) return null
  return {
    ...result,
    interval: { low: Math.max(-1, result.interval.low), high: Math.min(1, result.interval.high) },
  }
}

/** Mean and variance of the mean of a sample (n − 1 in the sample variance). */
export function meanAndVariance(values: readonly number[]): { mean: number; varianceOfMean: number } {
  const n = values.length
  if (n === 0) return { mean: 0, varianceOfMean: 0 }
  const mean = values.reduce((sum, value) => sum + value, 0) / n
  if (n < 2) return { mean, varianceOfMean: 0 }
  const squares = values.reduce((sum, value) => sum + (value - mean) ** 2, 0)
  return { mean, varianceOfMean: squares / (n - 1) / n }
}
