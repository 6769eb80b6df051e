import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { flowTitled, putSegments, seedArmOutcomes, startExperiment } from '../widget/segments-testing'
import { newSubscriber, startSession, tokenFor, type WidgetAccount, widgetAccount } from '../widget/testing'

let t: TestContext
let account: WidgetAccount
let viewer: string
let editor: string
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t)
  viewer = (await t.addMember(account.accountId, 'viewer')).token
  editor = (await t.addMember(account.accountId, 'editor')).token
})
afterAll(() => t.close())

const call = (action: string, token: string, method = 'GET', body?: unknown, accountId = account.accountId) =>
  t.request(`/api/account?accountId=${accountId}&action=${action}`, {
    method,
    token,
    ...(body ? { body } : {}),
  })
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; field?: string } }).error

const annual = {
  name: 'Annual',
  enabled: true,
  rule: { match: 'all', conditions: [{ attribute: 'billing_interval', operator: 'equals', value: 'year' }] },
  config_json: flowTitled('Annual flow'),
}
const veterans = {
  name: 'Veterans',
  enabled: true,
  rule: { match: 'all', conditions: [{ attribute: 'tenure_days', operator: 'gt', value: 365 }] },
  config_json: flowTitled('Veteran flow'),
}

describe('segments: membership and validation', () => {
  it('lets an editor write and a viewer read, but not write', async () => {
    expect((await putSegments(t, account.accountId, editor, [annual, veterans])).status).toBe(200)
    const read = await call('segments', viewer)
    expect(read.status).toBe(200)
    const { data } = (await read.json()) as {
      data: { segments: Array<{ name: string; position: number; id: string }> }
    }
    expect(data.segments.map((segment) => [segment.name, segment.position])).toEqual([
      ['Annual', 0],
      ['Veterans', 1],
    ])
    const refused = await call('segments', viewer, 'PUT', { segments: [] })
    expect(refused.status).toBe(403)
    expect((await call('segments', viewer)).status).toBe(200)
    // A stranger's account stays closed.
    const stranger = await t.createAccount({ tier: 'pro' })
    expect((await call('segments', stranger.owner.token)).status).toBe(403)
  })

  it('reorders by id and deletes what the list leaves out', async () => {
    const current = (await putSegments(t, account.accountId, editor, [annual, veterans])).body.data.segments
    const [first, second] = current
    const reordered = await putSegments(t, account.accountId, editor, [
      { ...veterans, id: second?.id },
      { ...annual, id: first?.id },
    ])
    expect(reordered.body.data.segments.map((segment) => [segment.id, segment.name])).toEqual([
      [second?.id, 'Veterans'],
      [first?.id, 'Annual'],
    ])
    const trimmed = await putSegments(t, account.accountId, editor, [{ ...annual, id: first?.id }])
    expect(trimmed.body.data.segments.map((segment) => segment.id)).toEqual([first?.id])
  })

  it('answers bad input with a clear 4xx and writes nothing', async () => {
    const before = await t.database.db
      .selectFrom('segments')
      .selectAll()
      .where('account_id', '=', account.accountId)
      .execute()
    const mistyped = await call('segments', editor, 'PUT', {
      segments: [
        {
          ...annual,
          rule: { match: 'all', conditions: [{ attribute: 'mrr', operator: 'gt', value: 'a lot' }] },
        },
      ],
    })
    expect(mistyped.status).toBe(400)
    expect((await errorOf(mistyped)).message).toContain('value must be a number')
    const unknown = await call('segments', editor, 'PUT', {
      segments: [{ ...annual, id: 'seg_doesnotexist00' }],
    })
    expect(unknown.status).toBe(404)
    const after = await t.database.db
      .selectFrom('segments')
      .selectAll()
      .where('account_id', '=', account.accountId)
      .execute()
    expect(after).toEqual(before)
  })

  it('keeps segments a Pro feature', async () => {
    const free = await t.createAccount({ tier: 'free' })
    const res = await call('segments', free.owner.token, 'PUT', { segments: [annual] }, free.accountId)
    expect(res.status).toBe(422)
    expect((await errorOf(res)).message).toBe('Segments and experiments are part of the Pro plan.')
  })
})

