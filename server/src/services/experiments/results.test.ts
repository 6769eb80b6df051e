import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { flowTitled, seedArmOutcomes, startExperiment } from '../../routes/widget/segments-testing'
import { type WidgetAccount, widgetAccount } from '../../routes/widget/testing'
import { loadExperimentResults } from './results'

const DAY_MS = 86_400_000
let t: TestContext
let account: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t, { stripe: false })
})
afterAll(() => t.close())

describe("durability of an experiment's saves", () => {
  it('follows each save through Stripe events to 30, 60 and 90 days, per arm', async () => {
    const experiment = await startExperiment(t, account.accountId, account.ownerToken, {
      name: 'Durability',
      segment_id: null,
      allocation: 'fixed',
      holdout_percent: 0,
      arms: [
        { name: 'A', weight: 1, config_json: flowTitled('A') },
        { name: 'B', weight: 1, config_json: flowTitled('B') },
      ],
    })
    const [a, b] = experiment.arms
    if (!a || !b) throw new Error('arms missing')
    const savedAt = new Date(t.clock.now().getTime() - 65 * DAY_MS)
    await seedArmOutcomes(t, {
      accountId: account.accountId,
      experimentId: experiment.id,
      armId: a.id,
      sessions: 40,
      saves: 4,
      at: savedAt,
    })
    await seedArmOutcomes(t, {
      accountId: account.accountId,
      experimentId: experiment.id,
      armId: b.id,
      sessions: 40,
      saves: 2,
      at: savedAt,
    })
    // What the merchant's Stripe events said about arm A's saved subscriptions: two still active, one
    // cancelled 40 days after the save, one unpaid from day 10. Arm B's were never heard of.
    const saves = await t.database.db
      .selectFrom('saves')
      .innerJoin('cancel_sessions', 'cancel_sessions.id', 'saves.session_id')
      .select(['saves.id', 'saves.customer_id'])
      .where('cancel_sessions.arm_id', '=', a.id)
      .orderBy('saves.customer_id')
      .execute()
    const fates = [
      { status: 'active', canceled_at: null, unpaid_since: null },
      { status: 'active', canceled_at: null, unpaid_since: null },
      { status: 'canceled', canceled_at: new Date(savedAt.getTime() + 40 * DAY_MS), unpaid_since: null },
      { status: 'past_due', canceled_at: null, unpaid_since: new Date(savedAt.getTime() + 10 * DAY_MS) },
    ]
    for (const [index, save] of saves.entries()) {
      const fate = fates[index] ?? fates[0]
      const subscriptionId = `sub_seed${index}durable`
      await t.database.db
        .updateTable('saves')
        .set({ subscription_id: subscriptionId })
        .where('id', '=', save.id)
        .execute()
      await t.database.db
        .insertInto('subscriber_subscriptions')
        .values({
          account_id: account.accountId,
          subscription_id: subscriptionId,
          customer_id: save.customer_id,
          status: fate?.status ?? 'active',
          cancel_at_period_end: false,
          canceled_at: fate?.canceled_at ?? null,
          ended_at: fate?.canceled_at ?? null,
          paused: false,
          unpaid_since: fate?.unpaid_since ?? null,
          stripe_created: savedAt,
          synced_at: t.clock.now(),
        })
        .execute()
    }
    const [result] = await loadExperimentResults(
      t.database.db,
      account.accountId,
      t.clock.now(),
      experiment.id,
    )
    const armA = result?.arms.find((arm) => arm.id === a.id)
    const armB = result?.arms.find((arm) => arm.id === b.id)
    expect(armA?.durability).toEqual([
      { days: 30, decided: 4, kept: 3, rate: 0.75 },
      { days: 60, decided: 4, kept: 2, rate: 0.5 },
      // 90 days are not reached yet: only the saves already lost are decided there.
      { days: 90, decided: 2, kept: 0, rate: 0 },
    ])
    expect(armB?.durability.map((checkpoint) => checkpoint.decided)).toEqual([0, 0, 0])
  })
})

describe('the save rate of every arm, the holdout included', () => {
  it('counts subscribers who kept their plan as saves: 5 of 25 in the holdout is 5/25, not 0/25', async () => {
    // An account of its own: one experiment runs on an audience at a time.
    const account = await widgetAccount(t, { stripe: false })
    const experiment = await startExperiment(t, account.accountId, account.ownerToken, {
      name: 'Holdout stays',
      segment_id: null,
      allocation: 'fixed',
      holdout_percent: 20,
      arms: [
        { name: 'A', weight: 1, config_json: flowTitled('A') },
        { name: 'B', weight: 1, config_json: flowTitled('B') },
      ],
    })
    const [a, b, holdout] = experiment.arms
    if (!a || !b || !holdout) throw new Error('arms missing')
    const at = new Date(t.clock.now().getTime() - 5 * DAY_MS)
    const seed = (armId: string, sessions: number, saves: number, stayed: number, firstNumber = 0) =>
      seedArmOutcomes(t, {
        accountId: account.accountId,
        experimentId: experiment.id,
        armId,
        sessions,
        saves,
        stayed,
        at,
        firstNumber,
      })
    const results = async () =>
      (await loadExperimentResults(t.database.db, account.accountId, t.clock.now(), experiment.id))[0]
    // A: 10 offers taken and 2 kept their plan of 40; B: 14 and 3 of 40; the holdout (no offers): 5 of 25.
    await seed(a.id, 40, 10, 2)
    await seed(b.id, 40, 14, 3)
    await seed(holdout.id, 25, 0, 5)
    const early = await results()
    expect(
      early?.arms.map((arm) => [arm.name, arm.sessions, arm.saves, arm.kept_plan, arm.save_rate]),
    ).toEqual([
      ['A', 40, 12, 2, 12 / 40],
      ['B', 40, 17, 3, 17 / 40],
      ['Holdout', 25, 5, 5, 5 / 25],
    ])
    // Under 30 finished sessions the holdout is shown but not compared yet.
    expect(early?.holdout_lift).toBeNull()
    expect(early?.verdict.text).not.toMatch(/holdout/)

    // 15 more in the holdout, 3 of whom kept their plan: 8 of 40 (20 %). Offers together: 29 of 80
    // (36.25 %): 16.25 points over the holdout, not the 36.25 − 0 a holdout without saves would show.
    await seed(holdout.id, 15, 0, 3, 25)
    const later = await results()
    expect(later?.arms.at(-1)).toMatchObject({ sessions: 40, saves: 8, save_rate: 0.2 })
    expect(later?.holdout_lift?.save_rate.difference).toBeCloseTo(29 / 80 - 8 / 40, 10)
    expect(later?.verdict.text).toMatch(/offers add 16\.3 points over the holdout/)
  })
})
