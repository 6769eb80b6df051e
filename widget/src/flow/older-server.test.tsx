import type { WidgetConfigResponse } from '@retainkit/shared/widget-api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearConfigCache } from '../api/client'
import { fakeApi, TOKEN } from '../test-support/fake-api'
import { CONTEXT, closeFlows, testHost, trackedBundle } from '../test-support/flow-harness'

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
 * This bundle against a server older than its contract (an instance not upgraded yet during a rolling
 * deploy, or a rollback past the previous release): the config it answers may lack each language's
 * resolved words, or even the planned flow. The bundle must not break on it — no uncaught error, no
 * half-drawn dialog — but fail open, so the merchant's cancel page takes the click.
 */
describe('a config from a server older than the widget', () => {
  it.each([
    ['without words', beforeWords],
    ['without words or a plan', beforePlans],
  ])('%s: the flow fails open instead of breaking', async (_name, age) => {
    const api = fakeApi()
    const fresh = await (await api.fetch(`${CONTEXT.apiBase}/api/widget/config/${CONTEXT.accountId}`)).json()
    const old = age(fresh)
    api.fetch.mockImplementation(async (url: string) =>
      String(url).includes('/config/')
        ? new Response(JSON.stringify(old), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 400 }),
    )
    const host = testHost()
    clearConfigCache(host)
    window.fetch = api.fetch as unknown as typeof fetch
    const errors: unknown[] = []
    const onError = (event: ErrorEvent) => errors.push(event.error)
    window.addEventListener('error', onError)
    const onVisible = vi.fn()
    // Rejected: the command around it answers 'fallback' and the loader lets the click through.
    await expect(
      trackedBundle(host).showCancelFlow(
        { ...CONTEXT },
        { token: TOKEN },
        { trigger: null, onVisible, signal: new AbortController().signal },
      ),
    ).rejects.toMatchObject({ status: 0 })
    window.removeEventListener('error', onError)
    expect(onVisible).not.toHaveBeenCalled()
    expect(document.querySelector('[data-retainkit="cancel-flow"]')).toBeNull()
    expect(errors).toEqual([])
  })
})
