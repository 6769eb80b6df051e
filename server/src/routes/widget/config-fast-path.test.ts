import { createServer, IncomingMessage, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { askRaw, type RawAnswer, type TwinServers, twinServers } from '../../../test/support/twin-servers'
import { WIDGET_CONFIG_TTL_MS } from '../../services/widget/published-config'
import { listWidgetErrors } from '../../services/widget/widget-errors'
import { publishConfig } from './testing'

/**
 * The config's node:http pre-handler answers byte for byte what the Hono route answered before it
 * existed: two real servers over the same app — today's (@hono/node-server alone) and the product's
 * (pre-handler first) — asked the same requests, every combination of encoding, origin, referer, mode
 * and revalidation, plus what the pre-handler must leave to the framework.
 */
let t: TestContext
let accountId: string
let twins: TwinServers

const ask = (server: Server, path: string, headers: Record<string, string> | string[], method = 'GET') =>
  askRaw(server, { path, headers, method })

beforeAll(async () => {
  t = await createTestContext()
  ;({ accountId } = await t.createAccount({ domain: 'fast-shop.example' }))
  await publishConfig(t, accountId, (config) => {
    config.theme = { ...config.theme, primary_color: '#0F766E' }
  })
  twins = await twinServers(t)
})
afterAll(async () => {
  twins?.close()
  await t?.close()
})

const ENCODINGS = [undefined, 'gzip', 'br', 'gzip, deflate, br', 'br;q=0, gzip', '*', 'identity']
const ORIGINS: Array<Record<string, string>> = [
  {},
  { origin: 'https://www.fast-shop.example' },
  { origin: 'https://elsewhere.example' },
  { referer: 'https://fast-shop.example/account/billing' },
  { origin: 'http://localhost:5173' },
]
// With the contract version every widget states since it has one (`v`), bad and future ones included.
const QUERIES = [
  '',
  '?mode=test',
  '?mode=live',
  '?x=1&mode=test',
  '?v=1',
  '?v=2&mode=test',
  '?v=abc',
  '?v=0',
  '?v=99',
]

async function currentEtag(): Promise<string> {
  const answer = await ask(twins.framework, `/api/widget/config/${accountId}`, {})
  const line = answer.headers.find((h) => h.toLowerCase().startsWith('etag:')) ?? ''
  return line.slice(line.indexOf(':') + 2)
}

async function expectSame(path: string, headers: Record<string, string> | string[], method = 'GET') {
  const before = await ask(twins.framework, path, headers, method)
  const now = await ask(twins.product, path, headers, method)
  expect(now, `${method} ${path} ${JSON.stringify(headers)}`).toEqual(before)
  return now
}

describe('the widget config answered before the framework', () => {
  it('answers every combination of encoding, origin, mode and revalidation exactly as the route did', async () => {
    const etag = await currentEtag()
    const validators = [undefined, etag, `W/${etag}`, `${etag.slice(0, -1)}-gz"`, '*', '"stale"']
    let compared = 0
    const statuses = new Set<number>()
    for (const encoding of ENCODINGS)
      for (const origin of ORIGINS)
        for (const query of QUERIES)
          for (const validator of validators) {
            const headers: Record<string, string> = { ...origin }
            if (encoding) headers['accept-encoding'] = encoding
            if (validator) headers['if-none-match'] = validator
            statuses.add((await expectSame(`/api/widget/config/${accountId}${query}`, headers)).status)
            compared++
          }
    expect(compared).toBe(ENCODINGS.length * ORIGINS.length * QUERIES.length * validators.length)
    // 400: a malformed contract version, answered by the route (the pre-handler leaves it alone).
    expect([...statuses].sort()).toEqual([200, 304, 400])
  }, 120_000)

  it('serves a config in memory without the framework, and leaves the rest to it unchanged', async () => {
    await ask(twins.product, `/api/widget/config/${accountId}`, {})
    const calls = twins.frameworkCalls()
    await ask(twins.product, `/api/widget/config/${accountId}`, { 'accept-encoding': 'br' })
    expect(twins.frameworkCalls()).toBe(calls)
    for (const path of [
      `/api/widget/config/${accountId}/`,
      '/api/widget/config/no-such-account',
      '/api/widget/config/bad%20id',
      `/api/widget/config/${accountId}%41`,
      // A route outside the widget, whose answer does not change from one second to the next
      // (/health reports its uptime, so two asks a second apart differ).
      '/api/openapi.json',
    ])
      await expectSame(path, { 'accept-encoding': 'gzip' })
    await expectSame(`/api/widget/config/${accountId}`, { origin: 'https://www.fast-shop.example' }, 'HEAD')
    await expectSame(
      `/api/widget/config/${accountId}`,
      { origin: 'https://www.fast-shop.example' },
      'OPTIONS',
    )
    expect(twins.frameworkCalls()).toBeGreaterThan(calls)
  })

  it('answers headers sent twice, or in any case, by the rules Node itself applies', async () => {
    const etag = await currentEtag()
    const path = `/api/widget/config/${accountId}`
    const twice: string[][] = [
      // Node keeps the first Origin and Referer, and joins the lists of the others.
      ['Origin', 'https://www.fast-shop.example', 'Origin', 'https://elsewhere.example'],
      ['Origin', 'https://elsewhere.example', 'origin', 'https://www.fast-shop.example'],
      ['Referer', 'https://elsewhere.example/', 'Referer', 'https://fast-shop.example/account'],
      ['Accept-Encoding', 'identity', 'Accept-Encoding', 'br'],
      ['accept-encoding', 'br;q=0', 'ACCEPT-ENCODING', 'gzip'],
      ['If-None-Match', '"stale"', 'If-None-Match', etag],
      ['If-None-Match', etag, 'Origin', 'https://www.fast-shop.example', 'if-none-match', '"stale"'],
      ['ORIGIN', 'https://www.fast-shop.example', 'Accept-Encoding', 'GZIP', 'IF-NONE-MATCH', `W/${etag}`],
      ['Origin', '', 'Accept-Encoding', ''],
    ]
    const statuses = new Set<number>()
    for (const headers of twice) statuses.add((await expectSame(path, headers)).status)
    expect([...statuses].sort()).toEqual([200, 304])
  })

  it('adds no header parsing to what Node does for any request (it reads the object Node has built)', async () => {
    const path = `/api/widget/config/${accountId}`
    // A browser's dozen lines and more: the object Node builds from them is what the pre-handler reads.
    const headers = {
      origin: 'https://www.fast-shop.example',
      'accept-encoding': 'gzip, deflate, br, zstd',
      'accept-language': 'en-GB,en;q=0.9',
      'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/131.0.0.0',
      'sec-fetch-mode': 'cors',
    }
    const bare = createServer((_req, res) => res.end('{}'))
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
    await ask(twins.product, path, headers)
    // Node copies each raw line into a request's header object with _addHeaderLine: counted per request.
    const proto = IncomingMessage.prototype as unknown as { _addHeaderLine: (...args: unknown[]) => void }
    const addLine = proto._addHeaderLine
    let lines = 0
    proto._addHeaderLine = function (this: IncomingMessage, ...args: unknown[]) {
      // Requests only: the test's own client builds its answers' header objects in this process too.
      if (this.method) lines++
      return addLine.apply(this, args)
    }
    const linesFor = async (server: Server) => {
      lines = 0
      expect((await ask(server, path, headers)).status).toBe(200)
      return lines
    }
    try {
      const calls = twins.frameworkCalls()
      const forBare = await linesFor(bare)
      // Node builds the object before any listener runs (it reads host and expect from it), once.
      expect(forBare).toBeGreaterThanOrEqual(Object.keys(headers).length)
      expect(await linesFor(twins.product)).toBe(forBare)
      expect(twins.frameworkCalls()).toBe(calls)
    } finally {
      proto._addHeaderLine = addLine
      bare.close()
    }
  })

  it('serves the new version as soon as a config is published', async () => {
    const old = await ask(twins.product, `/api/widget/config/${accountId}`, {})
    await publishConfig(t, accountId, (config) => {
      config.theme = { ...config.theme, primary_color: '#123456' }
    })
    const fresh = await expectSame(`/api/widget/config/${accountId}`, {})
    expect(fresh.status).toBe(200)
    expect(fresh.body.toString()).toContain('#123456')
    const etagOf = (answer: RawAnswer) => answer.headers.find((h) => h.startsWith('ETag'))
    expect(etagOf(fresh)).not.toEqual(etagOf(old))
    // And again from memory, through the pre-handler, with the new headers.
    const calls = twins.frameworkCalls()
    expect(await ask(twins.product, `/api/widget/config/${accountId}`, {})).toEqual(fresh)
    expect(twins.frameworkCalls()).toBe(calls)
  })
})

/**
 * The pre-handler's remembered answers (config-fast-path.ts, RememberedAnswer): a repeat of a request gets
 * the answer the route gives, whichever request came before it on the same URL; nothing remembered
 * outlives the cache entry it was built from; and requests whose recording happens on every hit (a page
 * the account refuses) are never answered from memory.
 */
const path = () => `/api/widget/config/${accountId}`

async function expectRepeatsSame(url: string, headers: Record<string, string>) {
  const before = await askRaw(twins.framework, { path: url, headers })
  // The first may fill the memory, the second and third are answered from it.
  for (let i = 0; i < 3; i++) expect(await askRaw(twins.product, { path: url, headers })).toEqual(before)
  return before
}

describe('remembered config answers', () => {
  it('answer every repeat exactly as the route does, whichever request came before on the URL', async () => {
    const encodings = [undefined, 'gzip', 'gzip, deflate, br, zstd', 'identity']
    const pages: Array<Record<string, string>> = [
      { origin: 'https://www.fast-shop.example' },
      {},
      { origin: 'https://elsewhere.example' },
      { referer: 'https://fast-shop.example/account' },
      { origin: 'https://www.fast-shop.example', referer: 'https://elsewhere.example/' },
    ]
    const calls = twins.frameworkCalls()
    let compared = 0
    for (const query of ['', '?mode=test', '?v=2']) {
      for (const encoding of encodings)
        for (const page of pages) {
          const headers: Record<string, string> = { ...page }
          if (encoding) headers['accept-encoding'] = encoding
          await expectRepeatsSame(`${path()}${query}`, headers)
          compared++
        }
      // A revalidation right after a remembered 200 with otherwise the same headers is still a 304.
      const remembered = await expectRepeatsSame(`${path()}${query}`, {})
      const etag = remembered.headers.find((line) => line.startsWith('ETag'))?.slice('ETag: '.length) ?? ''
      const revalidated = await expectRepeatsSame(`${path()}${query}`, { 'if-none-match': etag })
      expect(revalidated.status).toBe(304)
    }
    expect(compared).toBe(3 * encodings.length * pages.length)
    // All of it from memory or the pre-handler's own path: the config was cached before.
    expect(twins.frameworkCalls()).toBe(calls)
  }, 60_000)

  it('never outlive the cache entry: a publish or the cache expiring is seen on the next request', async () => {
    const headers = { origin: 'https://www.fast-shop.example', 'accept-encoding': 'br' }
    await expectRepeatsSame(path(), headers)
    await publishConfig(t, accountId, (config) => {
      config.theme = { ...config.theme, primary_color: '#654321' }
    })
    const fresh = await askRaw(twins.product, { path: path(), headers: { origin: headers.origin } })
    expect(fresh.body.toString()).toContain('#654321')
    await expectRepeatsSame(path(), headers)

    // Past the cache's lifetime the pre-handler no longer holds the config: the route loads it again.
    await expectRepeatsSame(path(), headers)
    t.clock.advance(WIDGET_CONFIG_TTL_MS + 1_000)
    const calls = twins.frameworkCalls()
    expect(await askRaw(twins.product, { path: path(), headers })).toEqual(
      await askRaw(twins.framework, { path: path(), headers }),
    )
    expect(twins.frameworkCalls()).toBeGreaterThan(calls)
  })

  it('leave a refused page to the whole path, so each of its loads is still recorded', async () => {
    const { accountId: refusing } = await t.createAccount({ domain: 'refusing.example' })
    const url = `/api/widget/config/${refusing}`
    const headers = { origin: 'https://not-the-shop.example' }
    // The first loads the config into memory (through the route); the next three are the pre-handler's.
    for (let i = 0; i < 4; i++) expect((await askRaw(twins.product, { path: url, headers })).status).toBe(200)
    await vi.waitFor(
      async () => {
        const errors = await listWidgetErrors(t.deps, refusing)
        expect(errors.reduce((sum, error) => sum + error.count, 0)).toBe(4)
      },
      { timeout: 3_000 },
    )
  })
})
