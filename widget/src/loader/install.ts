import { WIDGET_CONTRACT_VERSION, WIDGET_FAIL_OPEN_MS } from '@retainkit/shared/widget-api'
import type { Host } from '../host/types'
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

/** The page's globals, where the stub (with its queue) or the API lives. */
type Globals = Record<string, RetainkitApi & { q?: QueuedCall[] }>

/** A cancel link/button (or form) handed to `attach`: a selector (SPAs need not attach again), or an element. */
type Attachment = [target: string | Element, options: CancelFlowOptions]

const COMMANDS = ['init', 'attach', 'showCancelFlow', 'showReactivation', 'destroy']
/** Elements that turn Enter/Space into a click themselves (a div with role="button" does not). */
const NATIVE_ACTIVATION = /^(A|BUTTON|INPUT|SUMMARY)$/
const ignore = () => {}

/*
 * The loader's state is this module's: each copy of loader.js is a module of its own, and a page runs
 * one loader (a second copy finds the first and returns). installLoader sets it up, once per module;
 * the functions below (the bundle's load, the prefetch, the commands, the click listener) share it.
 */
let window: Host['window']
let document: Document
let script: Host['script']
// The bundle's file name, and the address it and the config's are relative to (the loader's).
let widgetFile: string
let src: string
// The config's address, from what init said (the bundle checks init itself), and the prefetch.
let config = ''
let prefetched: Promise<unknown> | undefined
let bundle: WidgetBundle | undefined
let loading: Promise<WidgetBundle> | undefined
// The bundle once it has run (it registers itself through `_r`): every command waits for it (only the
// ones that answer something load it).
let arrived: Promise<WidgetBundle>
// The element whose next activation must pass through: the fail-open re-dispatch.
let bypass: Element | undefined
const attachments: Attachment[] = []

/**
 * The bundle, inserted once as a <script> (an IIFE that registers itself through `_r`; it runs under
 * 'strict-dynamic' because this trusted script inserts it, and carries the loader's nonce for the
 * others). A tag that fails is removed and forgotten, and says so once.
 */
const load = () =>
  (loading ??= new Promise<WidgetBundle>((resolve, reject) => {
    arrived.then(resolve)
    const tag = document.createElement('script')
    tag.src = new window.URL(widgetFile, src).href
    // The IDL property is the nonce CSP checks; an inserted script is async without being told.
    tag.nonce = script?.nonce || ''
    // The bundle registers while it runs, before its load event: a file that ran without registering
    // (a proxy's error page, say) failed as surely as one that never arrived.
    tag.onerror = tag.onload = () => {
      if (bundle) return
      tag.remove()
      loading = undefined
      reject()
    }
    document.head.appendChild(tag)
  }))

/**
 * Bundle and config in parallel: on idle after init, on hover or focus of a cancel button, on a flow.
 * The bundle is asked for first: on a cold click it is the longer way (a bigger file, then compiled).
 */
const prefetch = () => {
  if (config) {
    load().catch(ignore)
    // Best effort: the bundle asks again when this failed (false: the server said no). A cross-origin
    // fetch sends no cookies in the default credentials mode.
    prefetched ||= window
      .fetch(config)
      .then((response) => response.ok && response.json())
      .catch(ignore)
  }
}

/**
 * Hands a command to the bundle. A flow fails open ('fallback') when the bundle cannot be loaded or
 * is not there within 3 s of the call; the bundle's own clock takes over once it runs.
 */
