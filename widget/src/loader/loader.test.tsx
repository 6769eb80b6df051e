import { WIDGET_CONTRACT_VERSION, WIDGET_FAIL_OPEN_MS } from '@retainkit/shared/widget-api'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SNIPPET_STUB } from '../snippet'
import { fakeBundle, LOADER_URL, resetGlobal, settle, setupLoader } from './loader-harness'

const TOKEN = 'tok'

beforeEach(() => {
  resetGlobal()
  document.body.innerHTML = ''
})

afterEach(() => {
  window.Retainkit?.destroy()
  resetGlobal()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

declare global {
  interface Window {
    Retainkit?: ((command: string, ...args: unknown[]) => Promise<unknown>) & {
      destroy(): void
      q?: unknown[]
    }
  }
}

/** Runs the real snippet stub in this window, as the merchant's page would. */
function runStub() {
  const stub = new Function(`return (${SNIPPET_STUB})`)() as (
    w: Window,
    d: Document,
    u: string,
    n: string,
  ) => void
  stub(window, document, LOADER_URL, 'Retainkit')
}

describe('the global and the queue', () => {
  it('installs exactly one global, window.Retainkit, with the API methods', async () => {
    const before = new Set(Object.keys(window))
    const { api } = await setupLoader()
    const added = Object.keys(window).filter((key) => !before.has(key))
    expect(added).toEqual(['Retainkit'])
    expect(window.Retainkit).toBe(api)
    for (const method of ['init', 'attach', 'showCancelFlow', 'showReactivation', 'destroy']) {
      expect(typeof (api as unknown as Record<string, unknown>)[method]).toBe('function')
    }
  })

  it('replays calls queued by the stub and settles their promises with the results', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const inserted: Node[] = []
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      inserted.push(node)
      return node
    })
    runStub()
    window.Retainkit?.('init', { accountId: 'acct_1' })
    const flow = window.Retainkit?.('showCancelFlow', { token: TOKEN })
    expect(window.Retainkit?.q).toHaveLength(2)
    expect(inserted).toHaveLength(1)

    const { bundle } = fakeBundle(async (request) => {
      request.onVisible()
      return { outcome: 'stayed' }
    })
    const loader = await setupLoader()
    loader.serve(bundle)
    await expect(flow).resolves.toEqual({ outcome: 'stayed' })
    expect(bundle.showCancelFlow.mock.calls[0]?.[0]).toMatchObject({
      accountId: 'acct_1',
      apiBase: 'https://cdn.retainkit.test',
    })
    expect(warn).not.toHaveBeenCalled()
  })

  it('a second snippet copy is a no-op, and its init call changes nothing', async () => {
    const inserted: Node[] = []
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      inserted.push(node)
      return node
    })
    runStub()
    const stub = window.Retainkit
    window.Retainkit?.('init', { accountId: 'acct_1' })
    runStub()
    window.Retainkit?.('init', { accountId: 'acct_1' })
    expect(window.Retainkit).toBe(stub)
    expect(inserted).toHaveLength(1)

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loader = await setupLoader()
    await settle()
    expect(warn).not.toHaveBeenCalled()
    // The snippet once more, after the loader: still a no-op.
    runStub()
    expect(window.Retainkit).toBe(loader.api)
  })

  it('a second loader copy leaves the first one in place', async () => {
    const loader = await setupLoader()
    expect(loader.install()).toBeUndefined()
    expect(window.Retainkit).toBe(loader.api)
  })
})

