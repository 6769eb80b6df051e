import { expect, vi } from 'vitest'
import { createCommands } from '../bundle/commands'
import type { Host, WidgetContext } from '../host/types'
import type { SessionResult, ShowRequest, WidgetBundle } from '../types'
import type { RetainkitApi } from './install'

/**
 * Test helpers for the loader: scripts it inserts are captured (never fetched); bundles open flows the
 * real way (bundle/commands.ts) over a fake flow and banner.
 */

export const LOADER_URL = 'https://cdn.retainkit.test/w/loader.js'
export const WIDGET_FILE = 'widget.0123abcd.js'

export function fakeBundle(show?: (request: ShowRequest) => Promise<SessionResult>) {
  const requests: ShowRequest[] = []
  // The bundle's own <script>, as the loader inserts it beside the loader.
  const script = document.createElement('script')
  script.src = `https://cdn.retainkit.test/w/${WIDGET_FILE}`
  const host: Host = { window: window as Host['window'], document, script }
  const parts = {
    showCancelFlow: vi.fn((_context: WidgetContext, _options: unknown, request: ShowRequest) => {
      requests.push(request)
      if (show) return show(request)
      request.onVisible()
      return new Promise<SessionResult>(() => {})
    }),
    showReactivation: vi.fn(async (_context: WidgetContext, _options: unknown) => ({ shown: true })),
    route: vi.fn(),
    destroy: vi.fn(),
  }
  // The bundle's real commands (checks, one flow at a time, fail-open) over a fake flow and banner.
  const bundle = { ...parts, run: vi.fn(createCommands(host, parts)) } satisfies WidgetBundle
  return { bundle, requests }
}

/**
 * A loader as a page gets it: installed from a module of its own (the loader's state is its module's,
 * as each copy of loader.js is its own script), so no test sees another's bundle or queue.
 */
export async function setupLoader(options: { nonce?: string; src?: string } = {}) {
  const scripts: HTMLScriptElement[] = []
  const append = (node: Node) => {
    scripts.push(node as HTMLScriptElement)
    return node
  }
  // Nothing leaves the test: the config prefetch waits forever unless a test answers it.
  vi.spyOn(window, 'fetch').mockImplementation(() => new Promise(() => {}))
  vi.spyOn(document.head, 'appendChild').mockImplementation(append as typeof document.head.appendChild)
  const script = document.createElement('script')
  script.src = options.src ?? LOADER_URL
  if (options.nonce) script.nonce = options.nonce
  const host: Host = { window: window as Host['window'], document, script }
  vi.resetModules()
  const { installLoader } = await import('./install')
  const install = () => installLoader(host, WIDGET_FILE)
  const api = install()
  if (!api) throw new Error('a loader was already installed')
  const global = () => (window as unknown as { Retainkit: RetainkitApi }).Retainkit
  return {
    api,
    host,
    scripts,
    install,
    global,
    /** The bundle script runs (registers itself), then its load event fires. */
    serve(bundle: WidgetBundle, index = scripts.length - 1) {
      const tag = scripts[index]
      expect(tag?.src).toBe(`https://cdn.retainkit.test/w/${WIDGET_FILE}`)
      global()._r(bundle)
      tag?.onload?.(new Event('load'))
    },
    fail(index = scripts.length - 1) {
      scripts[index]?.onerror?.(new Event('error'))
    },
  }
}

export function resetGlobal() {
  delete (window as unknown as { Retainkit?: unknown }).Retainkit
}

export const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}
