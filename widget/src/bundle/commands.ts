import { WIDGET_FAIL_OPEN_MS } from '@retainkit/shared/widget-api'
import type { Host, WidgetContext } from '../host/types'
import {
  type CancelFlowOptions,
  type CommandCall,
  FALLBACK_RESULT,
  failedResult,
  type InitOptions,
  type ReactivationOptions,
  type ReactivationResult,
  type RunCommand,
  type SessionResult,
  type ShowRequest,
} from '../types'

/** What the bundle does for the commands: the flow, the banner, closing both. */
export interface BundleParts {
  showCancelFlow(
    context: WidgetContext,
    options: CancelFlowOptions,
    request: ShowRequest,
  ): Promise<SessionResult>
  showReactivation(context: WidgetContext, options: ReactivationOptions): Promise<ReactivationResult>
  route(context: WidgetContext, options: CancelFlowOptions): void
  destroy(): void
}

type Command = 'init' | 'attach' | 'showCancelFlow' | 'showReactivation' | 'destroy'

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
 * The public commands (`Retainkit('init', …)` and the others), as the loader hands them over in call
 * order once the bundle runs. Each runs inside try/catch and answers a Promise that never rejects: a
 * bad call is reported once with console.warn, and answers what its caller can act on. One flow at a
 * time; a flow that is not on screen 3 s after the click fails open ('fallback', the flow aborted).
 */
export function createCommands(host: Host, parts: BundleParts): RunCommand {
  const { window, document } = host
  let context: WidgetContext | null = null
  let active: Promise<SessionResult> | null = null
  const warned = new Set<string>()
  const warn = (error: unknown) => {
    const message = `[Retainkit] ${error instanceof Error ? error.message : error}`
    if (!warned.has(message)) window.console.warn(message)
    warned.add(message)
  }

  /** The context for a command that needs init and a token, with the loader's prefetched config. */
  const ready = (options: CancelFlowOptions | ReactivationOptions, call: CommandCall) => {
    check(context, 'call init({accountId}) first')
    checkToken(options)
    context.config ||= call.config
    return context
  }

  const showFlow = (options: CancelFlowOptions, { trigger, openedAt, ...call }: CommandCall) => {
    const current = ready(options, { trigger, openedAt, ...call })
    if (active) return active
    const left = WIDGET_FAIL_OPEN_MS - (Date.now() - openedAt)
    // The loader has answered 'fallback' already: too late to show anything.
    if (left <= 0) return FALLBACK_RESULT
    const controller = new window.AbortController()
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
      const timer = window.setTimeout(fail, left, '3 s: nothing shown')
      new Promise<SessionResult>((started) =>
        started(
          parts.showCancelFlow(current, options, {
            trigger,
            openedAt,
            signal: controller.signal,
            onVisible: () => window.clearTimeout(timer),
          }),
        ),
      ).then(finish, fail)
    })
    active = flow
    flow.then(() => {
      active = null
    })
    return flow
  }

  const commands: Record<Command, (call: CommandCall, ...args: never[]) => unknown> = {
    init(_call, options: InitOptions) {
      const accountId = options?.accountId
      check(ACCOUNT_ID.test(String(accountId)), `invalid accountId: ${accountId}`)
      // A second snippet copy re-sends the same init: nothing to do.
      if (context) return check(context.accountId === accountId, 'init: another account')
      const base = new window.URL(options.apiBase || '/', host.script?.src || window.location.href)
      check(/^https?:$/.test(base.protocol), 'apiBase: not http(s)')
      context = {
        accountId,
        mode: options.mode === 'test' ? 'test' : 'live',
        apiBase: (base.origin + base.pathname).replace(/\/+$/, ''),
      }
    },
    attach(call, target: string | Element, options: CancelFlowOptions) {
      // The loader intercepts already; this reports what would make its clicks fail.
      check(typeof target === 'string' || target instanceof window.Element, 'attach: no selector or element')
      if (typeof target === 'string') document.querySelector(target) // throws on a bad selector
      // After init (ready checks the token), what this subscriber's session would show, asked now.
      context ? parts.route(ready(options, call), options) : checkToken(options)
    },
    showCancelFlow: (call, options: CancelFlowOptions) => showFlow(options, call),
    showReactivation: (call, options: ReactivationOptions) =>
      parts.showReactivation(ready(options, call), options),
    destroy() {
      context = null
      parts.destroy()
    },
  }

  // The Promise constructor catches what a command throws synchronously, so one catch covers both.
  return ([command, ...args], call) =>
    new Promise((resolve) => {
      check(Object.hasOwn(commands, String(command)), `unknown command: ${String(command)}`)
      resolve((commands[command as Command] as (...a: unknown[]) => unknown)(call, ...args))
    }).catch((error: unknown) => {
      warn(error)
      return failedResult(command)
    })
}
