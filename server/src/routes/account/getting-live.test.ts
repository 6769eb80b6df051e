import type { GettingLive } from '@retainkit/shared/schemas'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { createSecret, publishConfig, startSession, tokenFor, widgetCall } from '../widget/testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

async function checklist(accountId: string, token: string): Promise<GettingLive> {
  const res = await t.request(`/api/account?accountId=${accountId}&action=getting-live`, { token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: GettingLive }).data
}

const doneSteps = (status: GettingLive) => status.steps.filter((step) => step.done).map((step) => step.key)

describe('getting-live checklist', () => {
  it('marks each step from the real state of the account, and is complete after all six', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'pro', domain: 'live.example' })
    const first = await checklist(accountId, owner.token)
    expect(first.steps.map((step) => step.key)).toEqual([
      'stripe_connected',
      'flow_customised',
      'widget_secret_created',
      'snippet_seen',
      'first_test_session',
      'first_live_session',
    ])
    expect(doneSteps(first)).toEqual([])
    expect(first.complete).toBe(false)

    await t.connectStripe(accountId)
    expect(doneSteps(await checklist(accountId, owner.token))).toEqual(['stripe_connected'])
    // Version 1 is the default every account starts with: not a customisation yet.
    await publishConfig(t, accountId, () => {})
    expect(doneSteps(await checklist(accountId, owner.token))).toEqual(['stripe_connected'])
    await publishConfig(t, accountId, (config) => {
      config.copy.general.headline = 'Before you leave'
    })
    const live = await createSecret(t, accountId, owner.token)
    const test = await createSecret(t, accountId, owner.token, 'test')
    expect(doneSteps(await checklist(accountId, owner.token))).toEqual([
      'stripe_connected',
      'flow_customised',
      'widget_secret_created',
    ])
    await widgetCall(t, `/api/widget/config/${accountId}`, { headers: { origin: 'https://live.example' } })
    await vi.waitFor(async () =>
      expect(doneSteps(await checklist(accountId, owner.token))).toContain('snippet_seen'),
    )
    const account = { accountId, ownerToken: owner.token, merchant: null }
    const testStart = await startSession(
      t,
      await tokenFor(t, { ...account, secret: test }, 'cus_GlTest', { mode: 'test' }),
    )
    expect(testStart.body).toMatchObject({ fallback: false })
    expect(testStart.status).toBe(201)
    expect(doneSteps(await checklist(accountId, owner.token))).not.toContain('first_live_session')
    const liveStart = await startSession(t, await tokenFor(t, { ...account, secret: live }, 'cus_GlLive'))
    expect(liveStart.status).toBe(201)
    const last = await checklist(accountId, owner.token)
    expect(last.steps.every((step) => step.done)).toBe(true)
    expect(last.complete).toBe(true)
  })

  it('never shows a step to do that a done step proves was done: a revoked secret after sessions is lapsed', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'pro' })
    const states = async () =>
      Object.fromEntries(
        (await checklist(accountId, owner.token)).steps.map((step) => [step.key, step.state]),
      )
    expect(await states()).toMatchObject({ widget_secret_created: 'todo', first_test_session: 'todo' })
    const test = await createSecret(t, accountId, owner.token, 'test')
    const account = { accountId, ownerToken: owner.token, merchant: null }
    const started = await startSession(
      t,
      await tokenFor(t, { ...account, secret: test }, 'cus_GlLapsed', { mode: 'test' }),
    )
    expect(started.status).toBe(201)
    expect(await states()).toMatchObject({ widget_secret_created: 'done', first_test_session: 'done' })
    await t.deps.db
      .updateTable('widget_secrets')
      .set({ revoked_at: t.clock.now() })
      .where('account_id', '=', accountId)
      .execute()
    const after = await checklist(accountId, owner.token)
    const secret = after.steps.find((step) => step.key === 'widget_secret_created')
    // Not "to do" beside a recorded session: done once, no longer active.
    expect(secret).toEqual({ key: 'widget_secret_created', done: false, state: 'lapsed' })
    for (const step of after.steps) expect(step.done).toBe(step.state === 'done')
  })

  it('is for members only', async () => {
    const { accountId } = await t.createAccount()
    const stranger = await t.signIn()
    const res = await t.request(`/api/account?accountId=${accountId}&action=getting-live`, {
      token: stranger.token,
    })
    expect(res.status).toBe(403)
  })
})
