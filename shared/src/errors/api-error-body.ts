import { sanitizeMessage } from '../sanitize'
import type { AppError } from './app-error-type'
import { type ErrorCode, isErrorCode } from './codes'

/** The server's JSON body for every failed request: `{ "error": { "code", "message", "field"? } }`. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode
    /** Already sanitized for a person (200 characters at most). */
    message: string
    /** The offending input, as a dotted path (`copy.general.headline`), for validation errors. */
    field?: string
  }
}

/** Only catalogue codes pass: a body naming an unknown code is treated as a bare HTTP failure. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false
  const error: unknown = (value as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return false
  const { code, message, field } = error as { code?: unknown; message?: unknown; field?: unknown }
  return (
    isErrorCode(code) && typeof message === 'string' && (field === undefined || typeof field === 'string')
  )
}

export interface ApiErrorBodyOptions {
  /**
   * Send the error's own message (sanitized for users) instead of the catalogue text: for messages
   * written for people, such as the spec's validation messages ('Headline too long').
   */
  exposeMessage?: boolean
}

/** The body the server answers with for `error`; internal details stay in the log, never in the body. */
export function toApiErrorBody(error: AppError, options: ApiErrorBodyOptions = {}): ApiErrorBody {
  const message = options.exposeMessage
    ? sanitizeMessage(error.message, { audience: 'user' })
    : error.userMessage
  return {
    error: { code: error.code, message, ...(error.field === undefined ? {} : { field: error.field }) },
  }
}
