/**
 * A readable difference between two configurations: one line per setting that differs, named by its
 * dotted path (`discount.amount`, `copy.pause.headline`) with each side's value as text. Objects are
 * walked key by key; lists (plans, pause lengths, steps) are compared whole, since "the second plan's
 * price" reads worse than the two lists side by side. Zod-free: the console imports it.
 */
export interface ConfigChange {
  path: string
  /** The live configuration's value; null when the setting is absent there. */
  live: string | null
  /** The other version's value; null when absent there. */
  version: string | null
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

const asText = (value: unknown): string | null =>
  value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value)

export function diffConfigs(live: unknown, version: unknown, path = ''): ConfigChange[] {
  if (isRecord(live) && isRecord(version)) {
    const keys = [...new Set([...Object.keys(live), ...Object.keys(version)])].sort()
    return keys.flatMap((key) => diffConfigs(live[key], version[key], path ? `${path}.${key}` : key))
  }
  const [left, right] = [asText(live), asText(version)]
  return left === right ? [] : [{ path, live: left, version: right }]
}
