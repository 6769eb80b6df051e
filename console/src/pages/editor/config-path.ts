/**
 * Immutable reads and writes of a config by dotted path. The editor's fields are addressed by the same
 * paths as validation errors (`theme.primary_color`, `pause.durations`), so one string ties an input,
 * its value and its message together.
 */

type Container = Record<string, unknown> | unknown[]

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null

function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.')
}

export function getAt(root: unknown, path: string): unknown {
  let current: unknown = root
  for (const part of splitPath(path)) {
    if (!isContainer(current)) return undefined
    current = Array.isArray(current) ? current[Number(part)] : (current as Record<string, unknown>)[part]
  }
  return current
}

/**
 * A copy of `root` with `value` at `path`; only the containers along the path are copied, so unchanged
 * sections keep their identity. `undefined` removes an object key (an optional setting left empty).
 * Missing containers are created as objects.
 */
export function setAt<T>(root: T, path: string, value: unknown): T {
  const parts = splitPath(path)
  if (parts.length === 0) return value as T
  return setParts(root, parts, value) as T
}

function setParts(node: unknown, parts: readonly string[], value: unknown): unknown {
  const [head, ...rest] = parts as [string, ...string[]]
  const child = isContainer(node) ? getAt(node, head) : undefined
  const next = rest.length === 0 ? value : setParts(child, rest, value)
  if (Array.isArray(node)) {
    const copy = [...node]
    copy[Number(head)] = next
    return copy
  }
  const copy: Record<string, unknown> = isContainer(node) ? { ...(node as Record<string, unknown>) } : {}
  if (next === undefined) delete copy[head]
  else copy[head] = next
  return copy
}

/** Structural equality for plain JSON data (what a config is): key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, index) => jsonEqual(item, b[index]))
  }
  if (!isContainer(a) || !isContainer(b)) return false
  const left = Object.entries(a).filter(([, v]) => v !== undefined)
  const right = Object.entries(b).filter(([, v]) => v !== undefined)
  if (left.length !== right.length) return false
  const other = b as Record<string, unknown>
  return left.every(([key, v]) => jsonEqual(v, other[key]))
}
