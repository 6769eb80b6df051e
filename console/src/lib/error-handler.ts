import type { Severity } from '@retainkit/shared/errors'
import { type AppError, severityOf, toAppError } from '@retainkit/shared/errors'
import { sanitizeMessage } from '@retainkit/shared/sanitize'
import type { ApiError } from './api-error'
import { toast } from './toast-store'

/**
 * The shared error handler: normalises anything thrown or returned (AppError, ApiError, Error,
 * server body, string) to an AppError, logs it sanitized with its severity, and optionally tells the
 * person through a destructive toast. Used by the backend client's callers and by every screen.
 */

export interface HandleErrorOptions {
  /** Where it happened, for the log ('settings.saveAccount'). */
  where?: string
  /** Show a destructive toast with this title; omit to only log. */
  toastTitle?: string
  context?: Record<string, unknown>
}

export interface HandledError {
  error: AppError
  severity: Severity
  /** What to show a person. */
  message: string
}

function isApiError(error: AppError): error is ApiError {
  return typeof (error as Partial<ApiError>).status === 'number'
}

/**
 * What a person reads: the server's own message when it wrote one for people (validation messages such
 * as 'Invalid email format'), otherwise the catalogue text for the code — the 401/403/404/429 fallbacks
 * included — always sanitized for a user (200 characters at most).
 */
export function userMessageOf(error: AppError): string {
  const own = isApiError(error) ? error.serverMessage : undefined
  return sanitizeMessage(own ?? error.userMessage, { audience: 'user' })
}

type Logger = Pick<Console, 'error' | 'warn' | 'info'>
let logger: Logger = console

/** For tests. */
export function setErrorLogger(next: Logger): void {
  logger = next
}

const LOG_METHOD: Readonly<Record<Severity, keyof Logger>> = {
  low: 'info',
  medium: 'warn',
  high: 'error',
  critical: 'error',
}

/** Errors already written to the log: the client logs every failure, a screen may handle it again. */
const logged = new WeakSet<AppError>()

function log(error: AppError, where: string): Severity {
  const severity = severityOf(error.code)
  if (logged.has(error)) return severity
  logged.add(error)
  logger[LOG_METHOD[severity]]('[Retainkit]', {
    where,
    code: error.code,
    severity,
    message: error.message,
    ...(error.field ? { field: error.field } : {}),
    timestamp: error.timestamp,
    context: error.context,
  })
  return severity
}

/** The backend client's hook: every failed call is logged once, sanitized, with its severity. */
export function reportApiError(error: AppError, where: string): void {
  log(error, where)
}

export function handleError(thrown: unknown, options: HandleErrorOptions = {}): HandledError {
  const error = toAppError(thrown, options.context ? { context: options.context } : {})
  const severity = log(error, options.where ?? 'console')
  const message = userMessageOf(error)
  if (options.toastTitle) toast({ title: options.toastTitle, description: message, variant: 'destructive' })
  return { error, severity, message }
}
