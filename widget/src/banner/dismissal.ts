import type { Host } from '../host/types'

/** A dismissed banner stays away this long on this browser. */
export const BANNER_DISMISS_DAYS = 30

/** FNV-1a, 32 bits: enough to tell customers apart in a key without writing their id in the clear. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** `retainkit.banner.<accountId>.<hash of the customer>`: never the token, never the raw customer id. */
export const dismissalKey = (accountId: string, customerId: string) =>
  `retainkit.banner.${accountId}.${shortHash(customerId)}`

/**
 * Reads (no `dismiss`) or records (`dismiss`) a dismissal under `key`. Storage may be missing or throw
 * (privacy modes, sandboxed frames): then nothing is remembered and the banner simply comes back.
 */
export function dismissal(host: Host, key: string, dismiss?: boolean, now = Date.now()): boolean {
  try {
    const storage = host.window.localStorage
    if (dismiss) storage.setItem(key, JSON.stringify({ until: now + BANNER_DISMISS_DAYS * 86_400_000 }))
    return JSON.parse(storage.getItem(key) as string)?.until > now
  } catch {
    return false
  }
}
