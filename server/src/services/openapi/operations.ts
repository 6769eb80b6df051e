import { API_RESPONSES, type ApiCall } from '@retainkit/shared/api'
import type { Operation, OperationSpec } from './operation-types'
import { AUTH_OPERATIONS } from './operations-auth'
import { ADMIN_OPERATIONS, BILLING_OPERATIONS } from './operations-billing'
import { CONSOLE_OPERATIONS } from './operations-console'
import { FEEDBACK_OPERATIONS } from './operations-feedback'
import { RECOVERY_OPERATIONS } from './operations-recovery'
import { RETENTION_OPERATIONS } from './operations-retention'
import { SERVICE_OPERATIONS } from './operations-services'
import { PAST_CANCELLATION_OPERATIONS, SESSION_OPERATIONS } from './operations-sessions'

export type { Operation, QueryParam, Security } from './operation-types'

/**
 * Every call of the server, described once. Request bodies are the zod schemas the routes validate
 * with and responses the shared contract's (`@retainkit/shared/api`), which the handlers are typed by and
 * the fuzz suite parses every answer with, so the document cannot drift
 * from what the server accepts and sends.
 */
export const OPERATIONS: Operation[] = [
  ...CONSOLE_OPERATIONS,
  ...SERVICE_OPERATIONS,
  ...BILLING_OPERATIONS,
  ...ADMIN_OPERATIONS,
  ...AUTH_OPERATIONS,
  ...RETENTION_OPERATIONS,
  ...FEEDBACK_OPERATIONS,
  ...SESSION_OPERATIONS,
  ...PAST_CANCELLATION_OPERATIONS,
  ...RECOVERY_OPERATIONS,
].map(withResponse)

/** `METHOD path` of an operation as the shared contract keys it (`GET /api/account?action=config`). */
export function contractKey(op: Pick<Operation, 'method' | 'path'>): string {
  return `${op.method.toUpperCase()} ${op.path}`
}

function withResponse(spec: OperationSpec): Operation {
  const key = contractKey(spec)
  if (!(key in API_RESPONSES)) throw new Error(`${key} has no response in the shared API contract`)
  return { ...spec, response: API_RESPONSES[key as ApiCall] }
}

/** `METHOD path-key` of an operation, as the document lists it (`/api/account#action=config`). */
export function operationKey(op: Pick<Operation, 'method' | 'path'>): string {
  const [path = op.path, query] = op.path.split('?')
  const fixed = new URLSearchParams(query ?? '')
  const suffix = [...fixed.entries()].map(([name, value]) => `#${name}=${value}`).join('')
  return `${op.method.toUpperCase()} ${path}${suffix}`
}
