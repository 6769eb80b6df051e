import type { WidgetConfigResponse } from '@retainkit/shared/widget-api'
import { fireEvent, within } from '@testing-library/dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearConfigCache } from '../api/client'
import { fakeApi, TOKEN } from '../test-support/fake-api'
import { CONTEXT, closeFlows, testHost, trackedBundle } from '../test-support/flow-harness'
import type { SessionResult } from '../types'

afterEach(() => {
  closeFlows()
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

type Published = WidgetConfigResponse & { locales: Record<string, { words?: unknown; copy?: unknown }> }

/** A config as an older server wrote it: each language's raw copy instead of its resolved words. */
const beforeWords = (fresh: Published) => ({
  ...fresh,
  locales: Object.fromEntries(
    Object.entries(fresh.locales).map(([tag, { words: _words, ...language }]) => [
      tag,
      { ...language, copy: fresh.config.copy },
    ]),
  ),
})

/** Older still: no planned flow either. */
const beforePlans = (fresh: Published) => {
  const { plan: _dropped, ...stale } = beforeWords(fresh)
  return stale
}

/**
 * Right after a deploy, the loader's prefetch (or the browser's HTTP cache behind it) can still answer
 * an older version's config: without each language's resolved words, or even without the planned flow.
 * The flow asks the server once more, past the cache, and opens, instead of failing open for the ten
 * minutes such a config may be served.
 */
describe('a config cached from before the server worded (or planned) the flow', () => {
  it.each([
    ['without words', beforeWords],
    ['without words or a plan', beforePlans],
  ])('%s: is revalidated past the HTTP cache and the flow opens on its first screen', async (_name, age) => {
    const api = fakeApi()
    const fresh = await (await api.fetch(`${CONTEXT.apiBase}/api/widget/config/${CONTEXT.accountId}`)).json()
    const stale = age(fresh)
    api.fetch.mockClear()
    const host = testHost()
    clearConfigCache(host)
    window.fetch = api.fetch as unknown as typeof fetch
    const onVisible = vi.fn()
    let result: SessionResult | undefined
    trackedBundle(host)
      .showCancelFlow(
        { ...CONTEXT, config: Promise.resolve(stale) },
        { token: TOKEN },
        { trigger: null, onVisible, signal: new AbortController().signal },
      )
      .then((value) => {
        result = value
      })

    await vi.waitFor(() => expect(onVisible).toHaveBeenCalledTimes(1))
    expect(result).toBeUndefined()
    const root = document.querySelector('[data-retainkit="cancel-flow"]')?.shadowRoot as ShadowRoot
    const ui = within(root as unknown as HTMLElement)
    expect(ui.getByRole('heading', { level: 2 }).textContent).toBe(fresh.config.copy.general.headline)
    const configReads = api.fetch.mock.calls.filter(([url]) => String(url).includes('/config/'))
    expect(configReads).toHaveLength(1)
    expect(configReads[0]?.[1]).toMatchObject({ method: 'GET', cache: 'no-cache' })

    fireEvent.click(ui.getByRole('button', { name: 'Close' }))
    await vi.waitFor(() => expect(result).toEqual({ outcome: 'closed' }))
  })
})
