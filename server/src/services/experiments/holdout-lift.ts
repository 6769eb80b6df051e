import { roundMinor } from '@retainkit/shared/money'
import { type ArmSession, netValue } from './arm-sessions'
import { meanAndVariance, RATE_MIXTURE_SD, sequentialCompare } from './sequential'
import { type ArmFigures, offersOverHoldout } from './verdict'

/**
 * What offers add over the holdout, in save-rate points and in net saved MRR, each with the same
 * always-valid interval as the verdict. Money per currency (never added across currencies): per
 * finished session, offers' mean net saved MRR minus the holdout's, and that difference over the offer
 * arms' sessions in the currency — the MRR kept now that the holdout's behaviour would not have kept.
 */

export interface RevenueLift {
  currency: string
  /** Finished sessions in this currency: of the tested arms together, and of the holdout. */
  offer_sessions: number
  holdout_sessions: number
  /** Per finished session, in the currency's minor unit: the difference and its interval. */
  per_session: { amount: number; low: number; high: number }
  /** `per_session` over the offer arms' sessions in the currency (rounded once, from the exact value). */
  total: { amount: number; low: number; high: number }
  conclusive: boolean
}

export interface HoldoutLift {
  save_rate: { difference: number; low: number; high: number; conclusive: boolean }
  net_mrr: RevenueLift[]
}

function revenueLift(
  currency: string,
  offers: readonly ArmSession[],
  holdout: readonly ArmSession[],
  alpha: number,
): RevenueLift | null {
  const o = meanAndVariance(offers.map(netValue))
  const h = meanAndVariance(holdout.map(netValue))
  // The mixture's spread in money: 10 points of save rate at these sessions' average MRR.
  const all = [...offers, ...holdout]
  const averageMrr = all.reduce((sum, session) => sum + session.mrr, 0) / all.length
  const comparison = sequentialCompare(
    o.mean - h.mean,
    o.varianceOfMean + h.varianceOfMean,
    RATE_MIXTURE_SD * averageMrr,
    alpha,
  )
  if (!comparison) return null
  const times = (value: number, n: number) => roundMinor(value * n)
  const { difference, interval } = comparison
  const n = offers.length
  return {
    currency,
    offer_sessions: n,
    holdout_sessions: holdout.length,
    per_session: {
      amount: roundMinor(difference),
      low: roundMinor(interval.low),
      high: roundMinor(interval.high),
    },
    total: { amount: times(difference, n), low: times(interval.low, n), high: times(interval.high, n) },
    conclusive: comparison.conclusive,
  }
}

/** Offers against the holdout; null without a holdout of enough finished sessions. */
export function holdoutLift(
  arms: readonly ArmFigures[],
  sessions: readonly ArmSession[],
  alpha: number,
): HoldoutLift | null {
  const rate = offersOverHoldout(arms, alpha)
  if (!rate) return null
  const holdoutIds = new Set(arms.filter((arm) => arm.holdout).map((arm) => arm.id))
  const currencies = [...new Set(sessions.map((session) => session.currency))]
    .filter((currency): currency is string => currency !== null)
    .sort()
  const net_mrr = currencies.flatMap((currency) => {
    const inCurrency = sessions.filter((session) => session.currency === currency)
    const holdout = inCurrency.filter((session) => holdoutIds.has(session.arm_id))
    const offers = inCurrency.filter((session) => !holdoutIds.has(session.arm_id))
    if (holdout.length < 2 || offers.length < 2) return []
    const lift = revenueLift(currency, offers, holdout, alpha)
    return lift ? [lift] : []
  })
  return {
    save_rate: {
      difference: rate.difference,
      low: rate.interval.low,
      high: rate.interval.high,
      conclusive: rate.conclusive,
    },
    net_mrr,
  }
}