describe('isolation', () => {
  it('never throws into the page: bad calls resolve, and each problem is logged once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loader = await setupLoader()
    const { api } = loader
    const calls = [
      () => api('nope'),
      () => api('nope'),
      () => api.init({ accountId: 'bad id!' }),
      () => api.showCancelFlow({ token: TOKEN }),
      () => api.attach('##not a selector', { token: TOKEN }),
      () => api.attach(42 as never, { token: TOKEN }),
      () => api('toString'),
    ]
    for (const call of calls) expect(call).not.toThrow()
    // The bundle checks and reports the commands the loader hands over.
    loader.serve(fakeBundle().bundle, 0)
    // Clicks on the page meet the bad attachments: nothing throws into the page's own handlers.
    document.body.innerHTML = '<button id="b">Hi</button>'
    const own = vi.fn()
    document.getElementById('b')?.addEventListener('click', own)
    expect(() => document.getElementById('b')?.click()).not.toThrow()
    expect(own).toHaveBeenCalledTimes(1)
    const results = await Promise.all(calls.map((call) => call()))
    expect(results[3]).toEqual({ outcome: 'fallback' })
    const messages = warn.mock.calls.map(([message]) => String(message))
    expect(messages.every((message) => message.startsWith('[Retainkit] '))).toBe(true)
    expect(new Set(messages).size).toBe(messages.length)
    expect(messages).toEqual(
      expect.arrayContaining([
        '[Retainkit] unknown command: nope',
        '[Retainkit] unknown command: toString',
        '[Retainkit] call init({accountId}) first',
      ]),
    )
  })

  it('a bundle that throws synchronously makes the flow fail open, not the page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loader = await setupLoader()
    loader.api.init({ accountId: 'acct_1' })
    const { bundle } = fakeBundle(() => {
      throw new Error('boom')
    })
    const flow = loader.api.showCancelFlow({ token: TOKEN })
    loader.serve(bundle)
    await expect(flow).resolves.toEqual({ outcome: 'fallback' })
  })
})

describe('loading the bundle', () => {
  it('loads once for concurrent calls, with the nonce of the loader script', async () => {
    const loader = await setupLoader({ nonce: 'r4nd0m' })
    loader.api.init({ accountId: 'acct_1' })
    const first = loader.api.showReactivation({ token: TOKEN })
    const second = loader.api.showReactivation({ token: TOKEN })
    expect(loader.scripts).toHaveLength(1)
    expect(loader.scripts[0]?.nonce).toBe('r4nd0m')
    const { bundle } = fakeBundle()
    loader.serve(bundle)
    await expect(Promise.all([first, second])).resolves.toEqual([{ shown: true }, { shown: true }])
    await loader.api.showReactivation({ token: TOKEN })
    expect(loader.scripts).toHaveLength(1)
  })

  it('forgets a failed load, so the next call tries again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loader = await setupLoader()
    loader.api.init({ accountId: 'acct_1' })
    const failed = loader.api.showReactivation({ token: TOKEN })
    loader.fail()
    await expect(failed).resolves.toEqual({ shown: false })
    expect(loader.scripts[0]?.isConnected).toBe(false)

    const retried = loader.api.showReactivation({ token: TOKEN })
    expect(loader.scripts).toHaveLength(2)
    loader.serve(fakeBundle().bundle)
    await expect(retried).resolves.toEqual({ shown: true })
  })

  it('prefetches the bundle and the config together on idle after init, not at init', async () => {
    vi.useFakeTimers()
    const loader = await setupLoader()
    const fetch = vi.mocked(window.fetch)
    loader.api.init({ accountId: 'acct_1', apiBase: 'https://api.example.test/' })
    loader.api.attach('#cancel', { token: TOKEN })
    expect(loader.scripts).toHaveLength(0)
    expect(fetch).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2000)
    expect(loader.scripts).toHaveLength(1)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch).toHaveBeenCalledWith(
      `https://api.example.test/api/widget/config/acct_1?v=${WIDGET_CONTRACT_VERSION}`,
    )
  })

  it('a cold click asks for the bundle, then the config before the bundle has run, and the bundle uses that answer', async () => {
    const config = { published: true }
    const loader = await setupLoader()
    const asked: string[] = []
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(async () => {
      asked.push(`config after ${loader.scripts.length} script`)
      return new Response(JSON.stringify(config), { status: 200 })
    })
    loader.api.init({ accountId: 'acct_1', mode: 'test' })
    loader.api.attach('#cancel', { token: TOKEN })
    document.body.innerHTML = '<button id="cancel">Cancel</button>'
    document.getElementById('cancel')?.click()
    // The bundle is still on its way, and the config request is out already, asked second.
    expect(loader.scripts).toHaveLength(1)
    expect(asked).toEqual(['config after 1 script'])
    expect(fetch).toHaveBeenCalledWith(
      `https://cdn.retainkit.test/api/widget/config/acct_1?v=${WIDGET_CONTRACT_VERSION}&mode=test`,
    )
    const { bundle } = fakeBundle()
    loader.serve(bundle)
    await settle()
    const context = bundle.showCancelFlow.mock.calls[0]?.[0]
    await expect(context?.config).resolves.toEqual(config)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('a bundle file that runs without registering counts as failed, and the next call retries', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loader = await setupLoader()
    loader.api.init({ accountId: 'acct_1' })
    const failed = loader.api.showReactivation({ token: TOKEN })
    loader.scripts[0]?.onload?.(new Event('load'))
    await expect(failed).resolves.toEqual({ shown: false })
    const retried = loader.api.showReactivation({ token: TOKEN })
    expect(loader.scripts).toHaveLength(2)
    loader.serve(fakeBundle().bundle)
    await expect(retried).resolves.toEqual({ shown: true })
  })
})

