/**
 * Decoder for the `application/x-www-form-urlencoded` bodies and query strings the Stripe SDK sends.
 * The SDK flattens nested params with bracket notation (`items[0][price]=…`, `metadata[plan]=…`,
 * `expand[0]=…`); an empty value (`pause_collection=`) is how a client asks Stripe to unset a field, so
 * empty strings are kept as `''` for the param validator to interpret.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormObject = { [key: string]: FormValue }

/** Splits `a[b][0][]` into `['a', 'b', '0', '']`; `''` means "append" (`expand[]=…`). */
export function parseKey(key: string): string[] {
  const open = key.indexOf('[')
  if (open <= 0) return [key]
  const parts = [key.slice(0, open)]
  const pattern = /\[([^\]]*)\]/g
  let consumed = open
  for (const match of key.slice(open).matchAll(pattern)) {
    // A malformed tail (`a[b`) is treated as part of the name, as qs does.
    if (match.index !== consumed - open) break
    parts.push(match[1] ?? '')
    consumed += match[0].length
  }
  if (consumed !== key.length) return [key]
  return parts
}

function isIndexKey(key: string): boolean {
  return /^(0|[1-9]\d{0,3})$/.test(key)
}

function assign(target: FormObject, path: string[], value: string): void {
  let node: FormObject = target
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string
    const next = path[i + 1] as string
    const existing = node[key]
    if (next === '') {
      // `a[]=x`: collect into an object keyed by position, normalised to an array later.
      const bucket = typeof existing === 'object' && !Array.isArray(existing) ? existing : {}
      node[key] = bucket
      bucket[String(Object.keys(bucket).length)] = value
      return
    }
    if (typeof existing !== 'object' || Array.isArray(existing)) node[key] = {}
    node = node[key] as FormObject
  }
  node[path[path.length - 1] as string] = value
}

/** Objects whose keys are exactly 0..n-1 become arrays (the SDK's indexed array format). */
function normalise(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const keys = Object.keys(value)
  const out: FormObject = {}
  for (const key of keys) out[key] = normalise(value[key] as FormValue)
  if (keys.length > 0 && keys.every(isIndexKey)) {
    const sorted = keys.map(Number).sort((a, b) => a - b)
    if (sorted.every((n, i) => n === i)) return sorted.map((n) => out[String(n)] as FormValue)
  }
  return out
}

export function decodeForm(encoded: string): FormObject {
  const raw: FormObject = {}
  const text = encoded.startsWith('?') ? encoded.slice(1) : encoded
  for (const [key, value] of new URLSearchParams(text)) {
    if (key === '') continue
    assign(raw, parseKey(key), value)
  }
  return normalise(raw) as FormObject
}
