import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { CHECKPOINT_DAYS, durabilityOf, type FollowedRow } from '../analytics/durability'
import { type ArmChoice, currentShares, seededRandom } from './allocation'
import { compareRates, saveRate, wilsonInterval } from './stats'
import { verdictOf } from './verdict'

const DAY_MS = 86_400_000

export interface ArmResult {
  id: string
  name: string
  holdout: boolean
  weight: number
  /** Its share of new customers now (Thompson: its chance of being drawn). */
  share: number
  config_json: CancelFlowConfig | null
  sessions: number
  saves: number
  save_rate: number | null
  save_rate_interval: { low: number; high: number } | null
  saved_mrr: number
  durability: Array<{ days: number; decided: number; kept: number; rate: number | null }>
  /** Against the first arm (the control): difference of save rates, its 95 % interval, P(better). */
  vs_control: { difference: number; low: number; high: number; confidence: number } | null
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
  currency: string | null
  arms: ArmResult[]
  verdict: { text: string; leader_arm_id: string | null; confidence: number | null; conclusive: boolean }
}

/** A followed save, with the arm its session ran. */
type SaveRow = FollowedRow & { arm_id: string }

/** Live figures of an experiment's arms: sessions, saves, saved MRR and each save followed in Stripe. */
async function armFigures(db: Kysely<Database>, experimentId: string) {
  const [counts, saves] = await Promise.all([
    sql<{ arm_id: string; sessions: string | number; saves: string | number }>`
      select arm_id, count(*) as sessions, count(*) filter (where status = 'saved') as saves
      from cancel_sessions
      where experiment_id = ${experimentId} and mode = 'live' and kind = 'cancel'
      group by arm_id`.execute(db),
    sql<SaveRow>`
      select s.id, s.session_id, cs.arm_id, s.customer_id,
        coalesce(s.subscription_id, cs.subscription_id) as subscription_id, s.mechanism, cs.reason_key,
        s.mrr_after, lower(s.currency) as currency, s.created_at,
        ss.status, ss.cancel_at_period_end, ss.canceled_at, ss.ended_at, ss.unpaid_since, ss.synced_at
      from saves s
      join cancel_sessions cs on cs.id = s.session_id
      left join subscriber_subscriptions ss on ss.account_id = s.account_id
        and ss.subscription_id = coalesce(s.subscription_id, cs.subscription_id)
      where cs.experiment_id = ${experimentId} and s.live`.execute(db),
  ])
  return { counts: counts.rows, saves: saves.rows }
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
  for (const experiment of experiments) {
    const arms = await db
      .selectFrom('experiment_arms')
      .selectAll()
      .where('experiment_id', '=', experiment.id)
      .orderBy('position')
      .execute()
    const figures = await armFigures(db, experiment.id)
    const followed = figures.saves.map((row) => ({ arm: row.arm_id, save: durabilityOf(row, now) }))
    const currencies = [...new Set(figures.saves.map((row) => row.currency).filter((c) => c !== null))]
    const outcome = (armId: string) => {
      const row = figures.counts.find((count) => count.arm_id === armId)
      return { sessions: Number(row?.sessions ?? 0), saves: Number(row?.saves ?? 0) }
    }
    const choices: ArmChoice[] = arms.map((arm) => ({ ...arm, ...outcome(arm.id) }))
    // Seeded by the experiment, so the shares shown do not flicker from one reload to the next.
    const shares = currentShares(
      choices,
      experiment.holdout_percent,
      experiment.allocation,
      seededRandom([...experiment.id].reduce((sum, char) => sum + char.charCodeAt(0), 0)),
    )
    const shown = arms.filter(
      (arm) => !arm.holdout || experiment.holdout_percent > 0 || outcome(arm.id).sessions > 0,
    )
    const control = shown.find((arm) => !arm.holdout)
    const armResults: ArmResult[] = shown.map((arm) => {
      const { sessions, saves } = outcome(arm.id)
      const own = followed.filter((entry) => entry.arm === arm.id).map((entry) => entry.save)
      const versus =
        control && control.id !== arm.id ? compareRates(outcome(control.id), { sessions, saves }) : null
      return {
        id: arm.id,
        name: arm.name,
        holdout: arm.holdout,
        weight: arm.weight,
        share: shares[arm.id] ?? 0,
        config_json: (arm.config_json ?? null) as CancelFlowConfig | null,
        sessions,
        saves,
        save_rate: saveRate(saves, sessions),
        save_rate_interval: wilsonInterval(saves, sessions),
        saved_mrr: own.reduce((sum, save) => sum + save.mrr_after, 0),
        durability: CHECKPOINT_DAYS.map((days) => {
          const states = own.map((save) => save.checkpoints[`d${days}`])
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
            }
          : null,
      }
    })
    const verdict = verdictOf(
      armResults.map((arm) => {
        const own = followed.filter((entry) => entry.arm === arm.id).map((entry) => entry.save)
        const oldest = own.reduce<number | null>(
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
            tracked: own.some((save) => save.durability !== 'unknown'),
          },
        }
      }),
    )
    results.push({
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
      currency: currencies.length === 1 ? (currencies[0] ?? null) : currencies.length === 0 ? null : 'mixed',
      arms: armResults,
      verdict: {
        text: verdict.text,
        leader_arm_id: verdict.leaderArmId,
        confidence: verdict.confidence,
        conclusive: verdict.conclusive,
      },
    })
  }
  return results
}
