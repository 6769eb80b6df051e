import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearConfigCache } from '../api/client'
import { fakeApi, TOKEN } from '../test-support/fake-api'
import { CONTEXT, closeFlows, openFlow, testHost, trackedBundle } from '../test-support/flow-harness'

const idle: (() => void)[] = []

beforeEach(() => {
  idle.length = 0
  // The page's idle moments, run by hand.
  window.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as typeof requestIdleCallback
})

afterEach(() => {
  closeFlows()
  vi.restoreAllMocks()
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback
  document.body.innerHTML = ''
})

/** A bundle with a cancel link attached (route is what `attach` calls after init), over a fake API. */
function attached(times = 1) {
  const host = testHost()
  clearConfigCache(host)
  const api = fakeApi()
  window.fetch = api.fetch as unknown as typeof fetch
  const bundle = trackedBundle(host)
  for (let i = 0; i < times; i++) bundle.route(CONTEXT, { token: TOKEN })
  return { api, bundle }
}

/** What the warm-up laid out, as it was when the layout was forced. */
function watchLayout() {
  const seen: { heading?: string | null; style: string; sheets: CSSStyleSheet[]; onPage: boolean }[] = []
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    const root = this.getRootNode() as ShadowRoot
    seen.push({
      heading: this.querySelector('h2')?.textContent,
      style: (this as HTMLElement).style.cssText,
      sheets: [...root.adoptedStyleSheets],
      onPage: document.body.contains(root.host),
    })
    return [] as unknown as DOMRectList
  })
  return seen
}

describe('the warm-up at attach', () => {
  it('draws the first screen once, on idle, hidden and out of the page, and takes it away in the same task', async () => {
    const { api } = attached(2)
    // Nothing at attach itself: one idle callback, for the two attachments.
    expect(idle).toHaveLength(1)
    expect(document.querySelector('[data-retainkit]')).toBeNull()
    const seen = watchLayout()
    idle[0]?.()
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(seen[0]).toMatchObject({ heading: 'Before you go…', onPage: true })
    expect(seen[0]?.style).toMatch(/position: fixed;.*visibility: hidden/)
    expect(document.querySelector('[data-retainkit]')).toBeNull()
    // Only the published config was asked for: no session, no route (the account does not route).
    expect(api.calls.map((call) => call.path)).toEqual([`/api/widget/config/${CONTEXT.accountId}`])
  })

  it('leaves the click its style sheet parsed: the dialog adopts the same base sheet the warm-up built', async () => {
    attached()
    const seen = watchLayout()
    idle[0]?.()
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    vi.restoreAllMocks()
    const flow = await openFlow()
    expect(flow.root.adoptedStyleSheets[0]).toBe(seen[0]?.sheets[0])
    expect(flow.heading()).toBe('Before you go…')
  })

  it('draws nothing once a flow has opened: the cold click whose bundle attached the link paid for it', async () => {
    const { bundle } = attached()
    const seen = watchLayout()
    const onVisible = vi.fn()
    void bundle.showCancelFlow(
      CONTEXT,
      { token: TOKEN },
      {
        trigger: null,
        onVisible,
        signal: new AbortController().signal,
      },
    )
    await vi.waitFor(() => expect(onVisible).toHaveBeenCalledTimes(1))
    idle[0]?.()
    await new Promise((settled) => setTimeout(settled, 20))
    expect(seen).toHaveLength(0)
    expect(document.querySelectorAll('[data-retainkit]')).toHaveLength(1)
  })
})
