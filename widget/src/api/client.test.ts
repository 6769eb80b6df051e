import { WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Host, WidgetContext } from '../host/types'
import { clearConfigCache, createWidgetApi } from './client'

const CONTEXT: WidgetContext = { accountId: 'acct_1', mode: 'live', apiBase: 'https://api.test' }
const CONFIG_URL = `https://api.test/api/widget/config/acct_1?v=${WIDGET_CONTRACT_VERSION}`

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
    expect(fetch).toHaveBeenCalledWith(`${CONFIG_URL}&mode=test`, expect.anything())
  })

  it('states the contract version it speaks in the address of every call', async () => {
    // In the config's address itself: no HTTP cache can answer one version's read with another's config
    // (a browser still holding the previous release's answer, just after a deploy).
    const { fetch, host } = network(current('network'))
    const api = createWidgetApi(host, CONTEXT)
    await api.config()
    await api.startSession('t', {})
    await api.act('t', 'ses_1', 'events', { events: [{ step: 'flow_abandoned' }] })
    await api.act('t', 'ses_1', 'accept', { offer: 'pause', choice: { months: 1 } })
    await api.act('t', 'ses_1', 'cancel', {})
    await api.reactivation('t')
    await api.reactivationAccept('t', 'ses_1')
    const addresses = fetch.mock.calls.map((call) => (call as unknown as [string])[0])
    expect(addresses).toEqual([
      CONFIG_URL,
      `https://api.test/api/widget/sessions?v=${WIDGET_CONTRACT_VERSION}`,
      `https://api.test/api/widget/sessions/ses_1/events?v=${WIDGET_CONTRACT_VERSION}`,
      `https://api.test/api/widget/sessions/ses_1/accept?v=${WIDGET_CONTRACT_VERSION}`,
      `https://api.test/api/widget/sessions/ses_1/cancel?v=${WIDGET_CONTRACT_VERSION}`,
      `https://api.test/api/widget/reactivation?v=${WIDGET_CONTRACT_VERSION}`,
      `https://api.test/api/widget/reactivation/accept?v=${WIDGET_CONTRACT_VERSION}`,
    ])
    expect(WIDGET_CONTRACT_VERSION).toBeGreaterThan(1)
  })
})
