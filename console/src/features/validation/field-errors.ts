/**
 * Validation messages keyed by field path (`copy.general.headline`, `pause.durations`,
 * `plan_switch.plans.0.name`): the same dotted form the server uses in `error.field` and
 * `error.issues[].field`, so client-side zod issues and server answers land on the same inputs.
 */

export type FieldErrors = Readonly<Record<string, string>>

export interface IssueLike {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/** `['plan_switch', 'plans', 0, 'name']` → `plan_switch.plans.0.name`. */
export function pathKey(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part)).join('.')
}

/**
 * The first message per field (zod lists the most basic failure first, e.g. "Invalid URL format"
 * before "URL must use http or https protocol"). Issues without a path are filed under `''`.
 */
export function issuesToFieldErrors(issues: readonly IssueLike[], stripPrefix?: string): FieldErrors {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const key = withoutPrefix(pathKey(issue.path), stripPrefix)
    if (!(key in errors)) errors[key] = issue.message
  }
  return errors
}

function withoutPrefix(key: string, prefix: string | undefined): string {
  if (!prefix) return key
  if (key === prefix) return ''
  return key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : key
}

export interface ServerIssue {
  readonly field?: string
  readonly message: string
}

/**
 * Field errors from a server validation answer: every `issues[]` entry, else the single `field`. The
 * server prefixes body fields with the body key (`config_json.copy.general.headline`); `stripPrefix`
 * removes it so the keys match the form's own paths.
 */
export function serverFieldErrors(
  error: { readonly field?: string; readonly message: string; readonly issues?: readonly ServerIssue[] },
  stripPrefix?: string,
): FieldErrors {
  const issues = error.issues?.length ? error.issues : error.field ? [error] : []
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    if (issue.field === undefined) continue
    const key = withoutPrefix(issue.field, stripPrefix)
    if (!(key in errors)) errors[key] = issue.message
  }
  return errors
}

/** Errors at `prefix` itself or below it (e.g. every error of one plan row). */
export function errorsUnder(errors: FieldErrors, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
    .map(([, message]) => message)
}

/** A DOM id for a field path, for `aria-describedby` and error-summary links. */
export function fieldId(scope: string, path: string): string {
  return `${scope}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`
}
