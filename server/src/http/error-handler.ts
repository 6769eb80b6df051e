import { USER_MESSAGES } from '@retainkit/shared/errors'
import { sanitizeMessage } from '@retainkit/shared/sanitize'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { classifyDatabaseError } from '../db/errors'
import type { Logger } from '../ports/logger'
import { HttpError } from './http-error'

/** Seconds a client should wait before retrying while the database is unreachable. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5

/**
 * Database failures that are not bugs of this request's code path: an outage (503, the catalogue's
 * database message), a transient conflict of concurrent transactions (503, retry now), and — as a
 * safety net behind validation, logged so the gap gets closed — a value the database refused (400)
 * or a duplicate that a concurrent request inserted first (409).
 */
function databaseFailure(error: unknown, c: Context, logger: Logger): Response | null {
  const kind = classifyDatabaseError(error)
  if (kind === null) return null
  const fields = { method: c.req.method, path: c.req.path, code: (error as { code?: string }).code ?? kind }
  if (kind === 'unavailable') {
    c.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS))
    return c.json({ error: { code: 'DATABASE_ERROR', message: USER_MESSAGES.DATABASE_ERROR } }, 503)
  }
  if (kind === 'transient') {
    // A deadlock or a serialisation failure: the client may retry, but each one is a lock-order bug to find.
    logger.warn('a transaction conflicted with another and was answered 503', fields)
    c.header('Retry-After', '1')
    return c.json({ error: { code: 'SERVICE_UNAVAILABLE', message: USER_MESSAGES.SERVICE_UNAVAILABLE } }, 503)
  }
  if (kind === 'bad-input') {
    logger.warn('a value reached the database unvalidated', fields)
    return c.json({ error: { code: 'INVALID_INPUT', message: USER_MESSAGES.INVALID_INPUT } }, 400)
  }
  logger.warn('a unique constraint refused a write', fields)
  return c.json({ error: { code: 'DUPLICATE_ENTRY', message: USER_MESSAGES.DUPLICATE_ENTRY } }, 409)
}

/**
 * One error shape for every route: `{error: {code, message, field?, issues?}}`. Deliberate errors keep
 * their (already user-facing) message, sanitized; anything unexpected is logged sanitized and answered
 * with a generic INTERNAL_ERROR so no stack, path or secret reaches a client.
 */
export function handleError(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof HttpError) {
    const body = {
      error: {
        code: error.code,
        message: sanitizeMessage(error.message, { audience: 'user' }),
        ...(error.field ? { field: error.field } : {}),
        ...(error.issues ? { issues: error.issues } : {}),
        ...(error.already ? { already: error.already } : {}),
      },
    }
    return c.json(body, error.status as ContentfulStatusCode)
  }
  if (error instanceof HTTPException) {
    // Hono's own (e.g. body limit → 413, malformed JSON → 400).
    const status = error.status
    const code = status === 413 ? 'INVALID_INPUT' : status === 401 ? 'UNAUTHORIZED' : 'INVALID_INPUT'
    const message =
      status === 413 ? 'Request body is too large' : sanitizeMessage(error.message, { audience: 'user' })
    return c.json({ error: { code, message } }, status as ContentfulStatusCode)
  }
  const failure = databaseFailure(error, c, logger)
  if (failure) return failure
  logger.error('unhandled error', {
    method: c.req.method,
    path: c.req.path,
    error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error),
  })
  return c.json(
    {
      error: { code: 'INTERNAL_ERROR', message: 'Internal error. Please contact support if this persists.' },
    },
    500,
  )
}
