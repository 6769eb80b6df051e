import { type ErrorCode, httpStatusFor, USER_MESSAGES } from '@retainkit/shared/errors'
import type { AlreadyDone } from '@retainkit/shared/widget-api'
import type { z } from 'zod'

export interface FieldIssue {
  field: string
  message: string
}

/**
 * An error the API answers with on purpose: `{error: {code, message, field?, issues?}}` and the catalogue's
 * HTTP status. Anything else thrown inside a route becomes a sanitized 500 (see error-handler.ts).
 */
export class HttpError extends Error {
  readonly status: number
  /** A race lost to another tab or window: what it already did, for the subscriber (the error body's `already`). */
  already?: AlreadyDone
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly field?: string,
    readonly issues?: FieldIssue[],
    status?: number,
  ) {
    super(message ?? USER_MESSAGES[code])
    this.name = 'HttpError'
    this.status = status ?? httpStatusFor(code)
  }
}

/** A 409 for a race lost to another tab or window: `already` says what that one did. */
export const alreadyDone = (message: string, already: AlreadyDone) =>
  Object.assign(new HttpError('CONSTRAINT_VIOLATION', message), { already })

export const notFound = (what = 'The requested item was not found.') => new HttpError('NOT_FOUND', what)
export const forbidden = (message?: string) => new HttpError('FORBIDDEN', message)
export const unauthorized = (message?: string) => new HttpError('UNAUTHORIZED', message)
export const invalidInput = (message: string, field?: string) =>
  new HttpError('INVALID_INPUT', message, field)
export const businessRule = (message: string, field?: string) =>
  new HttpError('BUSINESS_RULE_VIOLATION', message, field)

/** A zod failure as a VALIDATION_FAILED error: the first issue leads, all are listed. */
export function validationError(error: z.ZodError, prefix: (string | number)[] = []): HttpError {
  const issues = error.issues.map((issue) => ({
    field: [...prefix, ...issue.path].map(String).join('.'),
    message: issue.message,
  }))
  const first = issues[0] ?? { field: '', message: USER_MESSAGES.VALIDATION_FAILED }
  return new HttpError('VALIDATION_FAILED', first.message, first.field || undefined, issues)
}
