import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { type ArmChoice, chooseArm, type Random } from './allocation'

type Db = Kysely<Database> | Transaction<Database>

export interface RunningExperiment {
  id: string
  holdoutPercent: number
  allocation: 'fixed' | 'thompson'
  arms: Array<{ id: string; weight: number; holdout: boolean; config: CancelFlowConfig | null }>
}

export interface AssignedArm {
  experimentId: string
  armId: string
  holdout: boolean
  config: CancelFlowConfig | null
}

/** The experiment running on an audience (a segment, or the default flow when `segmentId` is null). */
export async function findRunningExperiment(
  db: Db,
  accountId: string,
  segmentId: string | null,
): Promise<RunningExperiment | null> {
  let query = db
    .selectFrom('experiments')
    .select(['id', 'holdout_percent', 'allocation'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'running')
  query =
    segmentId === null ? query.where('on_default', '=', true) : query.where('segment_id', '=', segmentId)
  const experiment = await query.executeTakeFirst()
  if (!experiment) return null
  const arms = await db
    .selectFrom('experiment_arms')
    .select(['id', 'weight', 'holdout', 'config_json'])
    .where('experiment_id', '=', experiment.id)
    .orderBy('position')
    .execute()
  return {
    id: experiment.id,
    holdoutPercent: experiment.holdout_percent,
    allocation: experiment.allocation,
    arms: arms.map((arm) => ({
      id: arm.id,
      weight: arm.weight,
      holdout: arm.holdout,
      config: (arm.config_json ?? null) as CancelFlowConfig | null,
    })),
  }
}

/**
 * Live finished cancel sessions and saves (kept their plan or accepted an offer) per arm, the save rate
 * the results page reads: what Thompson sampling learns from.
 */
export async function armOutcomes(
  db: Db,
  experimentId: string,
): Promise<Map<string, { sessions: number; saves: number }>> {
  const { rows } = await sql<{ arm_id: string; sessions: string | number; saves: string | number }>`
    select arm_id, count(*) as sessions, count(*) filter (where status in ('saved', 'stayed')) as saves
    from cancel_sessions
    where experiment_id = ${experimentId} and mode = 'live' and kind = 'cancel'
      and status in ('saved', 'stayed', 'canceled')
    group by arm_id`.execute(db)
  return new Map(
    rows.map((row) => [row.arm_id, { sessions: Number(row.sessions), saves: Number(row.saves) }]),
  )
}

/**
 * The customer's arm: the one already recorded for them (any session, any device: the key is the
 * customer), else a new draw written with `on conflict do nothing` and read back, so twenty parallel
 * starts of one customer all end on the arm the first insert wrote.
 */
export async function assignArm(
  deps: AppDeps,
  experiment: RunningExperiment,
  customerId: string,
  random: Random = Math.random,
): Promise<AssignedArm> {
  const existing = await readAssignment(deps.db, experiment, customerId)
  if (existing) return existing
  const outcomes =
    experiment.allocation === 'thompson' ? await armOutcomes(deps.db, experiment.id) : new Map()
  const choices: ArmChoice[] = experiment.arms.map((arm) => ({
    id: arm.id,
    weight: arm.weight,
    holdout: arm.holdout,
    sessions: outcomes.get(arm.id)?.sessions ?? 0,
    saves: outcomes.get(arm.id)?.saves ?? 0,
  }))
  const chosen = chooseArm(choices, experiment.holdoutPercent, experiment.allocation, random)
  await deps.db
    .insertInto('experiment_assignments')
    .values({
      experiment_id: experiment.id,
      customer_id: customerId,
      arm_id: chosen.id,
      assigned_at: deps.clock.now(),
    })
    .onConflict((conflict) => conflict.columns(['experiment_id', 'customer_id']).doNothing())
    .execute()
  const assigned = await readAssignment(deps.db, experiment, customerId)
  if (!assigned) throw new Error('The arm assignment was not written')
  return assigned
}

async function readAssignment(
  db: Db,
  experiment: RunningExperiment,
  customerId: string,
): Promise<AssignedArm | null> {
  const row = await db
    .selectFrom('experiment_assignments')
    .select('arm_id')
    .where('experiment_id', '=', experiment.id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  const arm = row && experiment.arms.find((candidate) => candidate.id === row.arm_id)
  if (!arm) return null
  return { experimentId: experiment.id, armId: arm.id, holdout: arm.holdout, config: arm.config }
}
