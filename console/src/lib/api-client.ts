import { API_REQUEST_TIMEOUT_MS } from '@retainkit/shared/constants'
import {
  catalogueCodeForApiLayer,
  codeForStatus,
  createAppError,
  type ErrorCode,
  httpErrorMessage,
  isErrorCode,
  parseErrorMessage,
} from '@retainkit/shared/errors'
import { sanitizeMessage } from '@retainkit/shared/sanitize'
import type { ApiError, ApiIssue } from './api-error'
import { reportApiError } from './error-handler'
import { getAuthClient, getRuntimeConfig, hasRuntime } from './runtime'

/**
 * The backend client: every /api call goes through `apiRequest`, which adds the API key,
 * the bearer token of the current session, cookies, JSON bodies and a 30 s timeout, and turns every
 * failure into `{error: ApiError}` — it never throws.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type QueryValue = string | number | boolean | null | undefined

export interface ApiRequestOptions {
  /** Sent as JSON. */
  body?: unknown
  /** Appended to the path's own query; null and undefined values are left out. */
  query?: Record<string, QueryValue>
  /** Defaults to API_REQUEST_TIMEOUT_MS (30 s). */
  timeoutMs?: number
  /** Lets a caller cancel (e.g. a component unmounting). */
  signal?: AbortSignal
  /** false: the whole success body instead of its `data` (for answers with siblings such as `has_more`). */
  unwrap?: boolean
  /** A successful answer's body as text, as the server sent it (files such as a CSV export). */
  asText?: boolean
}

export type { ApiError, ApiIssue } from './api-error'

export type ApiResult<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError }

function apiError(
  code: ErrorCode,
  message: string,
  status: number,
  extra: Omit<Partial<ApiError>, 'code' | 'message' | 'status'> = {},
): ApiError {
  const { field, context, ...rest } = extra
  const base = createAppError(code, message, {
    ...(field === undefined ? {} : { field }),
    context: { status, ...context },
  })
  return { ...base, ...rest, status }
}

async function accessToken(): Promise<string | null> {
  try {
    const { data } = await getAuthClient().getSession()
    return data.session?.access_token ?? null
  } catch {
    // No session to offer: the server answers 401 where one is needed.
    return null
  }
}

export function buildApiUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(`${baseUrl}${path}`)
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
  }
  return url.toString()
}

function issuesOf(value: unknown): ApiIssue[] | undefined {
  if (!Array.isArray(value)) return undefined
  const issues = value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return []
    const { field, message } = item as { field?: unknown; message?: unknown }
    return typeof message === 'string'
      ? [
          {
            field: typeof field === 'string' ? field : '',
            message: sanitizeMessage(message, { audience: 'user' }),
          },
        ]
      : []
  })
  return issues.length > 0 ? issues : undefined
}

/** `{error: {code, message, field?, issues?}}` → ApiError; anything else → undefined. */
export function serverError(body: unknown, status: number): ApiError | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const error: unknown = (body as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return undefined
  const { code, message, field, issues } = error as Record<string, unknown>
  // An unknown or missing code falls back to the status (401/403/404/429 and our own choices).
  const errorCode = isErrorCode(code) ? code : codeForStatus(status)
  const text = typeof message === 'string' && message.trim() !== '' ? message : undefined
  const parsedIssues = issuesOf(issues)
  return apiError(errorCode, text ?? httpErrorMessage(status), status, {
    ...(typeof field === 'string' ? { field } : {}),
    ...(text === undefined ? {} : { serverMessage: sanitizeMessage(text, { audience: 'user' }) }),
    ...(parsedIssues ? { issues: parsedIssues } : {}),
  })
}

export async function apiRequest<T>(
  method: ApiMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResult<T>> {
  const sent = { bearer: false }
  const result = await send<T>(method, path, options, sent)
  // A signed-in call the server refuses as unauthenticated: the session was revoked or has run out.
  if (result.error?.status === 401 && sent.bearer) onSessionRejected()
  // Logged here once for every caller; the path (without its query) says which call failed.
  if (result.error) reportApiError(result.error, `${method} ${path.split('?')[0]}`)
  return result
}

/** What to do when the server refuses this browser's session (set by the session layer). */
let onSessionRejected: () => void = () => {}
export function setSessionRejectedHandler(handler: () => void): void {
  onSessionRejected = handler
}

async function send<T>(
  method: ApiMethod,
  path: string,
  options: ApiRequestOptions,
  sent: { bearer: boolean } = { bearer: false },
): Promise<ApiResult<T>> {
  if (!hasRuntime()) {
    return { error: apiError('CONFIGURATION_ERROR', 'The console runtime is not initialised', 0) }
  }
  const config = getRuntimeConfig()
  const timeoutMs = options.timeoutMs ?? API_REQUEST_TIMEOUT_MS
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onCallerAbort = () => controller.abort()
  options.signal?.addEventListener('abort', onCallerAbort, { once: true })

  try {
    const url = buildApiUrl(config.apiBaseUrl, path, options.query)
    const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': config.apiKey }
    const token = await accessToken()
    if (token) headers.authorization = `Bearer ${token}`
    sent.bearer = token !== null
    const hasBody = options.body !== undefined
    if (hasBody) headers['content-type'] = 'application/json'

    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers,
        credentials: 'include',
        signal: controller.signal,
        ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      })
    } catch (thrown) {
      if (timedOut) {
        return {
          error: apiError('TIMEOUT_ERROR', `Request timed out after ${timeoutMs} ms`, 0, {
            apiCode: 'TIMEOUT',
          }),
        }
      }
      const message = thrown instanceof Error ? thrown.message : 'fetch failed'
      return {
        error: apiError(catalogueCodeForApiLayer('NETWORK_ERROR'), message, 0, { apiCode: 'NETWORK_ERROR' }),
      }
    }

    const text = await response.text()
    if (options.asText && response.ok) return { data: text as T }
    if (response.status === 204 || text.trim() === '') {
      if (response.ok) return { data: null as T }
      return { error: httpError(response.status) }
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      if (!response.ok) return { error: httpError(response.status) }
      return {
        error: apiError(catalogueCodeForApiLayer('PARSE_ERROR'), parseErrorMessage(text), response.status, {
          apiCode: 'PARSE_ERROR',
        }),
      }
    }
    if (!response.ok) return { error: serverError(body, response.status) ?? httpError(response.status) }
    // Success bodies are `{data: …}`; a few (health, contact) carry more at the top level.
    if (options.unwrap !== false && typeof body === 'object' && body !== null && 'data' in body) {
      return { data: (body as { data: T }).data }
    }
    return { data: body as T }
  } catch (thrown) {
    if (timedOut) {
      return {
        error: apiError('TIMEOUT_ERROR', `Request timed out after ${timeoutMs} ms`, 0, {
          apiCode: 'TIMEOUT',
        }),
      }
    }
    const message = thrown instanceof Error ? thrown.message : String(thrown)
    return { error: apiError('UNKNOWN_ERROR', message, 0) }
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onCallerAbort)
  }
}

function httpError(status: number): ApiError {
  return apiError(catalogueCodeForApiLayer('HTTP_ERROR', status), httpErrorMessage(status), status, {
    apiCode: 'HTTP_ERROR',
  })
}