describe('fail-open', () => {
  it('resolves fallback exactly at 3 s when nothing became visible, and aborts the bundle', async () => {
    vi.useFakeTimers()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loader = await setupLoader()
    loader.api.init({ accountId: 'acct_1' })
    let result: unknown
    loader.api.showCancelFlow({ token: TOKEN }).then((value) => {
      result = value
    })
    const { bundle, requests } = fakeBundle(() => new Promise(() => {}))
    loader.serve(bundle)
    await vi.advanceTimersByTimeAsync(WIDGET_FAIL_OPEN_MS - 1)
    expect(result).toBeUndefined()
    expect(requests[0]?.signal.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(result).toEqual({ outcome: 'fallback' })
    expect(requests[0]?.signal.aborted).toBe(true)
  })

  it('does not fail open once the flow is visible', async () => {
    vi.useFakeTimers()
    const loader = await setupLoader()
    loader.api.init({ accountId: 'acct_1' })
    let finish: (value: { outcome: 'saved' }) => void = () => {}
    const { bundle } = fakeBundle(
      (request) =>
        new Promise((resolve) => {
          setTimeout(request.onVisible, 1000)
          finish = resolve
        }),
    )
    let result: unknown
    loader.api.showCancelFlow({ token: TOKEN }).then((value) => {
      result = value
    })
    loader.serve(bundle)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(result).toBeUndefined()
    finish({ outcome: 'saved' })
    await vi.advanceTimersByTimeAsync(0)
    expect(result).toEqual({ outcome: 'saved' })
  })

  it('follows the intercepted link within the 3 s when the bundle never arrives', async () => {
    vi.useFakeTimers()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loader = await setupLoader()
    loader.api.init({ accountId: 'acct_1' })
    loader.api.attach('#cancel', { token: TOKEN })
    document.body.innerHTML = '<a id="cancel" href="https://merchant.test/account/cancel">Cancel</a>'
    const link = document.getElementById('cancel') as HTMLAnchorElement
    // What reaches the page after our capture listener: the browser's own activation follows from it.
    const reached: boolean[] = []
    link.addEventListener('click', (event) => {
      reached.push(event.defaultPrevented)
      event.preventDefault() // (happy-dom would navigate the test window)
    })
    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    link.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(reached).toEqual([])
    await vi.advanceTimersByTimeAsync(WIDGET_FAIL_OPEN_MS - 1)
    expect(reached).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    // The link's own click, once, not prevented: the browser follows the link (target, download…).
    expect(reached).toEqual([false])
  })

  it('a failed bundle load lets the click proceed at once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loader = await setupLoader()
    loader.api.init({ accountId: 'acct_1' })
    loader.api.attach('#cancel', { token: TOKEN })
    document.body.innerHTML = '<button id="cancel">Cancel</button>'
    const button = document.getElementById('cancel') as HTMLButtonElement
    const own = vi.fn()
    button.addEventListener('click', own)
    button.click()
    expect(own).not.toHaveBeenCalled()
    loader.fail()
    await settle()
    // Re-dispatched once, with the interception disabled for that one click.
    expect(own).toHaveBeenCalledTimes(1)
    button.click()
    expect(own).toHaveBeenCalledTimes(1)
  })
})
