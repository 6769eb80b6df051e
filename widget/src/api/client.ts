import {
  type AlreadyDone,
  type ReactivationAcceptResponse,
  type ReactivationResponse,
  type RouteResponse,
  type SessionStartRequest,
  type SessionStartResponse,
  WIDGET_CONTRACT_VERSION,
  type WidgetConfigResponse,
} from '@retainkit/shared/widget-api'
import type { Host, WidgetContext } from '../host/types'
import { configUrl } from './config-url'

/**
 * The widget API client (`/api/widget/*`, answering the bare contract types of widget-api.ts; errors are
 * `{error: {code, message}}`). No cookies: the subscriber is identified by the bearer token only. Every
 * call but the config read sends a JSON body, so the method follows from the body.
 */

/**
 * A failed call: `status` is the HTTP status (0: the network failed), `code` the API's error code when
 * it answered one. The subscriber reads words chosen by the code in their language (shared
 * `errorText`), never the server's message, which is English and meant for developers.
 */
/** The session steps the widget sends (`/api/widget/sessions/:id/<action>`). */
export type SessionAction = 'events' | 'accept' | 'cancel' | 'statutory' | 'after-cancel'

export type WidgetApiError = Error & { status: number; code?: unknown; already?: AlreadyDone }

/** With the API's error as it answered it: its `code`, and `already` when another tab got there first. */
const failure = (status: number, error?: object): WidgetApiError =>
  Object.assign(new Error(), error, { status })

export interface WidgetApi {
  config(): Promise<WidgetConfigResponse>
  startSession(token: string, body: SessionStartRequest): Promise<SessionStartResponse>
  /** What a session would show this subscriber (`/route`): the same body, no session started. */
  route(token: string, body: SessionStartRequest): Promise<RouteResponse>
  reactivation(token: string): Promise<ReactivationResponse>
  /** Without a session id the server finds or opens the banner session (the cancel dialog's undo). */
  reactivationAccept(token: string, sessionId?: string): Promise<ReactivationAcceptResponse>
  /**
   * A session's step (`/sessions/:id/<action>`): `events` (body `{events}`, answered 204; keepalive
   * when the page may be going), `accept`, `cancel`, and what the lazily loaded chunks send
   * (`statutory`, `after-cancel`). One method for all: each of its own cost the budgeted bundle bytes.
   */
  act(
    token: string,
    sessionId: string,
    action: SessionAction,
    body: object,
    keepalive?: boolean,
  ): Promise<unknown>
}

// The published config changes rarely and every flow on the page needs it: one request per page (the
// bundle runs once per page, so this module's cache is the page's).
const configCache = new Map<string, Promise<WidgetConfigResponse>>()

/** Tests: forget the cached configs (one happy-dom window serves many tests). */
export const clearConfigCache = (_host?: Host) => configCache.clear()

export function createWidgetApi(host: Host, context: WidgetContext): WidgetApi {
  const base = `${context.apiBase}/api/widget`

  async function call<T>(path: string, token?: string, body?: object, keepalive?: boolean): Promise<T> {
    const headers: Record<string, string> = {}
    if (token) headers.authorization = `Bearer ${token}`
    if (body) headers['content-type'] = 'application/json'
    let response: Response
    try {
      // The contract version: in the config's address already, a query of its own on every other call
      // (all of which send a body).
      response = await host.window.fetch(base + path + (body ? `?v=${WIDGET_CONTRACT_VERSION}` : ''), {
        method: body ? 'POST' : 'GET',
        headers,
        body: body && JSON.stringify(body),
        credentials: 'omit',
        keepalive,
      })
    } catch {
      throw failure(0)
    }
    if (response.status === 204) return undefined as T
    const data = await response.json().catch(() => null)
    if (response.ok && data !== null) return data
    throw failure(response.status, data?.error)
  }

  const session = (token: string, id: string, action: SessionAction, body: object, keepalive?: boolean) =>
    call<never>(`/sessions/${encodeURIComponent(id)}/${action}`, token, body, keepalive)

  return {
    config() {
      const url = configUrl(context)
      let pending = configCache.get(url)
      if (!pending) {
        // The loader's prefetch when there is one (started with the bundle); asked again if it failed.
        const path = url.slice(base.length)
        // (The address names the contract version, so no cache holds another version's config.)
        pending = Promise.resolve(context.config as Promise<WidgetConfigResponse | false | undefined>)
          .then((prefetched) => prefetched || Promise.reject())
          .catch(() => call<WidgetConfigResponse>(path))
          // From a server older than this bundle's contract (a rolling deploy, a rollback): a config it
          // cannot draw fails open before anything is on screen. (Servers sent the planned flow before
          // they sent words: a config with words has its plan.)
          .then((answer) =>
            answer.locales[answer.defaultLocale]?.words ? answer : Promise.reject(failure(0)),
          )
        // A failure is not cached: the next flow asks again.
        pending.catch(() => configCache.delete(url))
        configCache.set(url, pending)
      }
      return pending
    },
    startSession: (token, body) => call('/sessions', token, body),
    route: (token, body) => call('/route', token, body),
    reactivation: (token) => call('/reactivation', token, {}),
    reactivationAccept: (token, sessionId) => call('/reactivation/accept', token, { sessionId }),
    act: session,
  }
}
