import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Host, WidgetContext } from '../host/types'
import { clearConfigCache, createWidgetApi } from './client'

const CONTEXT: WidgetContext = { accountId: 'acct_1', mode: 'live', apiBase: 'https://api.test', nonce: '' }
const CONFIG_URL = 'https://api.test/api/widget/config/acct_1'

function network(answer: object) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }))
  return { fetch, host: { window: { fetch } } as unknown as Host }
}

afterEach(() => clearConfigCache())

describe('the config read', () => {
  it("takes the loader's prefetched config instead of asking again", async () => {
    const { fetch, host } = network({ from: 'network' })
    const api = createWidgetApi(host, { ...CONTEXT, config: Promise.resolve({ from: 'prefetch' }) })
    await expect(api.config()).resolves.toEqual({ from: 'prefetch' })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('asks itself when the prefetch failed or the server said no', async () => {
    for (const config of [
      Promise.resolve(false),
      Promise.resolve(undefined),
      Promise.reject(new Error('x')),
    ]) {
      clearConfigCache()
      const { fetch, host } = network({ from: 'network' })
      await expect(createWidgetApi(host, { ...CONTEXT, config }).config()).resolves.toEqual({
        from: 'network',
      })
      expect(fetch).toHaveBeenCalledWith(CONFIG_URL, expect.objectContaining({ method: 'GET' }))
    }
  })

  it('reads the same address the loader prefetches', async () => {
    const { fetch, host } = network({})
    await createWidgetApi(host, { ...CONTEXT, mode: 'test' }).config()
    expect(fetch).toHaveBeenCalledWith(`${CONFIG_URL}?mode=test`, expect.anything())
  })
})
