import type { WidgetConfigResponse } from '@retainkit/shared/widget-api'

/**
 * In-memory cache of what the widget config endpoint serves, per account. Saving a config, the reasons
 * or the account's domain calls `invalidate` in this process; other instances behind a load balancer
 * refresh after the entry's TTL at the latest, so a published change reaches every subscriber within
 * that bound.
 */
export interface CachedWidgetConfig {
  /** Strong validator of `body` (quoted, as sent in the ETag header). */
  etag: string
  /** The exact response bytes (JSON), served as-is. */
  body: Uint8Array
  /** The same bytes compressed once at build time, for clients that accept them (never per request). */
  gzip?: Uint8Array
  br?: Uint8Array
  expiresAt: number
  /**
   * The response as data, with the whole saved config (the served bytes carry only its published
   * projection): for the widget's other routes (session offers, discounts to apply, reactivation copy).
   */
  payload?: WidgetConfigResponse
  /** accounts.domain: the CORS allow-list of the widget API. */
  domain?: string | null
  /**
   * The account's active widget secrets, decrypted, newest first: kept with the entry once a token was
   * verified against them, so verifying the next one costs no database read. Invalidated with the
   * entry: creating or revoking a secret reports a config change (services/config-changes.ts).
   */
  secrets?: readonly { id: string; secret: string; mode: 'live' | 'test' }[]
}

export interface WidgetConfigCache {
  get(accountId: string, now: number): CachedWidgetConfig | undefined
  /** The last entry stored, fresh or not: what is served while the database cannot be reached. */
  stale(accountId: string): CachedWidgetConfig | undefined
  /**
   * Stores an entry. With `generation` (read from `generation()` before loading), an entry loaded
   * while an invalidation happened is dropped instead of resurrecting the old config.
   */
  set(accountId: string, entry: CachedWidgetConfig, generation?: number): void
  invalidate(accountId: string): void
  /** Bumped by every invalidation of this account. */
  generation(accountId: string): number
  /** Was this id looked up and found to be no account, less than MISSING_TTL_MS ago? */
  isMissing(accountId: string, now: number): boolean
  /** Remembers an unknown id (dropped when `generation` is stale: the account was created meanwhile). */
  setMissing(accountId: string, now: number, generation?: number): void
  /** Forgets everything (another instance's changes may have been missed). */
  clear(): void
  /** How many unknown ids are remembered (bounded by MAX_MISSING). */
  missingCount(): number
}

/**
 * Unknown account ids are remembered this long: a flood of requests for ids that do not exist is
 * answered from memory, while an account created meanwhile elsewhere shows up within seconds (and at
 * once here and, on PostgreSQL, on every instance: creating it invalidates the id).
 */
export const MISSING_TTL_MS = 10_000
/** At most this many unknown ids are remembered; the oldest go first. */
export const MAX_MISSING = 10_000

export function createWidgetConfigCache(): WidgetConfigCache {
  const entries = new Map<string, CachedWidgetConfig>()
  const generations = new Map<string, number>()
  const missing = new Map<string, number>()
  return {
    get(accountId, now) {
      const entry = entries.get(accountId)
      return entry && entry.expiresAt > now ? entry : undefined
    },
    stale(accountId) {
      return entries.get(accountId)
    },
    set(accountId, entry, generation) {
      if (generation !== undefined && generation !== (generations.get(accountId) ?? 0)) return
      entries.set(accountId, entry)
    },
    invalidate(accountId) {
      entries.delete(accountId)
      missing.delete(accountId)
      generations.set(accountId, (generations.get(accountId) ?? 0) + 1)
    },
    generation(accountId) {
      return generations.get(accountId) ?? 0
    },
    isMissing(accountId, now) {
      const until = missing.get(accountId)
      if (until === undefined) return false
      if (until > now) return true
      missing.delete(accountId)
      return false
    },
    setMissing(accountId, now, generation) {
      if (generation !== undefined && generation !== (generations.get(accountId) ?? 0)) return
      missing.delete(accountId)
      missing.set(accountId, now + MISSING_TTL_MS)
      for (const oldest of missing.keys()) {
        if (missing.size <= MAX_MISSING) break
        missing.delete(oldest)
      }
    },
    clear() {
      for (const accountId of new Set([...entries.keys(), ...missing.keys()])) {
        generations.set(accountId, (generations.get(accountId) ?? 0) + 1)
      }
      entries.clear()
      missing.clear()
    },
    missingCount() {
      return missing.size
    },
  }
}
