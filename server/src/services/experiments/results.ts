import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { type Money, MoneyTotals } from '@retainkit/shared/money'
import type { Kysely, Selectable } from 'kysely'
import type { Database, ExperimentArmsTable, ExperimentsTable } from '../../db/tables'
import { CHECKPOINT_DAYS } from '../analytics/durability'
import { type ArmChoice, currentShares, seededRandom } from './allocation'
import { type ArmSession, countsOf, finishedSessions, grossValue, netValue } from './arm-sessions'
import { type HoldoutLift, holdoutLift } from './holdout-lift'
import { compareRatesSequential, type SequentialComparison } from './sequential'
import { saveRate, wilsonInterval } from './stats'
import { type ArmFigures, alphaPerComparison, verdictOf } from './verdict'

const DAY_MS = 86_400_000

type ArmRow = Selectable<ExperimentArmsTable>

export interface ArmResult {
  id: string
  name: string
  holdout: boolean
  weight: number
  /** Its share of new customers now (Thompson: its chance of being drawn). */
  share: number
  config_json: CancelFlowConfig | null
  /** Finished sessions: kept their plan, accepted an offer or cancelled. */
  sessions: number
  /** Saves: `kept_plan` + `accepted_offers`. */
  saves: number
  kept_plan: number
  accepted_offers: number
  save_rate: number | null
  save_rate_interval: { low: number; high: number } | null
  /** MRR its saves kept when made, per currency (gross), and of it what they keep now (net). */
  saved_mrr: Money[]
  net_mrr: Money[]
  durability: Array<{ days: number; decided: number; kept: number; rate: number | null }>
  /**
   * Against the first arm (the control): difference of save rates and its always-valid interval,
   * 1 − the always-valid p-value, and whether the interval excludes 0.
   */
  vs_control: {
    difference: number
    low: number
    high: number
    confidence: number
    conclusive: boolean
  } | null
}

export interface ExperimentResult {
  id: string
  name: string
  segment_id: string | null
  on_default: boolean
  status: 'running' | 'stopped'
  allocation: 'fixed' | 'thompson'
  holdout_percent: number
  promoted_arm_id: string | null
  started_at: string
  stopped_at: string | null
  /** The currencies its sessions are in, sorted. */
  currencies: string[]
  arms: ArmResult[]
  holdout_lift: HoldoutLift | null
  verdict: {
    text: string
    leader_arm_id: string | null
    confidence: number | null
    conclusive: boolean
    difference: number | null
    interval: { low: number; high: number } | null
  }
}

/** A list of amounts per currency, from sessions and what each is worth. */
function moneyOf(sessions: readonly ArmSession[], value: (session: ArmSession) => number): Money[] {
  const totals = new MoneyTotals()
  for (const session of sessions) {
    if (session.currency && session.save) totals.add(value(session), session.currency)
  }
  return totals.list()
}

/** One arm's figures from the experiment's finished sessions. */
function armResult(
  arm: ArmRow,
  sessions: readonly ArmSession[],
  share: number,
  versus: SequentialComparison | null,
): ArmResult {
  const own = sessions.filter((session) => session.arm_id === arm.id)
  const counts = countsOf(sessions, arm.id)
  const saves = own.flatMap((session) => (session.save ? [session.save] : []))
  return {
    id: arm.id,
    name: arm.name,
    holdout: arm.holdout,
    weight: arm.weight,
    share,
    config_json: (arm.config_json ?? null) as CancelFlowConfig | null,
    sessions: counts.sessions,
    saves: counts.saves,
    kept_plan: counts.keptPlan,
    accepted_offers: counts.accepted,
    save_rate: saveRate(counts.saves, counts.sessions),
    save_rate_interval: wilsonInterval(counts.saves, counts.sessions),
    saved_mrr: moneyOf(own, grossValue),
    net_mrr: moneyOf(own, netValue),
    durability: CHECKPOINT_DAYS.map((days) => {
      const states = saves.map((save) => save.checkpoints[`d${days}`])
      const decided = states.filter((state) => state === 'kept' || state === 'lost').length
      const kept = states.filter((state) => state === 'kept').length
      return { days, decided, kept, rate: decided === 0 ? null : kept / decided }
    }),
    vs_control: versus
      ? {
          difference: versus.difference,
          low: versus.interval.low,
          high: versus.interval.high,
          confidence: versus.confidence,
          conclusive: versus.conclusive,
        }
      : null,
  }
}

