import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { newSubscriber, startSession, tokenFor, widgetAccount, widgetCall } from '../widget/testing'

/**
 * The flow's history: every saved version with who and when, its differences from the live one, and a
 * rollback that is itself a new version saved by the person who rolled back.
 */
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface HistoryData {
  live_version: number
  versions: {
    version: number
    created_at: string
    created_by_email: string | null
    restored_from: number | null
    live: boolean
    changes: { path: string; live: string | null; version: string | null }[]
  }[]
}

const historyUrl = (accountId: string, extra = '') =>
  `/api/account?accountId=${accountId}&action=config-history${extra}`
const withDiscount = (amount: number): CancelFlowConfig => {
  const config = createDefaultConfig()
  config.discount = { enabled: true, amount, duration: 3 }
  return config
}
const save = (accountId: string, token: string, config: CancelFlowConfig) =>
  t.request(`/api/account?accountId=${accountId}&action=config`, {
    method: 'PUT',
    token,
    body: { config_json: config },
  })
const history = async (accountId: string, token: string) => {
  const res = await t.request(historyUrl(accountId), { token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: HistoryData }).data
}
const rollBack = (accountId: string, token: string, body: unknown, extra = '') =>
  t.request(historyUrl(accountId, extra), { method: 'POST', token, body })

describe('flow history', () => {
  it('lists every version with who and when, and what differs from the live one', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'pro' })
    const editor = await t.addMember(accountId, 'editor')
    expect((await save(accountId, owner.token, withDiscount(20))).status).toBe(200)
    expect((await save(accountId, editor.token, withDiscount(35))).status).toBe(200)
    const data = await history(accountId, owner.token)
    expect(data.live_version).toBe(2)
    expect(data.versions.map((v) => [v.version, v.created_by_email, v.live])).toEqual([
      [2, editor.email, true],
      [1, owner.email, false],
    ])
    expect(data.versions[0]?.changes).toEqual([])
    expect(data.versions[1]?.changes).toEqual([{ path: 'discount.amount', live: '35', version: '20' }])
    expect(Number.isNaN(Date.parse(data.versions[1]?.created_at ?? ''))).toBe(false)
  })

  it('rolls back as a new version recorded with who did it, and the next subscriber gets it', async () => {
    const account = await widgetAccount(t)
    const { accountId } = account
    const owner = { token: account.ownerToken }
    const admin = await t.addMember(accountId, 'admin')
    expect((await save(accountId, owner.token, withDiscount(20))).status).toBe(200)
    expect((await save(accountId, owner.token, withDiscount(50))).status).toBe(200)
    const before = await widgetCall(t, `/api/widget/config/${accountId}`)
    expect(((await before.json()) as { config: CancelFlowConfig }).config.discount.amount).toBe(50)

    const res = await rollBack(accountId, admin.token, { version: 1 }, '&base_version=2')
    expect(res.status).toBe(200)
    const saved = ((await res.json()) as { data: { version: number; config_json: CancelFlowConfig } }).data
    expect(saved.version).toBe(3)
    expect(saved.config_json.discount.amount).toBe(20)

    const data = await history(accountId, owner.token)
    expect(data.versions[0]).toMatchObject({
      version: 3,
      live: true,
      restored_from: 1,
      created_by_email: admin.email,
    })
    expect(data.versions.find((v) => v.version === 1)?.changes).toEqual([])
    expect(data.versions.find((v) => v.version === 2)?.changes).toEqual([
      { path: 'discount.amount', live: '20', version: '50' },
    ])

    // The next subscriber: the published config and the discount they are given are version 1's.
    const after = await widgetCall(t, `/api/widget/config/${accountId}`)
    const published = (await after.json()) as { version: number; config: CancelFlowConfig }
    expect(published.config.discount.amount).toBe(20)
    const merchant = account.merchant
    if (!merchant) throw new Error('no merchant')
    const subscriber = await newSubscriber(t, merchant, merchant.prices.proMonthly)
    const token = await tokenFor(t, account, subscriber)
    const { body } = await startSession(t, token)
    const accepted = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'discount' },
    })
    expect(await accepted.json()).toMatchObject({ status: 'applied', mrrBefore: 2900, mrrAfter: 2320 })
  })

  it('refuses a missing version, the live one, a stale base_version and a viewer', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'pro' })
    const viewer = await t.addMember(accountId, 'viewer')
    await save(accountId, owner.token, withDiscount(20))
    await save(accountId, owner.token, withDiscount(30))
    const missing = await rollBack(accountId, owner.token, { version: 9 })
    expect(missing.status).toBe(404)
    const live = await rollBack(accountId, owner.token, { version: 2 })
    expect(live.status).toBe(409)
    expect(((await live.json()) as { error: { message: string } }).error.message).toBe(
      'Version 2 is already the live configuration.',
    )
    expect((await rollBack(accountId, owner.token, { version: 1 }, '&base_version=1')).status).toBe(409)
    expect((await rollBack(accountId, owner.token, { version: 'one' })).status).toBe(400)
    expect((await rollBack(accountId, viewer.token, { version: 1 })).status).toBe(403)
    expect((await history(accountId, viewer.token)).versions).toHaveLength(2)
  })

  it('twenty parallel rollbacks on the same base make exactly one new version', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'pro' })
    await save(accountId, owner.token, withDiscount(20))
    await save(accountId, owner.token, withDiscount(30))
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => rollBack(accountId, owner.token, { version: 1 }, '&base_version=2')),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(19)
    expect((await history(accountId, owner.token)).versions.map((v) => v.version)).toEqual([3, 2, 1])
  })

  it('reads a version saved before the newer offers existed as having them switched off', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'pro' })
    const old = createDefaultConfig() as Partial<CancelFlowConfig>
    delete old.trial_extension
    delete old.talk_to_us
    await t.database.db
      .insertInto('flow_configs')
      .values({ account_id: accountId, version: 1, config: JSON.stringify(old) })
      .execute()
    await save(accountId, owner.token, withDiscount(30))
    const data = await history(accountId, owner.token)
    expect(data.versions.find((v) => v.version === 1)?.changes).toEqual([
      { path: 'discount.amount', live: '30', version: '20' },
    ])
    const res = await rollBack(accountId, owner.token, { version: 1 })
    expect(res.status).toBe(200)
    const restored = ((await res.json()) as { data: { config_json: CancelFlowConfig } }).data.config_json
    expect(restored.trial_extension).toEqual({ enabled: false, days: 14 })
  })
})
