import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { MAX_CONFIG_VERSIONS } from '../../services/flow-config'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface ErrorBody {
  error: { code: string; message: string; field?: string; issues?: { field: string; message: string }[] }
}
interface ConfigData {
  config_json: CancelFlowConfig
  version: number
  updated_at: string | null
  previous_versions: { version: number; created_at: string; created_by_email: string | null }[]
  warnings?: { field: string; key: string; message: string }[]
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
const dataOf = async (res: Response) => ((await res.json()) as { data: ConfigData }).data
const url = (accountId: string, extra = '') => `/api/account?accountId=${accountId}&action=config${extra}`
const save = (accountId: string, token: string, config: unknown, extra = '') =>
  t.request(url(accountId, extra), { method: 'PUT', token, body: { config_json: config } })

/** The default config with one value replaced at a dotted path (array indexes allowed). */
function withValue(path: string, value: unknown): CancelFlowConfig {
  const config = createDefaultConfig()
  const keys = path.split('.')
  let node = config as unknown as Record<string, unknown>
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>
  node[keys.at(-1) as string] = value
  return config
}

const versionsOf = async (accountId: string) =>
  (
    await t.deps.db
      .selectFrom('flow_configs')
      .select('version')
      .where('account_id', '=', accountId)
      .orderBy('version')
      .execute()
  ).map((row) => row.version)

describe('GET /api/account?action=config', () => {
  it('answers the default as version 0 until a config is saved', async () => {
    const { accountId, owner } = await t.createAccount()
    const res = await t.request(url(accountId), { token: owner.token })
    expect(res.status).toBe(200)
    expect(await dataOf(res)).toEqual({
      config_json: createDefaultConfig(),
      version: 0,
      updated_at: null,
      previous_versions: [],
    })
  })

  it('answers the current version, the others newest first, and any kept version on request', async () => {
    const { accountId, owner } = await t.createAccount()
    const editor = await t.addMember(accountId, 'editor')
    const first = withValue('copy.general.headline', 'First')
    const second = withValue('copy.general.headline', 'Second')
    expect((await save(accountId, owner.token, first)).status).toBe(200)
    t.clock.advance(60_000)
    expect((await save(accountId, editor.token, second)).status).toBe(200)
    const viewer = await t.addMember(accountId, 'viewer')
    const current = await dataOf(await t.request(url(accountId), { token: viewer.token }))
    expect(current.version).toBe(2)
    expect(current.config_json.copy.general.headline).toBe('Second')
    expect(current.updated_at).toBe(t.clock.now().toISOString())
    expect(current.previous_versions).toEqual([
      {
        version: 1,
        created_at: new Date(t.clock.now().getTime() - 60_000).toISOString(),
        created_by_email: owner.email,
        restored_from: null,
      },
    ])
    const old = await dataOf(await t.request(url(accountId, '&version=1'), { token: viewer.token }))
    expect(old.version).toBe(1)
    expect(old.config_json).toEqual(first)
    expect(old.previous_versions).toEqual(current.previous_versions)
  })

  it('answers 404 for a version that does not exist and 400 for a malformed one', async () => {
    const { accountId, owner } = await t.createAccount()
    await save(accountId, owner.token, createDefaultConfig())
    const missing = await t.request(url(accountId, '&version=7'), { token: owner.token })
    expect(missing.status).toBe(404)
    expect((await errorOf(missing)).code).toBe('NOT_FOUND')
    for (const bad of ['0', 'abc', '-1', '1.5']) {
      const res = await t.request(url(accountId, `&version=${bad}`), { token: owner.token })
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Version must be a positive whole number',
        field: 'version',
      })
    }
  })
})