/** What the verdict reads of an arm: its counts and how far its saves' durability is. */
function verdictFigures(arm: ArmResult, sessions: readonly ArmSession[], now: Date): ArmFigures {
  const saves = sessions.flatMap((session) =>
    session.arm_id === arm.id && session.save ? [session.save] : [],
  )
  const oldest = saves.reduce<number | null>(
    (age, save) => Math.max(age ?? 0, (now.getTime() - save.saved_at.getTime()) / DAY_MS),
    null,
  )
  return {
    id: arm.id,
    name: arm.name,
    holdout: arm.holdout,
    sessions: arm.sessions,
    saves: arm.saves,
    durability: {
      decided30: arm.durability[0]?.decided ?? 0,
      oldestSaveDays: oldest,
      tracked: saves.some((save) => save.durability !== 'unknown'),
    },
  }
}

async function experimentResult(
  db: Kysely<Database>,
  experiment: Selectable<ExperimentsTable>,
  now: Date,
): Promise<ExperimentResult> {
  const arms = await db
    .selectFrom('experiment_arms')
    .selectAll()
    .where('experiment_id', '=', experiment.id)
    .orderBy('position')
    .execute()
  const sessions = await finishedSessions(db, experiment.id, now)
  const choices: ArmChoice[] = arms.map((arm) => ({ ...arm, ...countsOf(sessions, arm.id) }))
  // Seeded by the experiment, so the shares shown do not flicker from one reload to the next.
  const shares = currentShares(
    choices,
    experiment.holdout_percent,
    experiment.allocation,
    seededRandom([...experiment.id].reduce((sum, char) => sum + char.charCodeAt(0), 0)),
  )
  const shown = arms.filter(
    (arm) => !arm.holdout || experiment.holdout_percent > 0 || countsOf(sessions, arm.id).sessions > 0,
  )
  const tested = shown.filter((arm) => !arm.holdout)
  const holdoutShown = shown.some((arm) => arm.holdout && countsOf(sessions, arm.id).sessions > 0)
  const alpha = alphaPerComparison(tested.length, holdoutShown)
  const control = tested[0]
  const armResults = shown.map((arm) => {
    const versus =
      control && control.id !== arm.id && !arm.holdout
        ? compareRatesSequential(countsOf(sessions, control.id), countsOf(sessions, arm.id), alpha)
        : null
    return armResult(arm, sessions, shares[arm.id] ?? 0, versus)
  })
  const figures = armResults.map((arm) => verdictFigures(arm, sessions, now))
  const verdict = verdictOf(figures)
  return {
    id: experiment.id,
    name: experiment.name,
    segment_id: experiment.segment_id,
    on_default: experiment.on_default,
    status: experiment.status,
    allocation: experiment.allocation,
    holdout_percent: experiment.holdout_percent,
    promoted_arm_id: experiment.promoted_arm_id,
    started_at: new Date(experiment.started_at).toISOString(),
    stopped_at: experiment.stopped_at ? new Date(experiment.stopped_at).toISOString() : null,
    currencies: [
      ...new Set(sessions.flatMap((session) => (session.currency ? [session.currency] : []))),
    ].sort(),
    arms: armResults,
    holdout_lift: holdoutLift(figures, sessions, alpha),
    verdict: {
      text: verdict.text,
      leader_arm_id: verdict.leaderArmId,
      confidence: verdict.confidence,
      conclusive: verdict.conclusive,
      difference: verdict.difference,
      interval: verdict.interval,
    },
  }
}

export async function loadExperimentResults(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
  onlyId?: string,
): Promise<ExperimentResult[]> {
  let query = db.selectFrom('experiments').selectAll().where('account_id', '=', accountId)
  if (onlyId) query = query.where('id', '=', onlyId)
  const experiments = await query.orderBy('started_at', 'desc').execute()
  const results: ExperimentResult[] = []
  for (const experiment of experiments) results.push(await experimentResult(db, experiment, now))
  return results
}
