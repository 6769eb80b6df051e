import { SANITIZED_MESSAGE_MAX_LENGTH } from '../constants'
import { isSecretName, REDACTION_MARKERS, redactText, sanitizeMessage } from '../sanitize'
import { isApiErrorBody } from './api-error-body'
import { catalogueCodeForApiLayer, isApiLayerCode } from './api-layer'
import type { AppError } from './app-error-type'
import { type ErrorCode, isErrorCode, USER_MESSAGES } from './codes'
import { codeForStatus } from './http-status'

export type { AppError } from './app-error-type'

export interface AppErrorOptions {
  field?: string
  context?: Record<string, unknown>
  /** The clock, for tests and the server's injected clock. */
  now?: Date | (() => Date)
}

const FIELD_MAX_LENGTH = 200
/** Deep enough for `{ request: { params: { … } } }`, shallow enough to stop a cyclic object. */
const CONTEXT_MAX_DEPTH = 4
const CONTEXT_MAX_ENTRIES = 50

export function createAppError(code: ErrorCode, message?: string, options: AppErrorOptions = {}): AppError {
  const field = options.field === undefined ? '' : redactText(options.field, FIELD_MAX_LENGTH)
  // A message with nothing left after scrubbing says less than the catalogue text for its code.
  const logMessage = redactText(message ?? '', SANITIZED_MESSAGE_MAX_LENGTH)
  return {
    code,
    message: logMessage === '' ? USER_MESSAGES[code] : logMessage,
    ...(field === '' ? {} : { field }),
    timestamp: timestampOf(options.now),
    context: sanitizeContext(options.context ?? {}),
    userMessage: USER_MESSAGES[code],
  }
}

export function isAppError(value: unknown): value is AppError {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Record<keyof AppError, unknown>>
  return (
    isErrorCode(candidate.code) &&
    typeof candidate.message === 'string' &&
    typeof candidate.timestamp === 'string' &&
    typeof candidate.userMessage === 'string' &&
    typeof candidate.context === 'object' &&
    candidate.context !== null &&
    (candidate.field === undefined || typeof candidate.field === 'string')
  )
}

/**
 * Normalises anything thrown or returned as a failure into an AppError: server error bodies, Error
 * instances (fetch failures → NETWORK_ERROR, aborts and timeouts → TIMEOUT_ERROR, `code`/`status`
 * properties), strings, and anything else (UNKNOWN_ERROR). Messages and context are sanitized.
 */
export function toAppError(thrown: unknown, options: AppErrorOptions = {}): AppError {
  if (isAppError(thrown)) {
    return options.context
      ? { ...thrown, context: { ...thrown.context, ...sanitizeContext(options.context) } }
      : thrown
  }
  const classified = classify(thrown)
  return createAppError(classified.code, classified.message, {
    ...options,
    field: options.field ?? classified.field,
    context: { ...classified.context, ...options.context },
  })
}

interface Classified {
  code: ErrorCode
  message?: string
  field?: string
  context: Record<string, unknown>
}

/** Messages browsers and Node give a fetch that never got a response. */
const FETCH_FAILURE =
  /^(?:failed to fetch|fetch failed|load failed|network ?error when attempting to fetch resource\.?|network request failed)/i

const TIMEOUT_NAMES: ReadonlySet<string> = new Set(['AbortError', 'TimeoutError'])
const TIMEOUT_SYSTEM_CODES: ReadonlySet<string> = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
])
const NETWORK_SYSTEM_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
])

function classify(thrown: unknown): Classified {
  if (isApiErrorBody(thrown)) {
    const { code, message, field } = thrown.error
    return { code, message, field, context: {} }
  }
  if (typeof thrown === 'string') {
    return isErrorCode(thrown)
      ? { code: thrown, context: {} }
      : { code: 'UNKNOWN_ERROR', message: thrown, context: {} }
  }
  if (typeof thrown !== 'object' || thrown === null) return { code: 'UNKNOWN_ERROR', context: {} }

  const name = stringProp(thrown, 'name')
  const message = stringProp(thrown, 'message') ?? stringProp(thrown, 'error') ?? nestedErrorMessage(thrown)
  const rawCode = stringProp(thrown, 'code')
  const status = numberProp(thrown, 'status') ?? numberProp(thrown, 'statusCode')
  const cause: unknown = (thrown as { cause?: unknown }).cause
  const causeCode = typeof cause === 'object' && cause !== null ? stringProp(cause, 'code') : undefined
  const context: Record<string, unknown> = {
    ...(name && name !== 'Error' ? { name } : {}),
    ...(status === undefined ? {} : { status }),
    ...(rawCode && !isErrorCode(rawCode) ? { originalCode: rawCode } : {}),
    ...(causeCode ? { causeCode } : {}),
  }
  return { code: codeOf(name, message, rawCode, causeCode, status), message, context }
}

function codeOf(
  name: string | undefined,
  message: string | undefined,
  rawCode: string | undefined,
  causeCode: string | undefined,
  status: number | undefined,
): ErrorCode {
  if (isErrorCode(rawCode)) return rawCode
  if (isApiLayerCode(rawCode)) return catalogueCodeForApiLayer(rawCode, status)
  if (name !== undefined && TIMEOUT_NAMES.has(name)) return 'TIMEOUT_ERROR'
  for (const systemCode of [rawCode, causeCode]) {
    if (systemCode === undefined) continue
    if (TIMEOUT_SYSTEM_CODES.has(systemCode)) return 'TIMEOUT_ERROR'
    if (NETWORK_SYSTEM_CODES.has(systemCode)) return 'NETWORK_ERROR'
  }
  if (message !== undefined && FETCH_FAILURE.test(message)) return 'NETWORK_ERROR'
  if (status !== undefined) return codeForStatus(status)
  return 'UNKNOWN_ERROR'
}

function stringProp(value: object, key: string): string | undefined {
  const prop: unknown = (value as Record<string, unknown>)[key]
  return typeof prop === 'string' ? prop : undefined
}

function numberProp(value: object, key: string): number | undefined {
  const prop: unknown = (value as Record<string, unknown>)[key]
  return typeof prop === 'number' && Number.isFinite(prop) ? prop : undefined
}

/** `{ error: { message } }` shapes that are not a valid ApiErrorBody (unknown code, say). */
function nestedErrorMessage(value: object): string | undefined {
  const inner: unknown = (value as { error?: unknown }).error
  return typeof inner === 'object' && inner !== null ? stringProp(inner, 'message') : undefined
}

function timestampOf(now: AppErrorOptions['now']): string {
  const date = typeof now === 'function' ? now() : (now ?? new Date())
  // An invalid Date would make toISOString throw inside error handling, the worst place for it.
  return (Number.isNaN(date.getTime()) ? new Date() : date).toISOString()
}

/** Copies context for logging: strings scrubbed, secret-named keys redacted, depth and size bounded. */
function sanitizeContext(context: Record<string, unknown>): Record<string, unknown> {
  return sanitizeRecord(context, 0)
}

function sanitizeRecord(record: object, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record).slice(0, CONTEXT_MAX_ENTRIES)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue
    result[key] = isSecretName(key) ? REDACTION_MARKERS.secret : sanitizeValue(value, depth + 1)
  }
  return result
}

function sanitizeValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (value instanceof Error) return sanitizeMessage(value)
  if (typeof value !== 'object') return undefined
  if (depth >= CONTEXT_MAX_DEPTH) return '[TRUNCATED]'
  if (Array.isArray(value))
    return value.slice(0, CONTEXT_MAX_ENTRIES).map((item) => sanitizeValue(item, depth + 1))
  return sanitizeRecord(value, depth)
}
