/**
 * @retainkit/js: the Retainkit snippet for bundled apps. `init` puts the same install stub the snippet
 * has on the page (its text comes from one source, the widget's snippet.ts: build.mjs writes it into
 * ./stub as code) and loads the loader from your Retainkit server; the other calls queue on the stub
 * until the loader arrives, and answer promises with their results. Everything is typed.
 *
 * Safe to import under SSR: nothing touches `window` until a function is called, and on the server the
 * calls do nothing (a cancel flow answers 'fallback', the banner `{ shown: false }`, so the merchant's
 * own cancel path runs).
 */
import type {
  CancelFlowOptions,
  ReactivationOptions,
  ReactivationResult,
  SessionResult,
} from '@retainkit/widget/types'
import { installStub } from './stub'

export type {
  CancelFlowOptions,
  CancelInput,
  FlowHandlers,
  OfferInput,
  ReactivationOptions,
  ReactivationResult,
  SessionOutcome,
  SessionResult,
  TokenSource,
} from '@retainkit/widget/types'

export interface RetainkitOptions {
  /** Your Retainkit account id (Settings → Install). */
  accountId: string
  /** 'test' on development and staging sites: test-mode tokens, and localhost origins allowed. */
  mode?: 'live' | 'test'
  /** Your Retainkit server's origin (e.g. `https://retain.example.com`): the loader, API and widget. */
  serverUrl: string
}

/** The page's global, as the stub and the loader define it. */
type Global = ((command: string, ...args: unknown[]) => Promise<unknown> | undefined) & { q?: unknown[] }
type RetainkitWindow = Window & { Retainkit?: Global }

const GLOBAL = 'Retainkit'
const browser = () => (typeof window === 'undefined' ? null : (window as RetainkitWindow))

/** Calls made before `init` (and without a snippet on the page) wait for it. */
let whenReady: Promise<Global>
let ready: (global: Global) => void
whenReady = new Promise((resolve) => {
  ready = resolve
})
let initialised: string | null = null

/**
 * Installs Retainkit on the page once (later calls with the same account do nothing): the install
 * stub, the loader from `serverUrl`, and `init`. Also works beside the snippet pasted in the page.
 */
export function init(options: RetainkitOptions): void {
  const win = browser()
  if (!win) return
  const key = `${options.accountId} ${options.mode ?? 'live'} ${options.serverUrl}`
  if (initialised === key) return
  // Another account or server than the page's current one: close that first (the loader keeps one).
  if (initialised !== null && browser()?.[GLOBAL]) void destroy()
  const serverUrl = String(options.serverUrl).replace(/\/+$/, '')
  const loaderUrl = `${serverUrl}/w/loader.js`
  if (!/^https?:\/\//.test(loaderUrl))
    throw new TypeError(`serverUrl must be an absolute http(s) URL: ${options.serverUrl}`)
  // Under a Content-Security-Policy with a nonce, the stub gives the loader the nonce of a script of
  // the page (as the snippet does), so 'strict-dynamic' trusts it.
  if (!win[GLOBAL]) installStub(win, win.document, loaderUrl, GLOBAL)
  const global = win[GLOBAL] as Global
  global('init', { accountId: options.accountId, mode: options.mode ?? 'live', apiBase: serverUrl })
  initialised = key
  ready(global)
}

/** What a call answers where there is no browser (SSR) or no Promise. */
const NO_BROWSER: Record<string, unknown> = {
  showCancelFlow: { outcome: 'fallback' },
  showReactivation: { shown: false },
}

function call<T>(command: string, ...args: unknown[]): Promise<T> {
  const win = browser()
  if (!win) return Promise.resolve(NO_BROWSER[command] as T)
  const run = (global: Global) =>
    (global(command, ...args) ?? Promise.resolve(NO_BROWSER[command])) as Promise<T>
  // A snippet already on the page queues the call itself.
  return win[GLOBAL] ? run(win[GLOBAL]) : whenReady.then(run)
}

/** Opens the cancel flow when the subscriber activates `target` (a selector, or an element). */
export const attach = (target: string | Element, options: CancelFlowOptions): Promise<void> =>
  call('attach', target, options)

/** Opens the cancel flow now; resolves with how it ended ('fallback': proceed with your own cancel). */
export const showCancelFlow = (options: CancelFlowOptions): Promise<SessionResult> =>
  call('showCancelFlow', options)

/** Shows the reactivation banner when the subscriber is eligible. */
export const showReactivation = (options: ReactivationOptions): Promise<ReactivationResult> =>
  call('showReactivation', options)

/** Closes what is open and forgets every attached element; `init` starts again after it. */
export function destroy(): Promise<void> {
  initialised = null
  return call('destroy')
}