const run = (args: unknown[], trigger = document.activeElement): Promise<unknown> => {
  const [command, first] = args as [string, InitOptions]
  const openedAt = Date.now()
  // Read when the bundle takes the command: a flow's own prefetch has started by then.
  const hand = (loaded: WidgetBundle) => loaded.run(args, { config: prefetched, trigger, openedAt })
  const isFlow = command === 'showCancelFlow'
  if (command === 'init' && !config)
    try {
      // Where the bundle reads it (api/config-url.ts, the same address), from what init says: the bundle
      // checks it.
      config = new window.URL(
        `${(first.apiBase || '').replace(/\/+$/, '')}/api/widget/config/${encodeURIComponent(first.accountId)}?v=${WIDGET_CONTRACT_VERSION}${first.mode === 'test' ? '&mode=test' : ''}`,
        src,
      ).href
      // Called as methods (an unbound requestIdleCallback throws "Illegal invocation"); its id is never
      // 0, so only a browser without it (Safari) falls through to the timer.
      window.requestIdleCallback?.(prefetch, { timeout: 2000 }) ?? window.setTimeout(prefetch, 1)
    } catch {
      // No options: the bundle reports it.
    }
  if (command === 'attach') attachments.push(args.slice(1) as Attachment)
  if (command === 'destroy') {
    attachments.length = 0
    config = ''
    prefetched = undefined
  }
  // Only the two shows answer something: the others never load the bundle, which is told them in
  // call order when it runs (a retry after a failed load included), and reports what is wrong.
  if (!/^show/.test(command)) {
    arrived.then(hand)
    return Promise.resolve()
  }
  return new Promise((resolve, reject) => {
    if (isFlow) {
      prefetch()
      // (Settled by hand, not with resolve(promise), which would lock out this fail-open answer.)
      window.setTimeout(() => bundle || resolve(FALLBACK_RESULT), WIDGET_FAIL_OPEN_MS)
    }
    load().then(hand).then(resolve, reject)
    // (Only the two shows come this far.)
  }).catch(() => (isFlow ? FALLBACK_RESULT : { shown: false }))
}

/** The element's own action, once, with the interception off: follows the link, submits the form, re-clicks the button. */
const proceed = (element: HTMLFormElement) => {
  bypass = element
  if (element.requestSubmit) element.requestSubmit()
  else element.click()
  bypass = undefined
}

/**
 * Event delegation on the document, capture phase (before the page's own handlers and React's root
 * listeners), so cancel buttons an SPA mounts later are covered. A hint (hover, focus) prefetches;
 * a click, Enter/Space on a non-native button and an attached form's submit (clicks inside the form
 * are not a cancel) open the flow. Modified clicks (new tab, window, download) keep their meaning.
 */
const listener = (event: MouseEvent & KeyboardEvent & { target: Element }) => {
  const { type, target } = event
  // mouseover, focusin
  const hint = /^[mf]/.test(type)
  // A bad attachment (not a selector, not an element) must never throw into the page's events.
  try {
    for (const [attached, options] of attachments) {
      // (Text and document targets have no closest.)
      const element =
        typeof attached === 'string' ? target.closest?.(attached) : attached.contains(target) && attached
      if (!element || !(hint || (element.tagName === 'FORM') === (type === 'submit'))) continue
      if (hint) return prefetch()
      if (
        bypass === element ||
        event.button ||
        event.ctrlKey ||
        event.metaKey ||
        event.shiftKey ||
        event.altKey
      )
        return
      if (type === 'keydown' && (!/^( |Enter)$/.test(event.key) || NATIVE_ACTIVATION.test(element.tagName)))
        return
      event.preventDefault()
      event.stopImmediatePropagation()
      return void run(['showCancelFlow', options], element).then(
        (result) => (result as SessionResult).outcome === 'fallback' && proceed(element as HTMLFormElement),
      )
    }
  } catch {}
}

/**
 * Installs `window.Retainkit` (the only global) and replays the stub's queue. The loader is only what
 * must happen before the bundle arrives: the global and its queue, the capture of clicks on attached
 * cancel buttons (and, when the flow fails open, the button's own action), the memoised lazy load of
 * the bundle (a failed load is forgotten, so the next call retries) and the prefetch of the account's
 * published config in parallel with it. Every command then goes to the bundle in call order
 * (bundle/commands.ts checks, runs and reports it); each answers a Promise that never rejects. Returns
 * the API (undefined when a loader already runs on the page). Called once per module (see above).
 */
export function installLoader(host: Host, file: string): RetainkitApi | undefined {
  ;({ window, document, script } = host)
  const existing = (window as unknown as Globals)[GLOBAL_NAME]
  if (existing?.loaded) return undefined
  src = script?.src || document.baseURI
  widgetFile = file
  const api = ((...args: unknown[]) => run(args)) as RetainkitApi
  arrived = new Promise((resolve) => {
    api._r = (loaded) => {
      bundle = loaded
      resolve(loaded)
    }
  })

  // Until attach is called, listening costs a loop over no attachments.
  for (const type of ['click', 'keydown', 'submit', 'mouseover', 'focusin'])
    document.addEventListener(type, listener as unknown as EventListener, true)

  for (const name of COMMANDS) {
    ;(api as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => run([name, ...args])
  }
  api.loaded = true
  ;(window as unknown as Globals)[GLOBAL_NAME] = api

  for (const [args, resolve, reject] of existing?.q ?? []) run([...(args as unknown[])]).then(resolve, reject)
  return api
}
