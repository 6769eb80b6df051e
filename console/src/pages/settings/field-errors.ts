import type { ApiError } from '../../lib/api-client'

export type FieldErrors<F extends string> = Partial<Record<F, string>>

interface IssueLike {
  path: readonly PropertyKey[]
  message: string
}

/** The first message per field from zod issues (path[0] is the field). */
export function issuesToFieldErrors<F extends string>(
  issues: readonly IssueLike[],
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {}
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F
    if (fields.includes(field) && errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}

/** The last segment of a dotted server path: `account.domain` → `domain`. */
function fieldName(path: string): string {
  return path.split('.').pop() ?? path
}

/**
 * Field errors from a server answer: its `issues`, else its single `field`. Anything that names no
 * known field is left for the caller to show as a general message.
 */
export function serverFieldErrors<F extends string>(error: ApiError, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {}
  const message = error.serverMessage ?? error.userMessage
  for (const issue of error.issues ?? []) {
    const field = fieldName(issue.field) as F
    if (fields.includes(field) && errors[field] === undefined) errors[field] = issue.message
  }
  if (error.field) {
    const field = fieldName(error.field) as F
    if (fields.includes(field) && errors[field] === undefined) errors[field] = message
  }
  return errors
}

export function hasErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values(errors).some(Boolean)
}