describe('PUT /api/account?action=config', () => {
  it('stores a new version, keeps the previous ones and answers the new one', async () => {
    const { accountId, owner } = await t.createAccount()
    const res = await save(accountId, owner.token, withValue('copy.general.headline', 'Wait!'))
    expect(res.status).toBe(200)
    const data = await dataOf(res)
    expect(data).toMatchObject({ version: 1, previous_versions: [], warnings: [] })
    expect(data.config_json.copy.general.headline).toBe('Wait!')
    await save(accountId, owner.token, withValue('copy.general.headline', 'Hold on!'))
    expect(await versionsOf(accountId)).toEqual([1, 2])
    const stored = await t.deps.db
      .selectFrom('flow_configs')
      .select(['config', 'created_by'])
      .where('account_id', '=', accountId)
      .where('version', '=', 2)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({
      config: withValue('copy.general.headline', 'Hold on!'),
      created_by: owner.userId,
    })
  })

  it(`keeps at most ${MAX_CONFIG_VERSIONS} versions, pruning the oldest`, async () => {
    const { accountId, owner } = await t.createAccount()
    const config = JSON.stringify(createDefaultConfig())
    await t.deps.db
      .insertInto('flow_configs')
      .values(
        Array.from({ length: MAX_CONFIG_VERSIONS }, (_, i) => ({
          account_id: accountId,
          version: i + 1,
          config,
          created_by: owner.userId,
        })),
      )
      .execute()
    const res = await save(accountId, owner.token, createDefaultConfig())
    expect((await dataOf(res)).version).toBe(MAX_CONFIG_VERSIONS + 1)
    const versions = await versionsOf(accountId)
    expect(versions).toHaveLength(MAX_CONFIG_VERSIONS)
    expect(versions[0]).toBe(2)
    expect(versions.at(-1)).toBe(MAX_CONFIG_VERSIONS + 1)
  })

  it('names each invalid field with its validation message and path, and stores nothing', async () => {
    const { accountId, owner } = await t.createAccount()
    const plan = { id: 'price_1', name: 'Basic', price: '$14.99/month' }
    const cases: [string, unknown, string, string?][] = [
      ['copy.general.headline', 'h'.repeat(201), 'Headline too long'],
      ['copy.final.subheadline', 's'.repeat(501), 'Subheadline too long'],
      ['copy.discount.cta_primary', 'c'.repeat(51), 'CTA text too long'],
      ['copy.user_feedback.other.placeholder', 'p'.repeat(151), 'Placeholder text too long'],
      ['copy.pause.dropdown_label', 'd'.repeat(101), 'Dropdown label too long'],
      ['plan_switch.plans', [{ ...plan, id: '' }], 'Plan ID is required', 'plan_switch.plans.0.id'],
      ['plan_switch.plans', [{ ...plan, name: '' }], 'Plan name is required', 'plan_switch.plans.0.name'],
      [
        'plan_switch.plans',
        [{ ...plan, name: 'n'.repeat(101) }],
        'Plan name too long',
        'plan_switch.plans.0.name',
      ],
      ['plan_switch.plans', [{ ...plan, price: '' }], 'Plan price is required', 'plan_switch.plans.0.price'],
      [
        'plan_switch.plans',
        [{ ...plan, price: '1'.repeat(51) }],
        'Plan price too long',
        'plan_switch.plans.0.price',
      ],
      ['discount.promo_code', 'P'.repeat(51), 'Promo code too long'],
      ['theme.font_family', 'f'.repeat(101), 'Font family too long'],
      ['discount.amount', -5, 'Must be a positive number'],
      ['discount.duration', 0, 'Must be a positive number'],
      ['theme.border_radius', -1, 'Must be 0 or greater'],
      ['pause.durations', [], 'At least one duration required'],
      ['billing_cycle_switch.plans', [], 'At least one plan required'],
      ['cancellation_flow.steps', [], 'At least one step required'],
      ['theme.primary_color', 'red', 'Invalid hex color format'],
      ['theme.text_color', '#12345', 'Invalid hex color format'],
      ['discount.redirect_template', 'not a url', 'Invalid URL format'],
      ['pause.redirect_template', 'ftp://files.example/pause', 'URL must use http or https protocol'],
    ]
    for (const [path, value, message, field = path] of cases) {
      const res = await save(accountId, owner.token, withValue(path, value))
      expect(res.status, path).toBe(400)
      expect(await errorOf(res), path).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        field: `config_json.${field}`,
      })
    }
    const missing = await t.request(url(accountId), { method: 'PUT', token: owner.token, body: {} })
    expect(await errorOf(missing)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'config_json' })
    const { copy: _copy, ...noCopy } = createDefaultConfig()
    expect(await errorOf(await save(accountId, owner.token, noCopy))).toMatchObject({
      field: 'config_json.copy',
    })
    expect(await versionsOf(accountId)).toEqual([])
  })

  it('refuses a save on top of a version that is no longer current (base_version → 409)', async () => {
    const { accountId, owner } = await t.createAccount()
    const editor = await t.addMember(accountId, 'editor')
    expect((await save(accountId, owner.token, createDefaultConfig(), '&base_version=0')).status).toBe(200)
    expect(
      (await save(accountId, editor.token, withValue('copy.final.headline', 'Editor'), '&base_version=1'))
        .status,
    ).toBe(200)
    const stale = await save(
      accountId,
      owner.token,
      withValue('copy.final.headline', 'Owner'),
      '&base_version=1',
    )
    expect(stale.status).toBe(409)
    expect(await errorOf(stale)).toEqual({
      code: 'CONSTRAINT_VIOLATION',
      message: 'This configuration was changed by someone else (now version 2). Reload it before saving.',
      field: 'base_version',
    })
    const current = await dataOf(await t.request(url(accountId), { token: owner.token }))
    expect(current.version).toBe(2)
    expect(current.config_json.copy.final.headline).toBe('Editor')
    const bad = await save(accountId, owner.token, createDefaultConfig(), '&base_version=x')
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).message).toBe('Base version must be a whole number')
  })

  it('lets exactly one of two concurrent saves from the same base version win', async () => {
    const { accountId, owner } = await t.createAccount()
    await save(accountId, owner.token, createDefaultConfig())
    const results = await Promise.all(
      ['A', 'B'].map((who) =>
        save(accountId, owner.token, withValue('copy.general.headline', who), '&base_version=1'),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await versionsOf(accountId)).toEqual([1, 2])
  })

  it('gives concurrent saves without a base version consecutive versions', async () => {
    const { accountId, owner } = await t.createAccount()
    const results = await Promise.all(
      [1, 2, 3].map((n) => save(accountId, owner.token, withValue('copy.general.headline', `Save ${n}`))),
    )
    expect(results.map((r) => r.status)).toEqual([200, 200, 200])
    expect(await versionsOf(accountId)).toEqual([1, 2, 3])
  })

  it("drops the widget's cached config", async () => {
    const { accountId, owner } = await t.createAccount()
    const now = t.clock.now().getTime()
    t.deps.widgetConfigCache.set(accountId, { etag: '"x"', body: new Uint8Array(), expiresAt: now + 60_000 })
    await save(accountId, owner.token, createDefaultConfig())
    expect(t.deps.widgetConfigCache.get(accountId, now)).toBeUndefined()
  })

  it('warns (without failing) when copy.cancel_reasons lists keys that are not reasons', async () => {
    const { accountId, owner } = await t.createAccount()
    const res = await save(
      accountId,
      owner.token,
      withValue('copy.cancel_reasons', ['too_expensive', 'gone_key']),
    )
    expect(res.status).toBe(200)
    expect((await dataOf(res)).warnings).toEqual([
      {
        field: 'config_json.copy.cancel_reasons',
        key: 'gone_key',
        message:
          'copy.cancel_reasons lists "gone_key", which is not one of the account\'s reasons; the widget skips it.',
      },
    ])
  })

  it('needs canEditConfig: viewers are refused, editors allowed', async () => {
    const { accountId } = await t.createAccount()
    const viewer = await t.addMember(accountId, 'viewer')
    const refused = await save(accountId, viewer.token, createDefaultConfig())
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).code).toBe('INSUFFICIENT_PERMISSIONS')
    expect(await versionsOf(accountId)).toEqual([])
    const editor = await t.addMember(accountId, 'editor')
    expect((await save(accountId, editor.token, createDefaultConfig())).status).toBe(200)
  })

  it('answers 401 without a token or with a wrong API key, 400 for malformed JSON, 413 when oversized', async () => {
    const { accountId, owner } = await t.createAccount()
    expect((await t.request(url(accountId), { method: 'PUT', body: { config_json: {} } })).status).toBe(401)
    const wrongKey = await t.request(url(accountId), {
      method: 'PUT',
      token: owner.token,
      body: { config_json: createDefaultConfig() },
      apiKey: 'wrong-key-wrong-key-wrong-key-wrong',
    })
    expect(wrongKey.status).toBe(401)
    const malformed = await t.request(url(accountId), {
      method: 'PUT',
      token: owner.token,
      rawBody: '{"config_json": {',
    })
    expect(malformed.status).toBe(400)
    expect((await errorOf(malformed)).message).toBe('Request body must be valid JSON')
    const huge = await save(
      accountId,
      owner.token,
      withValue('copy.general.headline', 'h'.repeat(200 * 1024)),
    )
    expect(huge.status).toBe(413)
    expect(await versionsOf(accountId)).toEqual([])
  })
})
