/**
 * In-memory cache of what the widget config endpoint serves, per account. Saving a config or the
 * reasons calls `invalidate` in this process; other instances behind a load balancer refresh after
 * `ttlMs` at the latest, so a published change reaches every subscriber within that bound.
 */
export interface CachedWidgetConfig {
  etag: string
  /** The exact response bytes (JSON), served as-is. */
  body: Uint8Array
  expiresAt: number
}

export interface WidgetConfigCache {
  get(accountId: string, now: number): CachedWidgetConfig | undefined
  set(accountId: string, entry: CachedWidgetConfig): void
  invalidate(accountId: string): void
}

export function createWidgetConfigCache(): WidgetConfigCache {
  const entries = new Map<string, CachedWidgetConfig>()
  return {
    get(accountId, now) {
      const entry = entries.get(accountId)
      if (entry && entry.expiresAt > now) return entry
      if (entry) entries.delete(accountId)
      return undefined
    },
    set(accountId, entry) {
      entries.set(accountId, entry)
    },
    invalidate(accountId) {
      entries.delete(accountId)
    },
  }
}