describe('segment preview', () => {
  it("shows a sample subscriber's flow and how many of last month's sessions each segment would catch", async () => {
    await putSegments(t, account.accountId, editor, [])
    const merchant = account.merchant
    if (!merchant) throw new Error('no merchant')
    // Real sessions, so their facts are the ones the server matched on.
    for (const price of [merchant.prices.proAnnual, merchant.prices.proAnnual, merchant.prices.proMonthly]) {
      const subscriber = await newSubscriber(t, merchant, price)
      expect((await startSession(t, await tokenFor(t, account, subscriber))).status).toBe(201)
    }
    const res = await call('segment-preview', viewer, 'POST', {
      segments: [veterans, annual],
      sample: { billing_interval: 'year', tenure_days: 10 },
    })
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as {
      data: {
        sample: { segment_index: number; config_json: { copy: { general: { headline: string } } } }
        reach: Record<string, unknown>
      }
    }
    expect(data.sample.segment_index).toBe(1)
    expect(data.sample.config_json.copy.general.headline).toBe('Annual flow')
    expect(data.reach).toMatchObject({ segments: [0, 2], default_flow: 1 })
  })
})

describe('experiments', () => {
  it('reports a seeded experiment per arm with intervals and a verdict', async () => {
    const experiment = await startExperiment(t, account.accountId, account.ownerToken, {
      name: 'Discount depth',
      segment_id: null,
      allocation: 'fixed',
      holdout_percent: 10,
      arms: [
        { name: 'Arm A', weight: 50, config_json: flowTitled('A') },
        { name: 'Arm B', weight: 50, config_json: flowTitled('B') },
      ],
    })
    const [a, b, holdout] = experiment.arms
    if (!a || !b || !holdout) throw new Error('arms missing')
    const at = new Date(t.clock.now().getTime() - 9 * 86_400_000)
    await seedArmOutcomes(t, {
      accountId: account.accountId,
      experimentId: experiment.id,
      armId: a.id,
      sessions: 200,
      saves: 60,
      at,
    })
    await seedArmOutcomes(t, {
      accountId: account.accountId,
      experimentId: experiment.id,
      armId: b.id,
      sessions: 200,
      saves: 72,
      at,
    })
    await seedArmOutcomes(t, {
      accountId: account.accountId,
      experimentId: experiment.id,
      armId: holdout.id,
      sessions: 40,
      saves: 4,
      at,
    })
    const res = await call('experiments', viewer)
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as {
      data: {
        experiments: Array<{ id: string; verdict: { text: string }; arms: Array<Record<string, unknown>> }>
      }
    }
    const found = data.experiments.find((entry) => entry.id === experiment.id)
    expect(
      found?.arms.map((arm) => [arm.name, arm.sessions, arm.saves, arm.save_rate, arm.saved_mrr]),
    ).toEqual([
      ['Arm A', 200, 60, 0.3, [{ amount: 60 * 2030, currency: 'usd' }]],
      ['Arm B', 200, 72, 0.36, [{ amount: 72 * 2030, currency: 'usd' }]],
      ['Holdout', 40, 4, 0.1, [{ amount: 4 * 2030, currency: 'usd' }]],
    ])
    const interval = found?.arms[0]?.save_rate_interval as { low: number; high: number }
    expect(interval.low).toBeCloseTo(0.24075, 3)
    expect(interval.high).toBeCloseTo(0.36679, 3)
    expect(found?.verdict.text).toBe(
      // Offers together: 132 of 400 (33 %) against the holdout's 4 of 40 (10 %).
      'No winner yet: Arm B leads Arm A by 6 points, but the 95 % interval −9.7 to +21.7 points still includes no difference; offers add 23 points over the holdout (95 % interval +3.8 to +42.2 points); durability needs Stripe events (connect Stripe to follow saves).',
    )
  })

  it('edits weights, refuses a second experiment on the same audience, stops, and promotes a winner', async () => {
    const { data } = (await (await call('experiments', editor)).json()) as {
      data: {
        experiments: Array<{ id: string; status: string; arms: Array<{ id: string; holdout: boolean }> }>
      }
    }
    const running = data.experiments.find((entry) => entry.status === 'running')
    if (!running) throw new Error('no running experiment')
    const [a, b] = running.arms
    const weights = await call('experiments', editor, 'PUT', {
      id: running.id,
      op: 'weights',
      weights: [
        { arm_id: a?.id, weight: 20 },
        { arm_id: b?.id, weight: 80 },
      ],
      holdout_percent: 0,
    })
    expect(weights.status).toBe(200)
    const updated = ((await weights.json()) as { data: { arms: Array<{ weight: number; share: number }> } })
      .data
    expect(updated.arms.map((arm) => [arm.weight, arm.share])).toEqual([
      [20, 0.2],
      [80, 0.8],
      [0, 0],
    ])
    expect((await call('experiments', viewer, 'PUT', { id: running.id, op: 'stop' })).status).toBe(403)
    const second = await call('experiments', editor, 'POST', {
      name: 'Again',
      segment_id: null,
      allocation: 'thompson',
      holdout_percent: 0,
      arms: [
        { name: 'X', weight: 1, config_json: flowTitled('X') },
        { name: 'Y', weight: 1, config_json: flowTitled('Y') },
      ],
    })
    expect(second.status).toBe(409)
    const holdoutArm = running.arms.find((arm) => arm.holdout)
    expect(
      (await call('experiments', editor, 'PUT', { id: running.id, op: 'promote', arm_id: holdoutArm?.id }))
        .status,
    ).toBe(422)
    const promoted = await call('experiments', editor, 'PUT', {
      id: running.id,
      op: 'promote',
      arm_id: b?.id,
    })
    expect(promoted.status).toBe(200)
    expect(
      ((await promoted.json()) as { data: { status: string; promoted_arm_id: string } }).data,
    ).toMatchObject({
      status: 'stopped',
      promoted_arm_id: b?.id,
    })
    const config = (await (await call('config', viewer)).json()) as {
      data: { config_json: { copy: { general: { headline: string } } } }
    }
    expect(config.data.config_json.copy.general.headline).toBe('B')
    expect((await call('experiments', editor, 'PUT', { id: running.id, op: 'stop' })).status).toBe(409)
  })

  it('ends an experiment once when promotes and stops of two editors race: one wins, one new flow version', async () => {
    const experiment = await startExperiment(t, account.accountId, editor, {
      name: 'Racing',
      segment_id: null,
      allocation: 'fixed',
      holdout_percent: 0,
      arms: [
        { name: 'A', weight: 1, config_json: flowTitled('Race A') },
        { name: 'B', weight: 1, config_json: flowTitled('Race B') },
      ],
    })
    const versions = () =>
      t.database.db
        .selectFrom('flow_configs')
        .select('version')
        .where('account_id', '=', account.accountId)
        .execute()
    const before = (await versions()).length
    const [a, b] = experiment.arms
    const bodies = Array.from({ length: 20 }, (_, index) =>
      index % 5 === 4
        ? { id: experiment.id, op: 'stop' }
        : { id: experiment.id, op: 'promote', arm_id: (index % 2 ? b : a)?.id },
    )
    const results = await Promise.all(bodies.map((body) => call('experiments', editor, 'PUT', body)))
    const statuses = results.map((res) => res.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true)
    const winner = bodies[statuses.indexOf(200)] as { op: string }
    expect((await versions()).length).toBe(before + (winner.op === 'promote' ? 1 : 0))
  })

  it('will not delete a segment while an experiment runs on it', async () => {
    const saved = (await putSegments(t, account.accountId, editor, [annual])).body.data.segments
    const segmentId = saved[0]?.id
    await startExperiment(t, account.accountId, editor, {
      name: 'Annual copy',
      segment_id: segmentId,
      allocation: 'thompson',
      holdout_percent: 0,
      arms: [
        { name: 'A', weight: 1, config_json: flowTitled('A') },
        { name: 'B', weight: 1, config_json: flowTitled('B') },
      ],
    })
    const res = await call('segments', editor, 'PUT', { segments: [] })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).message).toMatch(/running experiment/)
  })
})
