import { sanitizeMessage } from '@retainkit/shared/sanitize'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Logger } from '../services/logger'
import { HttpError } from './http-error'

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
