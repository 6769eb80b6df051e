import { compareRates } from './stats'

/**
 * An experiment's result in plain words: which arm saves more and how sure that is, whether offers beat
 * the holdout, and whether durability (saves still active 30 days on) can be read yet.
 */

/** Below this many sessions in an arm, a difference is mostly noise: say so instead of a winner. */
export const MIN_SESSIONS_PER_ARM = 30
export const CONCLUSIVE_CONFIDENCE = 0.95

export interface ArmFigures {
  id: string
  name: string
  holdout: boolean
  sessions: number
  saves: number
  /** Saves whose 30-day checkpoint is decided, and the age in days of the arm's oldest save. */
  durability: { decided30: number; oldestSaveDays: number | null; tracked: boolean }
}

export interface Verdict {
  text: string
  leaderArmId: string | null
  confidence: number | null
  conclusive: boolean
}

const percent = (value: number) => `${Math.round(value * 100)} %`

function durabilityWords(leader: ArmFigures): string {
  if (leader.saves === 0) return 'durability needs saves first'
  if (!leader.durability.tracked) return 'durability needs Stripe events (connect Stripe to follow saves)'
  if (leader.durability.decided30 > 0)
    return `durability readable (${leader.durability.decided30} saves past 30 days)`
  const weeks = Math.max(1, Math.ceil((30 - (leader.durability.oldestSaveDays ?? 0)) / 7))
  return `durability needs ${weeks} more ${weeks === 1 ? 'week' : 'weeks'}`
}

export function verdictOf(arms: readonly ArmFigures[]): Verdict {
  const tested = arms.filter((arm) => !arm.holdout)
  const short = tested.filter((arm) => arm.sessions < MIN_SESSIONS_PER_ARM)
  if (tested.length < 2 || short.length > 0) {
    const lacking = short.map((arm) => `${arm.name} has ${arm.sessions}`).join(', ')
    return {
      text: `Too early to call: each arm needs at least ${MIN_SESSIONS_PER_ARM} sessions (${lacking}).`,
      leaderArmId: null,
      confidence: null,
      conclusive: false,
    }
  }
  const ranked = [...tested].sort((a, b) => b.saves / b.sessions - a.saves / a.sessions)
  const [leader, runnerUp] = ranked as [ArmFigures, ArmFigures]
  const comparison = compareRates(runnerUp, leader)
  const confidence = comparison?.confidence ?? 0.5
  const conclusive = confidence >= CONCLUSIVE_CONFIDENCE
  const parts = [
    `${leader.name} saves more than ${runnerUp.name} with ${percent(confidence)} confidence${
      conclusive ? '' : ` (not yet conclusive: ${percent(CONCLUSIVE_CONFIDENCE)} wanted)`
    }`,
  ]
  const holdout = arms.find((arm) => arm.holdout && arm.sessions > 0)
  if (holdout) {
    const lift = compareRates(holdout, leader)
    if (lift) {
      parts.push(
        `offers ${lift.difference >= 0 ? 'add' : 'lose'} ${Math.abs(Math.round(lift.difference * 1000) / 10)} points over the holdout (${percent(lift.confidence)} confidence)`,
      )
    }
  }
  parts.push(durabilityWords(leader))
  return { text: `${parts.join('; ')}.`, leaderArmId: leader.id, confidence, conclusive }
}
