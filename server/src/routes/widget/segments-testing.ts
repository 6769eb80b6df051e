import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { expect } from 'vitest'
import type { TestContext } from '../../../test/support/harness'

/** Shared set-up for the segment and experiment suites (not a test file itself). */

/** The default config with its first screen's headline changed: how a test tells flows apart. */
export function flowTitled(
  headline: string,
  edit: (config: CancelFlowConfig) => void = () => {},
): CancelFlowConfig {
  const config = createDefaultConfig()
  config.copy.general.headline = headline
  edit(config)
  return config
}

export async function putSegments(t: TestContext, accountId: string, token: string, segments: unknown[]) {
  const res = await t.request(`/api/account?accountId=${accountId}&action=segments`, {
    method: 'PUT',
    token,
    body: { segments },
  })
  return {
    status: res.status,
    body: (await res.json()) as { data: { segments: Array<{ id: string; name: string }> } },
  }
}

export async function startExperiment(t: TestContext, accountId: string, token: string, body: unknown) {
  const res = await t.request(`/api/account?accountId=${accountId}&action=experiments`, {
    method: 'POST',
    token,
    body,
  })
  const json = (await res.json()) as {
    data: { id: string; arms: Array<{ id: string; name: string; holdout: boolean }> }
  }
  expect(res.status, JSON.stringify(json)).toBe(201)
  return json.data
}

/**
 * Writes a known data set for one arm: `sessions` live cancel sessions of distinct customers, the first
 * `saves` of them saved by a discount (MRR 2900 → 2030), the rest cancelled, all started at `at`.
 */
export async function seedArmOutcomes(
  t: TestContext,
  input: {
    accountId: string
    experimentId: string
    armId: string
    sessions: number
    /** The first `saves` sessions accepted an offer, the next `stayed` kept their plan, the rest cancelled. */
    saves: number
    stayed?: number
    at: Date
    /** Numbers the sessions (and their customers) from here: a second batch for the same arm. */
    firstNumber?: number
  },
) {
  const stayedUntil = input.saves + (input.stayed ?? 0)
  const number = (index: number) => index + (input.firstNumber ?? 0)
  const rows = Array.from({ length: input.sessions }, (_, index) => ({
    id: `cs_seed_${input.armId}_${number(index)}`,
    account_id: input.accountId,
    kind: 'cancel' as const,
    mode: 'live' as const,
    customer_id: `cus_seed${input.armId.slice(4, 14)}${number(index)}`,
    subscription_id: null,
    status:
      index < input.saves
        ? ('saved' as const)
        : index < stayedUntil
          ? ('stayed' as const)
          : ('canceled' as const),
    mrr: 2900,
    currency: 'usd',
    experiment_id: input.experimentId,
    arm_id: input.armId,
    created_at: input.at,
    updated_at: input.at,
    completed_at: input.at,
  }))
  for (let offset = 0; offset < rows.length; offset += 200) {
    await t.database.db
      .insertInto('cancel_sessions')
      .values(rows.slice(offset, offset + 200))
      .execute()
  }
  const saved = rows.slice(0, input.saves).map((row) => ({
    account_id: input.accountId,
    session_id: row.id,
    customer_id: row.customer_id,
    subscription_id: null,
    mechanism: 'discount' as const,
    mrr_before: 2900,
    mrr_after: 2030,
    currency: 'usd',
    created_at: input.at,
  }))
  for (let offset = 0; offset < saved.length; offset += 200) {
    await t.database.db
      .insertInto('saves')
      .values(saved.slice(offset, offset + 200))
      .execute()
  }
}
