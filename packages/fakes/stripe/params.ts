import { invalidRequest, missingParameter, unknownParameter } from './errors'
import type { FormValue } from './form-codec'

/**
 * Per-endpoint allow-lists. Stripe rejects any param it does not know (`parameter_unknown`), which is
 * what makes a removed param (e.g. `coupon` on subscriptions in this API version) fail loudly; the
 * fake mirrors that by validating every request against a spec before the handler runs.
 *
 * `emptyable` marks params Stripe lets you unset by sending an empty string; the validator turns that
 * empty string into `null` so handlers can tell "unset" from "not sent" (`undefined`).
 */
export type Spec =
  | { kind: 'string'; required?: boolean; emptyable?: boolean; values?: readonly string[] }
  | { kind: 'integer'; required?: boolean; emptyable?: boolean; min?: number; max?: number }
  | { kind: 'number'; required?: boolean; emptyable?: boolean }
  | { kind: 'boolean'; required?: boolean }
  | { kind: 'metadata'; required?: boolean }
  | { kind: 'object'; fields: Fields; required?: boolean; emptyable?: boolean }
  | { kind: 'array'; of: Spec; required?: boolean; emptyable?: boolean }
  | { kind: 'now-or-timestamp'; required?: boolean }
  | { kind: 'any'; required?: boolean }

export type Fields = Record<string, Spec>
export type Params = Record<string, unknown>

interface Flags {
  required?: boolean
  emptyable?: boolean
}

/** Tiny builders so route tables read like Stripe's API reference. */
export const p = {
  string: (flags: Flags = {}): Spec => ({ kind: 'string', ...flags }),
  enum: (values: readonly string[], flags: Flags = {}): Spec => ({ kind: 'string', values, ...flags }),
  integer: (flags: Flags & { min?: number; max?: number } = {}): Spec => ({ kind: 'integer', ...flags }),
  number: (flags: Flags = {}): Spec => ({ kind: 'number', ...flags }),
  boolean: (flags: { required?: boolean } = {}): Spec => ({ kind: 'boolean', ...flags }),
  metadata: (): Spec => ({ kind: 'metadata' }),
  object: (fields: Fields, flags: Flags = {}): Spec => ({ kind: 'object', fields, ...flags }),
  array: (of: Spec, flags: Flags = {}): Spec => ({ kind: 'array', of, ...flags }),
  nowOrTimestamp: (): Spec => ({ kind: 'now-or-timestamp' }),
  /** Accepted by Stripe but not modelled by the fake: allowed, passed through untouched. */
  any: (): Spec => ({ kind: 'any' }),
}

/** Marks several params as accepted-but-not-modelled in one go. */
export function accepted(...names: string[]): Fields {
  return Object.fromEntries(names.map((name) => [name, p.any()]))
}

function join(prefix: string, key: string | number): string {
  return prefix ? `${prefix}[${key}]` : String(key)
}

function describe(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function oneOf(values: readonly string[]): string {
  if (values.length <= 1) return values.join('')
  return `${values.slice(0, -1).join(', ')}, or ${values[values.length - 1]}`
}

function coerce(value: FormValue, spec: Spec, name: string): unknown {
  const emptyable = 'emptyable' in spec && spec.emptyable === true
  if (value === '' && emptyable) return null
  switch (spec.kind) {
    case 'any':
      return value
    case 'string': {
      if (typeof value !== 'string')
        throw invalidRequest(`Invalid string: ${describe(value)}`, { param: name })
      if (spec.values && !spec.values.includes(value)) {
        throw invalidRequest(`Invalid ${name}: must be one of ${oneOf(spec.values)}`, { param: name })
      }
      return value
    }
    case 'integer': {
      if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
        throw invalidRequest(`Invalid integer: ${describe(value)}`, {
          param: name,
          code: 'parameter_invalid_integer',
        })
      }
      const n = Number(value)
      if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) {
        throw invalidRequest(`Invalid ${name}: must be between ${spec.min ?? '-∞'} and ${spec.max ?? '∞'}`, {
          param: name,
        })
      }
      return n
    }
    case 'number': {
      if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) {
        throw invalidRequest(`Invalid decimal: ${describe(value)}`, { param: name })
      }
      return Number(value)
    }
    case 'boolean': {
      if (value === 'true') return true
      if (value === 'false') return false
      throw invalidRequest(`Invalid boolean: ${describe(value)}`, { param: name })
    }
    case 'now-or-timestamp': {
      if (value === 'now') return 'now'
      return coerce(value, { kind: 'integer' }, name)
    }
    case 'metadata':
      return coerceMetadata(value, name)
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw invalidRequest(`Invalid object`, { param: name })
      }
      return validateFields(value, spec.fields, name)
    }
    case 'array': {
      const list = Array.isArray(value) ? value : null
      if (!list) throw invalidRequest(`Invalid array`, { param: name })
      return list.map((item, i) => coerce(item, spec.of, join(name, i)))
    }
  }
}

/** Metadata: `''` clears everything (null), a key set to `''` is removed (kept as null for merging). */
function coerceMetadata(value: FormValue, name: string): Record<string, string | null> | null {
  if (value === '') return null
  if (typeof value !== 'object') throw invalidRequest('Invalid object', { param: name })
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value)
  const out: Record<string, string | null> = {}
  for (const [key, item] of entries) {
    if (typeof item !== 'string') {
      throw invalidRequest(`Metadata values must be strings, but found a nested object for key '${key}'.`, {
        param: join(name, key),
      })
    }
    if (key.length > 40) {
      throw invalidRequest(`Metadata keys must be at most 40 characters, but '${key}' is longer.`, {
        param: join(name, key),
      })
    }
    out[key] = item === '' ? null : item
  }
  if (Object.keys(out).length > 50)
    throw invalidRequest('Metadata can have at most 50 keys.', { param: name })
  return out
}

export function validateFields(input: Record<string, FormValue>, fields: Fields, prefix = ''): Params {
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(fields, key)) throw unknownParameter(join(prefix, key))
  }
  const out: Params = {}
  for (const [key, spec] of Object.entries(fields)) {
    const value = input[key]
    const name = join(prefix, key)
    if (value === undefined) {
      if (spec.required) throw missingParameter(name)
      continue
    }
    out[key] = coerce(value, spec, name)
  }
  return out
}

/** Applies a metadata param (as coerced above) to existing metadata, the way Stripe merges it. */
export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string | null> | null | undefined,
): Record<string, string> {
  if (update === undefined) return current
  if (update === null) return {}
  const next = { ...current }
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete next[key]
    else next[key] = value
  }
  return next
}
