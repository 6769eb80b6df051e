/**
 * @retainkit/react: the Retainkit cancel flow for React apps, on top of @retainkit/js.
 *
 * - `<RetainkitProvider accountId mode serverUrl>` installs Retainkit once for the app (in an effect, so
 *   server rendering never touches `window`); unmounting it closes what is open.
 * - `useRetainkit()` gives the typed calls (`showCancelFlow`, `showReactivation`, `attach`).
 * - `<CancelButton token … onSave onCancel onFallback>` opens the flow on click and reports how it
 *   ended; when the flow cannot open ('fallback'), `onFallback` (or the `href` it renders) is the
 *   subscriber's way to cancel, so a cancel button never does nothing.
 *
 * StrictMode runs effects twice on mount (mount, clean up, mount): the provider's clean-up is deferred
 * to a timer that the second mount cancels, so Retainkit is initialised once and never torn down
 * in between.
 */
import {
  attach,
  type CancelFlowOptions,
  destroy,
  init,
  type RetainkitOptions,
  type SessionResult,
  showCancelFlow,
  showReactivation,
} from '@retainkit/js'
import {
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useEffect,
} from 'react'

export type {
  CancelFlowOptions,
  CancelInput,
  FlowHandlers,
  OfferInput,
  ReactivationOptions,
  ReactivationResult,
  RetainkitOptions,
  SessionOutcome,
  SessionResult,
} from '@retainkit/js'

export interface RetainkitApi {
  showCancelFlow: typeof showCancelFlow
  showReactivation: typeof showReactivation
  attach: typeof attach
  /** The provider's settings. */
  options: RetainkitOptions
}

const RetainkitContext = createContext<RetainkitApi | null>(null)

/** A provider's pending tear-down, cancelled by the re-mount StrictMode performs at once. */
let pendingDestroy: ReturnType<typeof setTimeout> | undefined

export interface RetainkitProviderProps extends RetainkitOptions {
  children?: ReactNode
}

export function RetainkitProvider({ accountId, mode, serverUrl, children }: RetainkitProviderProps) {
  useEffect(() => {
    clearTimeout(pendingDestroy)
    init({ accountId, mode, serverUrl })
    return () => {
      pendingDestroy = setTimeout(() => void destroy(), 0)
    }
  }, [accountId, mode, serverUrl])
  const api: RetainkitApi = {
    showCancelFlow,
    showReactivation,
    attach,
    options: { accountId, mode, serverUrl },
  }
  return <RetainkitContext.Provider value={api}>{children}</RetainkitContext.Provider>
}

/** The typed Retainkit calls; throws outside a `<RetainkitProvider>`. */
export function useRetainkit(): RetainkitApi {
  const api = useContext(RetainkitContext)
  if (!api) throw new Error('useRetainkit() needs a <RetainkitProvider> above it')
  return api
}

type FlowProps = CancelFlowOptions & {
  /** Called with every ended flow's result ('saved', 'canceled', 'stayed', 'closed', 'fallback'). */
  onResult?: (result: SessionResult) => void
  /**
   * Called when the flow could not open in time (fail-open): cancel the subscriber your own way. With
   * `href` and no `onFallback`, the browser goes to `href`.
   */
  onFallback?: () => void
}

type ElementProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof FlowProps | 'onClick'> &
  Pick<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>

export type CancelButtonProps = FlowProps & ElementProps

const FLOW_KEYS = [
  'token',
  'getToken',
  'locale',
  'handleOffer',
  'handleCancel',
  'onCancel',
  'onSave',
  'onClose',
  'onStepChange',
] as const

/**
 * A cancel button: a `<button>`, or with `href` a link to your own cancel page (what a click without
 * JavaScript, or a failed flow, leads to). Give it the subscriber `token` (or `getToken`).
 */
export function CancelButton(props: CancelButtonProps) {
  const { showCancelFlow } = useRetainkit()
  const { onResult, onFallback, href, children, ...rest } = props
  const element: Record<string, unknown> = { ...rest }
  const flow: Record<string, unknown> = {}
  for (const key of FLOW_KEYS) {
    if (key in element) flow[key] = element[key]
    delete element[key]
  }
  const onClick = (event: MouseEvent<HTMLElement>) => {
    // New tab, new window, download: the link keeps its meaning.
    if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void showCancelFlow(flow as unknown as CancelFlowOptions).then((result) => {
      onResult?.(result)
      if (result.outcome !== 'fallback') return
      if (onFallback) onFallback()
      else if (href) window.location.assign(href)
    })
  }
  return href ? (
    <a {...(element as AnchorHTMLAttributes<HTMLAnchorElement>)} href={href} onClick={onClick}>
      {children}
    </a>
  ) : (
    <button type="button" {...(element as ButtonHTMLAttributes<HTMLButtonElement>)} onClick={onClick}>
      {children}
    </button>
  )
}
