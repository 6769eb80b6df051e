import type { Operation } from './operation-types'
import { AUTH_OPERATIONS } from './operations-auth'
import { ADMIN_OPERATIONS, BILLING_OPERATIONS } from './operations-billing'
import { CONSOLE_OPERATIONS } from './operations-console'
import { RETENTION_OPERATIONS } from './operations-retention'
import { SERVICE_OPERATIONS } from './operations-services'

export type { Operation, QueryParam, Security } from './operation-types'

/**
 * Every call of the server, described once. Request bodies are the zod schemas the routes validate
 * with and responses the schemas the fuzz suite checks answers against, so the document cannot drift
 * from what the server accepts and sends.
 */
export const OPERATIONS: Operation[] = [
  ...CONSOLE_OPERATIONS,
  ...SERVICE_OPERATIONS,
  ...BILLING_OPERATIONS,
  ...ADMIN_OPERATIONS,
  ...AUTH_OPERATIONS,
  ...RETENTION_OPERATIONS,
]

/** `METHOD path-key` of an operation, as the document lists it (`/api/account#action=config`). */
export function operationKey(op: Pick<Operation, 'method' | 'path'>): string {
  const [path = op.path, query] = op.path.split('?')
  const fixed = new URLSearchParams(query ?? '')
  const suffix = [...fixed.entries()].map(([name, value]) => `#${name}=${value}`).join('')
  return `${op.method.toUpperCase()} ${path}${suffix}`
}
