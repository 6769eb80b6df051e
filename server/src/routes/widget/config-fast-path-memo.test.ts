import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { askRaw, type TwinServers, twinServers } from '../../../test/support/twin-servers'
import { WIDGET_CONFIG_TTL_MS } from '../../services/widget/published-config'
import { listWidgetErrors } from '../../services/widget/widget-errors'
import { publishConfig } from './testing'

/**
 * The config pre-handler's remembered answers (config-fast-path.ts, RememberedAnswer): a repeat of a
 * request gets the answer the route gives, whichever request came before it on the same URL; nothing
 * remembered outlives the cache entry it was built from; and requests whose recording happens on every
 * hit (a page the account refuses) are never answered from memory.
 */
let t: TestContext
let accountId: string
let twins: TwinServers

const path = () => `/api/widget/config/${accountId}`

beforeAll(async () => {
  t = await createTestContext()
  ;({ accountId } = await t.createAccount({ domain: 'memo-shop.example' }))
  await publishConfig(t, accountId, (config) => {
    config.theme = { ...config.theme, primary_color: '#0F766E' }
  })
  twins = await twinServers(t)
})
afterAll(async () => {
  twins?.close()
  await t?.close()
})

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
      { origin: 'https://www.memo-shop.example' },
      {},
      { origin: 'https://elsewhere.example' },
      { referer: 'https://memo-shop.example/account' },
      { origin: 'https://www.memo-shop.example', referer: 'https://elsewhere.example/' },
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
    const headers = { origin: 'https://www.memo-shop.example', 'accept-encoding': 'br' }
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
