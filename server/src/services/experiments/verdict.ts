import { roundMinor } from '@retainkit/shared/money'
import { ALPHA, compareRatesSequential, type SequentialComparison } from './sequential'
import type { Interval } from './stats'

/**
 * An experiment's result in plain words: which arm saves more and how sure that is, whether offers beat
 * the holdout, and whether durability (saves still active 30 days on) can be read yet. Every claim rests
 * on an always-valid interval (sequential.ts) and is made only when that interval excludes no
 * difference, so the words never contradict the figures and reloading the page cannot manufacture a
 * winner. The 5 % error is shared out over every comparison the page makes (each pair of tested arms,
 * and offers against the holdout), so all its intervals hold together.
 */

/** Below this many finished sessions in an arm, a difference is mostly noise: say so instead of a winner. */
export const MIN_SESSIONS_PER_ARM = 30

export interface ArmFigures {
  id: string
  name: string
  holdout: boolean
  /** Finished sessions (kept their plan, accepted an offer or cancelled) and saves (the first two). */
  sessions: number
  saves: number
  /** Saves whose 30-day checkpoint is decided, and the age in days of the arm's oldest save. */
  durability: { decided30: number; oldestSaveDays: number | null; tracked: boolean }
}

export interface Verdict {
  text: string
  leaderArmId: string | null
  /** 1 − the always-valid p-value of leader against runner-up. */
  confidence: number | null
  /** The leader's difference over the runner-up is sure: its interval excludes 0. */
  conclusive: boolean
  /** The leader minus the runner-up, in save-rate points (a proportion), and its interval. */
  difference: number | null
  interval: Interval | null
}

/** How many comparisons an experiment's page makes: each pair of tested arms, and offers vs holdout. */
export function comparisonCount(testedArms: number, withHoldout: boolean): number {
  return Math.max(1, (testedArms * (testedArms - 1)) / 2 + (withHoldout ? 1 : 0))
}

/** The error rate each comparison gets so that all of them together keep to 5 % (Bonferroni). */
export const alphaPerComparison = (testedArms: number, withHoldout: boolean): number =>
  ALPHA / comparisonCount(testedArms, withHoldout)

/** `0.2351` → `23.5`, `0.1625` → `16.3` (half away from zero, float noise aside); no minus sign. */
const points = (value: number) => `${roundMinor(Math.abs(value) * 1000) / 10}`
const signedPoints = (value: number) => `${value < 0 ? '−' : '+'}${points(value)}`
const intervalWords = (interval: Interval) =>
  `95 % interval ${signedPoints(interval.low)} to ${signedPoints(interval.high)} points`

function durabilityWords(leader: ArmFigures): string {
  if (leader.saves === 0) return 'durability needs saves first'
  if (!leader.durability.tracked) return 'durability needs Stripe events (connect Stripe to follow saves)'
  if (leader.durability.decided30 > 0)
    return `durability readable (${leader.durability.decided30} saves past 30 days)`
  const weeks = Math.max(1, Math.ceil((30 - (leader.durability.oldestSaveDays ?? 0)) / 7))
  return `durability needs ${weeks} more ${weeks === 1 ? 'week' : 'weeks'}`
}

/** Offers (every tested arm together) against the holdout; null without a holdout with sessions. */
export function offersOverHoldout(arms: readonly ArmFigures[], alpha: number): SequentialComparison | null {
  const holdout = arms.find((arm) => arm.holdout && arm.sessions > 0)
  if (!holdout) return null
  const tested = arms.filter((arm) => !arm.holdout)
  const offers = {
    sessions: tested.reduce((sum, arm) => sum + arm.sessions, 0),
    saves: tested.reduce((sum, arm) => sum + arm.saves, 0),
  }
  if (holdout.sessions < MIN_SESSIONS_PER_ARM || offers.sessions < MIN_SESSIONS_PER_ARM) return null
  return compareRatesSequential(holdout, offers, alpha)
}

function holdoutWords(lift: SequentialComparison): string {
  const verb = lift.difference >= 0 ? 'add' : 'lose'
  const sure = lift.conclusive ? '' : ', not yet told apart from none'
  return `offers ${verb} ${points(lift.difference)} points over the holdout${sure} (${intervalWords(lift.interval)})`
}

export function verdictOf(arms: readonly ArmFigures[]): Verdict {
  const tested = arms.filter((arm) => !arm.holdout)
  const short = tested.filter((arm) => arm.sessions < MIN_SESSIONS_PER_ARM)
  const none = { leaderArmId: null, confidence: null, conclusive: false, difference: null, interval: null }
  if (tested.length < 2 || short.length > 0) {
    const lacking = short.map((arm) => `${arm.name} has ${arm.sessions}`).join(', ')
    return {
      text: `Too early to call: each arm needs at least ${MIN_SESSIONS_PER_ARM} finished sessions (${lacking}).`,
      ...none,
    }
  }
  const alpha = alphaPerComparison(
    tested.length,
    arms.some((arm) => arm.holdout && arm.sessions > 0),
  )
  const ranked = [...tested].sort((a, b) => b.saves / b.sessions - a.saves / a.sessions)
  const [leader, runnerUp] = ranked as [ArmFigures, ArmFigures]
  const comparison = compareRatesSequential(runnerUp, leader, alpha)
  if (!comparison) return { text: 'Too early to call.', ...none }
  const interval = intervalWords(comparison.interval)
  const parts = [
    comparison.conclusive
      ? `${leader.name} saves more than ${runnerUp.name}: ${signedPoints(comparison.difference)} points (${interval})`
      : `No winner yet: ${leader.name} leads ${runnerUp.name} by ${points(comparison.difference)} points, but the ${interval} still includes no difference`,
  ]
  const lift = offersOverHoldout(arms, alpha)
  if (lift) parts.push(holdoutWords(lift))
  parts.push(durabilityWords(leader))
  return {
    text: `${parts.join('; ')}.`,
    leaderArmId: leader.id,
    confidence: comparison.confidence,
    conclusive: comparison.conclusive,
    difference: comparison.difference,
    interval: comparison.interval,
  }
}
