import { WIDGET_FAIL_OPEN_MS } from '@retainkit/shared/widget-api'
import type { Host, WidgetContext } from '../host/types'
import { GLOBAL_NAME } from '../snippet'
import {
  type CancelFlowOptions,
  FALLBACK_RESULT,
  type InitOptions,
  type ReactivationOptions,
  type ReactivationResult,
  type SessionResult,
  type WidgetBundle,
} from '../types'
import { createDelegation } from './attach'
import { createBundleLoader } from './bundle-loader'

/** What the stub queued: the call's arguments, and the Promise callbacks when the page had Promise. */
type QueuedCall = [ArrayLike<unknown>, ((value: unknown) => void)?, ((reason: unknown) => void)?]

export interface RetainkitApi {
  (command: string, ...args: unknown[]): Promise<unknown>
  init(options: InitOptions): Promise<unknown>
  attach(target: string | Element, options: CancelFlowOptions): Promise<unknown>
  showCancelFlow(options: CancelFlowOptions): Promise<SessionResult>
  showReactivation(options: ReactivationOptions): Promise<ReactivationResult>
  destroy(): Promise<unknown>
  /** The bundle registers itself here when its script runs. */
  _r(bundle: WidgetBundle): void
  /** Marks the real API (a stub has `q` instead): a second loader copy leaves it alone. */
  loaded: true
}

type Commands = {
  [K in 'init' | 'attach' | 'showCancelFlow' | 'showReactivation' | 'destroy']: (...args: never[]) => unknown
}

const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,100}$/

/** Throws (into the command's try/catch, which warns) unless `ok`. */
function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(message)
}

const checkToken = (options: CancelFlowOptions | ReactivationOptions | undefined) =>
  check(
    options && (typeof options.token === 'string' || typeof options.getToken === 'function'),
    'token or getToken required',
  )

/**
 * Installs `window.Retainkit` (the only global) and replays the stub's queue. Every command runs inside
 * try/catch and answers a Promise that never rejects: a bad call is reported once with console.warn and
 * never throws into the host page. Returns the API (undefined when a loader already runs on the page).
 */
export function installLoader(host: Host, widgetFile: string): RetainkitApi | undefined {
  const { window, document } = host
  const global = window as unknown as Record<string, unknown>
  const existing = global[GLOBAL_NAME] as { loaded?: boolean; q?: QueuedCall[] } | undefined
  if (existing?.loaded) return undefined

  const warned = new Set<string>()
  const warn = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    if (!warned.has(message)) window.console.warn(`[Retainkit] ${message}`)
    warned.add(message)
  }

  const scriptUrl = new window.URL(host.script?.src || window.location.href)
  const nonce = host.script?.nonce || ''
  const loader = createBundleLoader(host, new window.URL(widgetFile, scriptUrl).href, nonce)
  let context: WidgetContext | null = null
  let active: Promise<SessionResult> | null = null

  const prefetch = () => {
    if (context) {
      const current = context
      loader.load().then((bundle) => bundle.prefetch(current), warn)
    }
  }

  /** The context for a command that needs init and a token. */
  const ready = (options: CancelFlowOptions | ReactivationOptions) => {
    check(context, 'call init({accountId}) first')
    checkToken(options)
    return context
  }

  /** One flow at a time; resolves 'fallback' when the bundle, config or API fails or nothing shows in 3 s. */
  const showFlow = (options: CancelFlowOptions, trigger: Element | null): Promise<SessionResult> => {
    const current = ready(options)
    if (active) return active
    const controller = new window.AbortController()
    const openedAt = Date.now()
    const flow = new Promise<SessionResult>((resolve) => {
      const finish = (result: SessionResult) => {
        window.clearTimeout(timer)
        resolve(result)
      }
      const fail = (error: unknown) => {
        warn(error)
        controller.abort()
        finish(FALLBACK_RESULT)
      }
      const timer = window.setTimeout(() => fail('nothing shown within 3 s: proceeding'), WIDGET_FAIL_OPEN_MS)
      loader
        .load()
        .then((bundle) =>
          bundle.showCancelFlow(current, options, {
            trigger,
            openedAt,
            signal: controller.signal,
            onVisible: () => window.clearTimeout(timer),
          }),
        )
        .then(finish, fail)
    })
    active = flow
    flow.then(() => {
      active = null
    })
    return flow
  }

  const delegation = createDelegation(
    host,
    (element, options) => {
      showFlow(options, element).then(
        (result) => result.outcome === 'fallback' && delegation.proceed(element),
        () => delegation.proceed(element),
      )
    },
    prefetch,
  )

  const commands: Commands = {
    init(options: InitOptions) {
      const accountId = options?.accountId
      check(ACCOUNT_ID.test(String(accountId)), `invalid accountId: ${accountId}`)
      // A second snippet copy re-sends the same init: nothing to do.
      if (context) return check(context.accountId === accountId, 'already initialised for another account')
      const base = new window.URL(options.apiBase || scriptUrl.origin)
      check(/^https?:$/.test(base.protocol), 'apiBase must be http(s)')
      context = {
        accountId,
        mode: options.mode === 'test' ? 'test' : 'live',
        apiBase: (base.origin + base.pathname).replace(/\/+$/, ''),
        nonce,
      }
      // Called as methods: an unbound requestIdleCallback throws "Illegal invocation".
      if (window.requestIdleCallback) window.requestIdleCallback(prefetch, { timeout: 2000 })
      else window.setTimeout(prefetch, 1)
    },
    attach(target: string | Element, options: CancelFlowOptions) {
      check(
        typeof target === 'string' || target instanceof window.Element,
        'attach needs a selector or an element',
      )
      checkToken(options)
      delegation.add({ target, options })
    },
    showCancelFlow: (options: CancelFlowOptions) => showFlow(options, document.activeElement),
    showReactivation(options: ReactivationOptions) {
      const current = ready(options)
      return loader.load().then((bundle) => bundle.showReactivation(current, options))
    },
    destroy() {
      delegation.remove()
      context = null
      // Never loads the bundle just to tear it down.
      loader.current()?.destroy()
    },
  }

  // What a failed command answers instead of rejecting into the page.
  const failed = (command: unknown) =>
    command === 'showCancelFlow'
      ? FALLBACK_RESULT
      : command === 'showReactivation'
        ? { shown: false }
        : undefined

  // The Promise constructor catches what a handler throws synchronously, so one catch covers both.
  const run = (command: unknown, args: unknown[]): Promise<unknown> =>
    new Promise((resolve) => {
      check(Object.hasOwn(commands, String(command)), `unknown command: ${String(command)}`)
      resolve((commands[command as keyof Commands] as (...a: unknown[]) => unknown)(...args))
    }).catch((error: unknown) => {
      warn(error)
      return failed(command)
    })

  const api = ((command: string, ...args: unknown[]) => run(command, args)) as RetainkitApi
  for (const name of Object.keys(commands)) {
    ;(api as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => run(name, args)
  }
  api._r = loader.register
  api.loaded = true
  global[GLOBAL_NAME] = api

  for (const [args, resolve, reject] of existing?.q ?? []) {
    const [command, ...rest] = Array.from(args)
    run(command, rest).then(resolve, reject)
  }
  return api
}
