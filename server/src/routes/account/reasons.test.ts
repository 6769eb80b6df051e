import type { CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface ErrorBody {
  error: { code: string; message: string; field?: string }
}
interface ReasonsData {
  reasons: CancellationReason[]
  warnings: { field: string; key: string; message: string }[]
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const dataOf = async (res: Response) => ((await res.json()) as { data: ReasonsData }).data
const url = (accountId: string) => `/api/account?accountId=${accountId}&action=reasons`
const post = (accountId: string, token: string, body: unknown) =>
  t.request(url(accountId), { method: 'POST', token, body })

const REASONS: CancellationReason[] = [
  { key: 'price', label: 'Too pricey', feedback: 'any_reason', offer: 'discount', enabled: true },
  { key: 'moving', label: 'Moving abroad', feedback: 'other', offer: 'none', enabled: false },
]

const storedReasons = async (accountId: string) =>
  (
    await t.deps.db
      .selectFrom('cancellation_reasons')
      .select('reasons')
      .where('account_id', '=', accountId)
      .executeTakeFirst()
  )?.reasons

describe('GET /api/account?action=reasons', () => {
  it('answers the default reasons until some are saved, to any member with canViewConfig', async () => {
    const { accountId } = await t.createAccount()
    const viewer = await t.addMember(accountId, 'viewer')
    const res = await t.request(url(accountId), { token: viewer.token })
    expect(res.status).toBe(200)
    expect(await dataOf(res)).toMatchObject({ reasons: createDefaultReasons(), warnings: [] })
  })
})

describe('POST /api/account?action=reasons', () => {
  it('replaces the reasons and answers them', async () => {
    const { accountId, owner } = await t.createAccount()
    const res = await post(accountId, owner.token, { reasons: REASONS })
    expect(res.status).toBe(200)
    expect(await dataOf(res)).toMatchObject({ reasons: REASONS, warnings: [] })
    expect(await storedReasons(accountId)).toEqual(REASONS)
    const replaced = [REASONS[1] as CancellationReason]
    await post(accountId, owner.token, { reasons: replaced })
    expect(await dataOf(await t.request(url(accountId), { token: owner.token }))).toMatchObject({
      reasons: replaced,
      warnings: [],
    })
  })

  it('warns, without failing, when the config still lists a key that is gone', async () => {
    const { accountId, owner } = await t.createAccount()
    const config = createDefaultConfig()
    config.copy.cancel_reasons = ['price', 'too_expensive']
    const saved = await t.request(`/api/account?accountId=${accountId}&action=config`, {
      method: 'PUT',
      token: owner.token,
      body: { config_json: config },
    })
    expect(saved.status).toBe(200)
    const res = await post(accountId, owner.token, { reasons: REASONS })
    expect(res.status).toBe(200)
    const data = await dataOf(res)
    expect(data.warnings).toEqual([
      {
        field: 'config_json.copy.cancel_reasons',
        key: 'too_expensive',
        message:
          'copy.cancel_reasons lists "too_expensive", which is not one of the account\'s reasons; the widget skips it.',
      },
    ])
    expect(await storedReasons(accountId)).toEqual(REASONS)
  })

  it('validates the reasons and stores nothing on failure', async () => {
    const { accountId, owner } = await t.createAccount()
    const reason = REASONS[0] as CancellationReason
    const cases: [unknown, string, string][] = [
      [{ reasons: [] }, 'reasons', 'At least one reason required'],
      [{ reasons: [reason, { ...reason, label: 'Again' }] }, 'reasons', 'Reason keys must be unique'],
      [
        { reasons: [{ ...reason, key: 'Too Pricey' }] },
        'reasons.0.key',
        'Reason key can only contain lowercase letters, numbers and underscores',
      ],
      [{ reasons: [{ ...reason, label: ' ' }] }, 'reasons.0.label', 'Reason label is required'],
      [{ reasons: [{ ...reason, label: 'l'.repeat(101) }] }, 'reasons.0.label', 'Reason label too long'],
      [
        { reasons: Array.from({ length: 21 }, (_, i) => ({ ...reason, key: `r${i}` })) },
        'reasons',
        'At most 20 reasons',
      ],
    ]
    for (const [body, field, message] of cases) {
      const res = await post(accountId, owner.token, body)
      expect(res.status, message).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field, message })
    }
    const unknownOffer = await post(accountId, owner.token, { reasons: [{ ...reason, offer: 'free_money' }] })
    expect((await errorOf(unknownOffer)).field).toBe('reasons.0.offer')
    expect(await storedReasons(accountId)).toBeUndefined()
  })

  it("drops the widget's cached config", async () => {
    const { accountId, owner } = await t.createAccount()
    const now = t.clock.now().getTime()
    t.deps.widgetConfigCache.set(accountId, { etag: '"x"', body: new Uint8Array(), expiresAt: now + 60_000 })
    expect((await post(accountId, owner.token, { reasons: REASONS })).status).toBe(200)
    expect(t.deps.widgetConfigCache.get(accountId, now)).toBeUndefined()
  })

  it('lets a free account edit its reasons', async () => {
    const { accountId, owner } = await t.createAccount({ tier: 'free' })
    expect((await post(accountId, owner.token, { reasons: REASONS })).status).toBe(200)
  })

  it('needs canEditConfig: viewers are refused, editors allowed', async () => {
    const { accountId } = await t.createAccount()
    const viewer = await t.addMember(accountId, 'viewer')
    const refused = await post(accountId, viewer.token, { reasons: REASONS })
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).code).toBe('INSUFFICIENT_PERMISSIONS')
    expect(await storedReasons(accountId)).toBeUndefined()
    const editor = await t.addMember(accountId, 'editor')
    expect((await post(accountId, editor.token, { reasons: REASONS })).status).toBe(200)
  })

  it('answers 401 without a token or a right API key, 400 malformed, 413 oversized, 405 for PUT', async () => {
    const { accountId, owner } = await t.createAccount()
    expect((await t.request(url(accountId), { method: 'POST', body: { reasons: REASONS } })).status).toBe(401)
    const wrongKey = await t.request(url(accountId), {
      method: 'POST',
      token: owner.token,
      body: { reasons: REASONS },
      apiKey: 'wrong-key-wrong-key-wrong-key-wrong',
    })
    expect(wrongKey.status).toBe(401)
    const malformed = await t.request(url(accountId), { method: 'POST', token: owner.token, rawBody: '[{' })
    expect(malformed.status).toBe(400)
    expect((await errorOf(malformed)).message).toBe('Request body must be valid JSON')
    const huge = await post(accountId, owner.token, { reasons: REASONS, pad: 'x'.repeat(200 * 1024) })
    expect(huge.status).toBe(413)
    const put = await t.request(url(accountId), {
      method: 'PUT',
      token: owner.token,
      body: { reasons: REASONS },
    })
    expect(put.status).toBe(405)
    expect(await storedReasons(accountId)).toBeUndefined()
  })
})
