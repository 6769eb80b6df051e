import { randomBytes } from 'node:crypto'
import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import type { ExperimentCreate, ExperimentUpdate } from '@retainkit/shared/schemas'
import type { Transaction } from 'kysely'
import { lockAccountRow } from '../../db/account-lock'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { configChanged } from '../config-changes'
import { saveConfigVersion } from '../flow-config'

const newId = (prefix: 'exp' | 'arm') => `${prefix}_${randomBytes(12).toString('hex')}`

export const EXPERIMENT_NOT_FOUND = 'This experiment was not found.'
export const ALREADY_RUNNING = 'An experiment is already running on this audience: stop it first.'
export const NOT_RUNNING = 'This experiment has stopped: its arms can no longer change.'
export const HOLDOUT_NOT_PROMOTABLE = 'The holdout shows no offers and cannot be promoted into the flow.'
export const ARMS_MISMATCH = 'Give a weight for every arm of this experiment, and only for its arms.'

/**
 * Starts an experiment on a segment's audience (or the default flow's): its arms, and a holdout arm
 * that takes `holdout_percent` of new customers. One running experiment per audience, checked under
 * the account's row lock (and by a unique index, should two instances race).
 */
export async function createExperiment(
  deps: AppDeps,
  accountId: string,
  input: ExperimentCreate,
): Promise<string> {
  const now = deps.clock.now()
  const id = newId('exp')
  await deps.db.transaction().execute(async (trx) => {
    await lockAccountRow(trx, accountId)
    if (input.segment_id !== null) {
      const segment = await trx
        .selectFrom('segments')
        .select('id')
        .where('account_id', '=', accountId)
        .where('id', '=', input.segment_id)
        .executeTakeFirst()
      if (!segment) throw new HttpError('NOT_FOUND', 'This segment was not found.', 'segment_id')
    }
    let running = trx
      .selectFrom('experiments')
      .select('id')
      .where('account_id', '=', accountId)
      .where('status', '=', 'running')
    running =
      input.segment_id === null
        ? running.where('on_default', '=', true)
        : running.where('segment_id', '=', input.segment_id)
    if (await running.executeTakeFirst())
      throw new HttpError('CONSTRAINT_VIOLATION', ALREADY_RUNNING, 'segment_id')
    await trx
      .insertInto('experiments')
      .values({
        id,
        account_id: accountId,
        segment_id: input.segment_id,
        on_default: input.segment_id === null,
        name: input.name,
        allocation: input.allocation,
        holdout_percent: input.holdout_percent,
        promoted_arm_id: null,
        started_at: now,
      })
      .execute()
    const arms = [
      ...input.arms.map((arm, position) => ({
        id: newId('arm'),
        experiment_id: id,
        position,
        name: arm.name,
        weight: arm.weight,
        holdout: false,
        config_json: JSON.stringify(arm.config_json),
      })),
      {
        id: newId('arm'),
        experiment_id: id,
        position: input.arms.length,
        name: 'Holdout',
        weight: 0,
        holdout: true,
        config_json: null,
      },
    ]
    await trx.insertInto('experiment_arms').values(arms).execute()
  })
  await configChanged(deps, accountId)
  return id
}

/** New weights, stop, or promote an arm's flow into the segment (or the default flow) and stop. */
export async function updateExperiment(
  deps: AppDeps,
  accountId: string,
  userId: string,
  update: ExperimentUpdate,
): Promise<void> {
  const now = deps.clock.now()
  const promoted = await deps.db.transaction().execute(async (trx) => {
    const experiment = await trx
      .selectFrom('experiments')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', update.id)
      .forUpdate()
      .executeTakeFirst()
    if (!experiment) throw new HttpError('NOT_FOUND', EXPERIMENT_NOT_FOUND, 'id')
    if (experiment.status !== 'running') throw new HttpError('CONSTRAINT_VIOLATION', NOT_RUNNING, 'id')
    const arms = await trx
      .selectFrom('experiment_arms')
      .selectAll()
      .where('experiment_id', '=', update.id)
      .execute()
    if (update.op === 'weights') {
      const tested = arms.filter((arm) => !arm.holdout)
      const named = new Set(update.weights.map((entry) => entry.arm_id))
      if (
        named.size !== update.weights.length ||
        tested.length !== named.size ||
        tested.some((arm) => !named.has(arm.id))
      ) {
        throw new HttpError('INVALID_INPUT', ARMS_MISMATCH, 'weights')
      }
      for (const entry of update.weights) {
        await trx
          .updateTable('experiment_arms')
          .set({ weight: entry.weight })
          .where('id', '=', entry.arm_id)
          .execute()
      }
      if (update.holdout_percent !== undefined) {
        await trx
          .updateTable('experiments')
          .set({ holdout_percent: update.holdout_percent })
          .where('id', '=', update.id)
          .execute()
      }
      return null
    }
    if (update.op === 'promote') {
      const arm = arms.find((candidate) => candidate.id === update.arm_id)
      if (!arm) throw new HttpError('NOT_FOUND', 'This arm is not part of the experiment.', 'arm_id')
      if (arm.holdout || !arm.config_json)
        throw new HttpError('BUSINESS_RULE_VIOLATION', HOLDOUT_NOT_PROMOTABLE, 'arm_id')
      // The default flow is a versioned config: the winner becomes its next version, saved below in the
      // same transaction that stops the experiment, so neither happens without the other.
      if (experiment.on_default) return arm.config_json as CancelFlowConfig
      if (experiment.segment_id !== null) {
        await trx
          .updateTable('segments')
          .set({ config_json: JSON.stringify(arm.config_json), updated_at: now })
          .where('account_id', '=', accountId)
          .where('id', '=', experiment.segment_id)
          .execute()
      }
    }
    await stopExperiment(trx, update.id, update.op === 'promote' ? update.arm_id : null, now)
    return null
  })
  if (!promoted || update.op !== 'promote') return configChanged(deps, accountId)
  const armId = update.arm_id
  await saveConfigVersion(deps, {
    accountId,
    userId,
    config: promoted,
    alongside: async (trx) => {
      const still = await trx
        .selectFrom('experiments')
        .select('status')
        .where('id', '=', update.id)
        .forUpdate()
        .executeTakeFirst()
      if (still?.status !== 'running') throw new HttpError('CONSTRAINT_VIOLATION', NOT_RUNNING, 'id')
      await stopExperiment(trx, update.id, armId, now)
    },
  })
}

async function stopExperiment(
  trx: Transaction<Database>,
  id: string,
  promotedArmId: string | null,
  now: Date,
) {
  await trx
    .updateTable('experiments')
    .set({ status: 'stopped', stopped_at: now, promoted_arm_id: promotedArmId })
    .where('id', '=', id)
    .execute()
}
