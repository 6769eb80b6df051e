import { API_REQUEST_TIMEOUT_MS } from '@retainkit/shared/constants'
import { getRuntimeConfig, RuntimeConfigError } from './runtime-config'

export type FormResult = { ok: true } | { ok: false; message: string | null }

/** Success is `success: true` at the top level or inside `data`. */
export function isSuccessBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const record = body as Record<string, unknown>
  if (record.success === true) return true
  const data = record.data
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>).success === true
}

/** The server's own error text: an `error` string, or `error.message`. */
export function errorMessageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null
  const error = (body as Record<string, unknown>).error
  if (typeof error === 'string' && error.trim()) return error
  if (typeof error === 'object' && error !== null) {
    const message = (error as Record<string, unknown>).message
    if (typeof message === 'string' && message.trim()) return message
  }
  return null
}

/**
 * POSTs JSON to `{apiBaseUrl}{path}` with the API key from the runtime config and a 30 s
 * timeout. Resolves with the interpreted result; network failures reject.
 */
export async function postForm(
  path: string,
  payload: object,
  fetchImpl: typeof fetch = fetch,
): Promise<FormResult> {
  const config = await getRuntimeConfig(fetchImpl)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), API_REQUEST_TIMEOUT_MS)
  try {
    const response = await fetchImpl(`${config.apiBaseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': config.apiKey },
      body: JSON.stringify(payload),
      signal: controller.signal,
    })
    const body: unknown = await response.json().catch(() => null)
    if (isSuccessBody(body)) return { ok: true }
    return { ok: false, message: errorMessageOf(body) }
  } finally {
    clearTimeout(timer)
  }
}

export const TIMEOUT_MESSAGE = 'The request timed out. Please try again.'

/**
 * Which text a thrown error shows (its message or that same text). Network failures from
 * fetch (a TypeError whose wording differs per browser: "Failed to fetch", "Load failed") and a missing
 * runtime config carry nothing a visitor can act on, so they get the form's own fallback text.
 */
export function thrownErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof DOMException && error.name === 'AbortError') return TIMEOUT_MESSAGE
  if (error instanceof TypeError || error instanceof RuntimeConfigError) return fallback
  if (error instanceof Error && error.message.trim()) return error.message
  return fallback
}
