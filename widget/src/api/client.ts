import { CALL_FAILED_MESSAGE } from '@retainkit/shared/flow'
import type {
  AcceptOfferRequest,
  AcceptOfferResponse,
  CancelRequest,
  CancelResponse,
  ReactivationAcceptResponse,
  ReactivationResponse,
  SessionEventInput,
  SessionStartRequest,
  SessionStartResponse,
  WidgetConfigResponse,
} from '@retainkit/shared/widget-api'
import type { Host, WidgetContext } from '../host/types'

/**
 * The widget API client (`/api/widget/*`, answering the bare contract types of widget-api.ts; errors are
 * `{error: {code, message}}`). No cookies: the subscriber is identified by the bearer token only.
 */

/** A failed call. `message` is what the subscriber may read: the server's (already sanitized) words. */
export class WidgetApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message)
  }
}

/** The server sanitizes error messages for people (spec 5); this only bounds what a proxy might add. */
const USER_MESSAGE_MAX = 200

interface Call {
  method?: 'GET' | 'POST'
  token?: string
  body?: unknown
  keepalive?: boolean
}

export interface WidgetApi {
  config(): Promise<WidgetConfigResponse>
  startSession(token: string, body: SessionStartRequest): Promise<SessionStartResponse>
  sendEvents(
    token: string,
    sessionId: string,
    events: SessionEventInput[],
    keepalive?: boolean,
  ): Promise<void>
  accept(token: string, sessionId: string, body: AcceptOfferRequest): Promise<AcceptOfferResponse>
  cancel(token: string, sessionId: string, body: CancelRequest): Promise<CancelResponse>
  reactivation(token: string): Promise<ReactivationResponse>
  reactivationAccept(token: string, sessionId: string): Promise<ReactivationAcceptResponse>
}

// The published config changes rarely and every flow on the page needs it: one request per page.
const configCache = new WeakMap<object, Map<string, Promise<WidgetConfigResponse>>>()

/** Tests: forget the page's cached configs (one happy-dom window serves many tests). */
export const clearConfigCache = (host: Host) => configCache.delete(host.window)

export function createWidgetApi(host: Host, context: WidgetContext): WidgetApi {
  const base = `${context.apiBase}/api/widget`

  async function call<T>(path: string, { method = 'POST', token, body, keepalive }: Call): Promise<T> {
    const headers: Record<string, string> = {}
    if (token) headers.authorization = `Bearer ${token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    let response: Response
    try {
      response = await host.window.fetch(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        keepalive,
      })
    } catch {
      throw new WidgetApiError(CALL_FAILED_MESSAGE, 0, 'NETWORK_ERROR')
    }
    if (response.status === 204) return undefined as T
    const data = await response.json().catch(() => null)
    if (!response.ok) {
      const error = data?.error
      const message = typeof error?.message === 'string' && error.message.trim() ? error.message : ''
      throw new WidgetApiError(
        message.slice(0, USER_MESSAGE_MAX) || CALL_FAILED_MESSAGE,
        response.status,
        String(error?.code ?? 'HTTP_ERROR'),
      )
    }
    if (data === null) throw new WidgetApiError(CALL_FAILED_MESSAGE, response.status, 'PARSE_ERROR')
    return data as T
  }

  const session = (id: string, action: string) => `/sessions/${encodeURIComponent(id)}/${action}`

  return {
    config() {
      const cache = configCache.get(host.window) ?? new Map<string, Promise<WidgetConfigResponse>>()
      configCache.set(host.window, cache)
      const key = `${base}|${context.accountId}|${context.mode}`
      let pending = cache.get(key)
      if (!pending) {
        const query = context.mode === 'test' ? '?mode=test' : ''
        pending = call<WidgetConfigResponse>(`/config/${encodeURIComponent(context.accountId)}${query}`, {
          method: 'GET',
        })
        // A failure is not cached: the next flow asks again.
        pending.catch(() => cache.delete(key))
        cache.set(key, pending)
      }
      return pending
    },
    startSession: (token, body) => call('/sessions', { token, body }),
    sendEvents: (token, id, events, keepalive) =>
      call(session(id, 'events'), { token, body: { events }, keepalive }),
    accept: (token, id, body) => call(session(id, 'accept'), { token, body }),
    cancel: (token, id, body) => call(session(id, 'cancel'), { token, body }),
    reactivation: (token) => call('/reactivation', { token, body: {} }),
    reactivationAccept: (token, sessionId) => call('/reactivation/accept', { token, body: { sessionId } }),
  }
}
