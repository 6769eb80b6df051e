import { HttpError } from './http-error'

/**
 * Text PostgreSQL cannot store: NUL (refused by text columns and jsonb alike) and UTF-16 surrogates
 * without their other half (JSON can escape them, jsonb refuses them, and UTF-8 cannot encode them).
 * Both are refused at the door, naming the field, rather than failing deep inside a write.
 */
export const UNSTORABLE_TEXT_MESSAGE =
  'Text contains a character that cannot be stored (a NUL or an unpaired surrogate)'

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text)
}

/** Deepest nesting walked; zod refuses deeper bodies anyway, and the walk must not blow the stack. */
const MAX_DEPTH = 64

/**
 * The path (`a.b.0.c`) of the first string — value or object key — that cannot be stored, or null.
 * A bad key is reported at the object holding it.
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.')
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return null
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnstorableText(value[index], [...path, index])
      if (found !== null) return found
    }
    return null
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return path.join('.')
    const found = findUnstorableText(item, [...path, key])
    if (found !== null) return found
  }
  return null
}

/** Throws 400 VALIDATION_FAILED naming the field when `value` holds text that cannot be stored. */
export function assertStorableText(value: unknown): void {
  const field = findUnstorableText(value)
  if (field === null) return
  throw new HttpError('VALIDATION_FAILED', UNSTORABLE_TEXT_MESSAGE, field || undefined, [
    { field, message: UNSTORABLE_TEXT_MESSAGE },
  ])
}
