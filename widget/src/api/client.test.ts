import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Host, WidgetContext } from '../host/types'
import { clearConfigCache, createWidgetApi } from './client'

const CONTEXT: WidgetContext = { accountId: 'acct_1', mode: 'live', apiBase: 'https://api.test' }
const CONFIG_URL = 'https://api.test/api/widget/config/acct_1'

function network(answer: object) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }))
  return { fetch, host: { window: { fetch } } as unknown as Host }
}

afterEach(() => clearConfigCache())

/** A config of today's shape (its default language brings the flow's words), tagged with where it came from. */
const current = (from: string) => ({ from, defaultLocale: 'en', locales: { en: { words: {} } } })

describe('the config read', () => {
  it("takes the loader's prefetched config instead of asking again", async () => {
    const { fetch, host } = network(current('network'))
    const api = createWidgetApi(host, { ...CONTEXT, config: Promise.resolve(current('prefetch')) })
    await expect(api.config()).resolves.toEqual(current('prefetch'))
    expect(fetch).not.toHaveBeenCalled()
  })

  it('asks itself when the prefetch failed or the server said no', async () => {
    for (const config of [
      Promise.resolve(false),
      Promise.resolve(undefined),
      Promise.reject(new Error('x')),
    ]) {
      clearConfigCache()
      const { fetch, host } = network(current('network'))
      await expect(createWidgetApi(host, { ...CONTEXT, config }).config()).resolves.toEqual(
        current('network'),
      )
      expect(fetch).toHaveBeenCalledWith(CONFIG_URL, expect.objectContaining({ method: 'GET' }))
    }
  })

  it('reads the same address the loader prefetches', async () => {
    const { fetch, host } = network(current('network'))
    await createWidgetApi(host, { ...CONTEXT, mode: 'test' }).config()
    expect(fetch).toHaveBeenCalledWith(`${CONFIG_URL}?mode=test`, expect.anything())
  })

  it.each([
    ['without words', { from: 'stale', defaultLocale: 'en', locales: { en: { copy: {} } }, plan: {} }],
    ['without languages at all', { from: 'stale', plan: {} }],
  ])(
    'asks the server again, past the HTTP cache, for a config cached from before (%s)',
    async (_name, stale) => {
      // Just after a deploy a browser (or the loader's prefetch) may hold an older version's config for
      // up to ten minutes (max-age plus stale-while-revalidate): without the words each language now
      // brings, the flow cannot be drawn. The bundle revalidates once instead of failing open all that time.
      const { fetch, host } = network(current('fresh'))
      const api = createWidgetApi(host, { ...CONTEXT, config: Promise.resolve(stale) })
      await expect(api.config()).resolves.toEqual(current('fresh'))
      expect(fetch).toHaveBeenCalledTimes(1)
      expect(fetch).toHaveBeenCalledWith(
        CONFIG_URL,
        expect.objectContaining({ method: 'GET', cache: 'no-cache' }),
      )
    },
  )

  it('revalidates a stale network answer too, and hands over what the server says when it is still old', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ from: 'http-cache' }), { status: 200 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ from: 'server' }), { status: 200 }))
    const api = createWidgetApi({ window: { fetch } } as unknown as Host, CONTEXT)
    // Still old after revalidating: the flow fails open, once, not in a loop.
    await expect(api.config()).resolves.toEqual({ from: 'server' })
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(fetch.mock.calls[0]?.[1]).not.toHaveProperty('cache', 'no-cache')
    expect(fetch.mock.calls[1]?.[1]).toHaveProperty('cache', 'no-cache')
  })
})
