import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { createDefaultConfig, createDefaultReasons, DEFAULT_REASONS } from '@retainkit/shared/default-config'
import { publishLocales } from '@retainkit/shared/i18n'
import { cssVariablesToText, themeToCssVariables } from '@retainkit/shared/theme'
import type { WidgetConfigResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { etagMatches, pickEncoding } from './config'
import { errorOf, publishConfig, widgetCall } from './testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const configPath = (accountId: string, query = '') => `/api/widget/config/${accountId}${query}`

async function getConfig(accountId: string, headers: Record<string, string> = {}, query = '') {
  return widgetCall(t, configPath(accountId, query), { headers })
}

describe('GET /api/widget/config/:accountId', () => {
  it('answers the bare contract type: default config, enabled default reasons, version 0', async () => {
    const { accountId } = await t.createAccount({ tier: 'free' })
    const res = await getConfig(accountId)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const body = (await res.json()) as WidgetConfigResponse
    expect(body).toEqual({
      accountId,
      tier: 'free',
      config: createDefaultConfig(),
      reasons: DEFAULT_REASONS.filter((r) => r.enabled),
      version: 0,
      themeCss: cssVariablesToText(themeToCssVariables(undefined)),
      ...publishLocales(
        createDefaultConfig(),
        DEFAULT_REASONS.filter((r) => r.enabled),
        body.plan,
      ),
      plan: expect.any(Object),
    })
    // The published flow planned with every offer eligible: what the widget shows while a session starts.
    expect(body.plan.steps).toEqual(['reason', 'feedback', 'offer', 'confirm'])
    expect(body.plan.paths['']?.[0]).toEqual({ kind: 'reason' })
    expect(body.plan.paths.too_expensive?.[2]).toEqual({ kind: 'offer', offer: 'discount' })
    expect(body).not.toHaveProperty('data')
    expect(body.themeCss).toMatch(/^:host\{--rk-primary:#4f46e5;.*--rk-focus:#[0-9a-f]{6}\}$/)
  })

  it('carries the published theme as ready CSS (themeCss), with derived colours and a safe font', async () => {
    const { accountId } = await t.createAccount()
    const theme = {
      primary_color: '#0F766E',
      background_color: '#111827',
      text_color: '#f9fafb',
      border_radius: 12,
      font_family: 'Inter"; } body { color: red',
    }
    await publishConfig(t, accountId, (c) => {
      c.theme = theme
    })
    const body = (await (await getConfig(accountId)).json()) as WidgetConfigResponse
    expect(body.config.theme).toEqual(theme)
    expect(body.themeCss).toBe(cssVariablesToText(themeToCssVariables(theme)))
    expect(body.themeCss).toContain('--rk-primary:#0f766e;')
    expect(body.themeCss).toContain('--rk-radius:12px;')
    // Nothing from the merchant's font can end the rule or open another one.
    expect(body.themeCss.match(/[{}]/g)).toEqual(['{', '}'])
    expect(body.themeCss).not.toContain(';}body')
  })

  it('serves the current published version', async () => {
    const { accountId } = await t.createAccount()
    await publishConfig(t, accountId, (c) => {
      c.copy.general.headline = 'First'
    })
    await publishConfig(t, accountId, (c) => {
      c.copy.general.headline = 'Wait a second'
    })
    const body = (await (await getConfig(accountId)).json()) as WidgetConfigResponse
    expect(body.version).toBe(2)
    expect(body.tier).toBe('pro')
    expect(body.config.copy.general.headline).toBe('Wait a second')
  })

  it('lists enabled reasons only, in copy.cancel_reasons order when set', async () => {
    const { accountId } = await t.createAccount()
    const reasons = createDefaultReasons().map((r) => (r.key === 'other' ? { ...r, enabled: false } : r))
    await t.database.db
      .insertInto('cancellation_reasons')
      .values({ account_id: accountId, reasons: JSON.stringify(reasons) })
      .execute()
    t.deps.widgetConfigCache.invalidate(accountId)
    const plain = (await (await getConfig(accountId)).json()) as WidgetConfigResponse
    expect(plain.reasons.map((r) => r.key)).toEqual(reasons.filter((r) => r.enabled).map((r) => r.key))

    await publishConfig(t, accountId, (c) => {
      c.copy.cancel_reasons = ['technical_issues', 'too_expensive', 'other', 'no_such_reason']
    })
    const ordered = (await (await getConfig(accountId)).json()) as WidgetConfigResponse
    expect(ordered.reasons.map((r) => r.key)).toEqual(['technical_issues', 'too_expensive'])
  })

  it('carries no secret', async () => {
    const { accountId } = await t.createAccount()
    const merchant = await t.connectStripe(accountId)
    const text = await (await getConfig(accountId)).text()
    expect(text).not.toContain(merchant.keys.secret)
    expect(text).not.toContain('rkws_')
  })

  it('has a strong ETag, public caching, and answers If-None-Match with 304', async () => {
    const { accountId } = await t.createAccount()
    const first = await getConfig(accountId)
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/)
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600')
    for (const validator of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await getConfig(accountId, { 'if-none-match': validator })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600')
    }
    const stale = await getConfig(accountId, { 'if-none-match': '"something-else"' })
    expect(stale.status).toBe(200)
  })

  it('serves from memory until invalidated', async () => {
    const { accountId } = await t.createAccount()
    const before = await getConfig(accountId)
    const etag = before.headers.get('etag')
    // Written behind the cache's back: still the cached bytes…
    await t.database.db
      .insertInto('flow_configs')
      .values({ account_id: accountId, version: 1, config: JSON.stringify(createDefaultConfig()) })
      .execute()
    expect((await getConfig(accountId)).headers.get('etag')).toBe(etag)
    // …until a save invalidates it.
    t.deps.widgetConfigCache.invalidate(accountId)
    const after = await getConfig(accountId, { 'if-none-match': etag ?? '' })
    expect(after.status).toBe(200)
    expect(((await after.json()) as WidgetConfigResponse).version).toBe(1)
  })

  it('changes after a config save through the console API (PUT action=config)', async () => {
    const { accountId, owner } = await t.createAccount()
    const before = await getConfig(accountId)
    const etag = before.headers.get('etag') ?? ''
    const config = createDefaultConfig()
    config.copy.general.headline = 'Saved in the editor'
    const put = await t.request(`/api/account?accountId=${accountId}&action=config`, {
      method: 'PUT',
      token: owner.token,
      body: { config_json: config },
    })
    expect(put.status).toBe(200)
    const after = await getConfig(accountId, { 'if-none-match': etag })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(((await after.json()) as WidgetConfigResponse).config.copy.general.headline).toBe(
      'Saved in the editor',
    )
  })

  it('answers 404 for an unknown account and 400 for an invalid id, with the spec message', async () => {
    const missing = await getConfig('no-such-account')
    expect(missing.status).toBe(404)
    expect((await errorOf(missing)).code).toBe('NOT_FOUND')
    const invalid = await widgetCall(t, '/api/widget/config/bad%20id')
    expect(invalid.status).toBe(400)
    expect(await errorOf(invalid)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Account ID can only contain letters, numbers, hyphens, and underscores',
    })
    const long = await getConfig('a'.repeat(101))
    expect(long.status).toBe(400)
    expect((await errorOf(long)).message).toBe('Account ID too long')
  })

  it('falls back to the default when a stored config no longer parses', async () => {
    const { accountId } = await t.createAccount()
    await t.database.db
      .insertInto('flow_configs')
      .values({ account_id: accountId, version: 1, config: JSON.stringify({ copy: 'broken' }) })
      .execute()
    const res = await getConfig(accountId)
    expect(res.status).toBe(200)
    expect(((await res.json()) as WidgetConfigResponse).config).toEqual(createDefaultConfig())
  })
})

describe('config CORS', () => {
  it("allows the account's domain and its subdomains over https, with Vary: Origin", async () => {
    const { accountId } = await t.createAccount({ domain: 'shop.example' })
    for (const origin of ['https://shop.example', 'https://www.shop.example', 'https://app.shop.example']) {
      const res = await getConfig(accountId, { origin })
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('vary')).toContain('Origin')
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    }
  })

  it('gives other origins no CORS headers (the browser blocks them)', async () => {
    const { accountId } = await t.createAccount({ domain: 'shop.example' })
    for (const origin of ['https://evil.example', 'http://shop.example', 'http://localhost:3000']) {
      const res = await getConfig(accountId, { origin })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(res.headers.get('vary')).toContain('Origin')
    }
  })

  it('allows localhost and 127.0.0.1 with ?mode=test', async () => {
    const { accountId } = await t.createAccount({ domain: 'shop.example' })
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8788']) {
      const res = await getConfig(accountId, { origin }, '?mode=test')
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
    }
  })

  it('answers a preflight with the allowed methods, headers and max-age', async () => {
    const { accountId } = await t.createAccount({ domain: 'preflight.example' })
    const res = await widgetCall(t, configPath(accountId), {
      method: 'OPTIONS',
      headers: { origin: 'https://www.preflight.example', 'access-control-request-method': 'GET' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('https://www.preflight.example')
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST')
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type, idempotency-key',
    )
    expect(res.headers.get('access-control-max-age')).toBe('600')
  })
})

describe('config compression', () => {
  it('serves the gzip or brotli variant, compressed once per version, when the client asks', async () => {
    const { accountId } = await t.createAccount()
    const identity = await getConfig(accountId)
    const bytes = Buffer.from(await identity.arrayBuffer())
    expect(identity.headers.get('content-encoding')).toBeNull()
    expect(identity.headers.get('vary')).toBe('Origin, Accept-Encoding')

    const gz = await getConfig(accountId, { 'accept-encoding': 'gzip, deflate' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    const gzBytes = Buffer.from(await gz.arrayBuffer())
    expect(gzBytes.length).toBeLessThan(bytes.length / 2)
    expect(gunzipSync(gzBytes).equals(bytes)).toBe(true)

    const br = await getConfig(accountId, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(bytes)).toBe(true)

    // Each representation has its own strong ETag; any of them revalidates the version.
    const etags = [identity, gz, br].map((r) => r.headers.get('etag'))
    expect(new Set(etags).size).toBe(3)
    for (const etag of etags) {
      expect(
        (await getConfig(accountId, { 'if-none-match': etag ?? '', 'accept-encoding': 'br' })).status,
      ).toBe(304)
    }
  })

  it('negotiates the encoding, honouring q=0', () => {
    expect(pickEncoding(undefined)).toBe('identity')
    expect(pickEncoding('identity')).toBe('identity')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('br;q=1.0, gzip;q=0.8')).toBe('br')
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip')
    expect(pickEncoding('gzip;q=0')).toBe('identity')
    expect(pickEncoding('*')).toBe('gzip')
  })

  it('matches If-None-Match lists, weak forms and representation suffixes, and nothing else', () => {
    const etag = '"abc123"'
    expect(etagMatches('"abc123"', etag)).toBe(true)
    expect(etagMatches('W/"abc123-gz"', etag)).toBe(true)
    expect(etagMatches('"x", "abc123-br"', etag)).toBe(true)
    expect(etagMatches('*', etag)).toBe(true)
    expect(etagMatches('"abc123-zz"', etag)).toBe(false)
    expect(etagMatches('"abc1234"', etag)).toBe(false)
    expect(etagMatches('"abc"', etag)).toBe(false)
    expect(etagMatches(undefined, etag)).toBe(false)
  })
})

describe('over real HTTP (@hono/node-server, as in production)', () => {
  it('reads the headers from the Node request: CORS, compression and revalidation', async () => {
    const { accountId } = await t.createAccount({ domain: 'http-shop.example' })
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    try {
      const port = (server.address() as { port: number }).port
      const url = `http://127.0.0.1:${port}/api/widget/config/${accountId}`
      const first = await fetch(url, {
        headers: { origin: 'https://www.http-shop.example', 'accept-encoding': 'gzip' },
      })
      expect(first.status).toBe(200)
      expect(first.headers.get('access-control-allow-origin')).toBe('https://www.http-shop.example')
      expect(first.headers.get('content-encoding')).toBe('gzip')
      expect(((await first.json()) as WidgetConfigResponse).accountId).toBe(accountId)
      const again = await fetch(url, {
        headers: { origin: 'https://evil.example', 'if-none-match': first.headers.get('etag') ?? '' },
      })
      expect(again.status).toBe(304)
      expect(again.headers.get('access-control-allow-origin')).toBeNull()
      const testMode = await fetch(`${url}?mode=test`, { headers: { origin: 'http://localhost:5173' } })
      expect(testMode.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    } finally {
      server.close()
    }
  })
})
