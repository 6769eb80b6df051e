/*
 * Where supabase-js keeps the session in the browser's storage: apart from the auth client itself so
 * sign-out and the login page can use it without loading supabase-js before the first paint.
 */

/** supabase-js's default storage key for a project URL: `sb-<first label of the host>-auth-token`. */
export function authStorageKey(backendUrl: string): string {
  return `sb-${new URL(backendUrl).hostname.split('.')[0]}-auth-token`
}

/** supabase-js keeps its session and PKCE verifier under `sb-<project>-auth-token…` keys. */
export const AUTH_STORAGE_PREFIX = 'sb-'

/** Removes every stored auth token on sign-out, whatever project ref the key carries. */
export function removeStoredAuthTokens(storage: Storage): void {
  const keys: string[] = []
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index)
    if (key?.startsWith(AUTH_STORAGE_PREFIX)) keys.push(key)
  }
  for (const key of keys) storage.removeItem(key)
}

/**
 * Does this browser hold a supabase-js session (`sb-<project>-auth-token`; a PKCE verifier alone,
 * `…-auth-token-code-verifier`, is a sign-in under way, not a session)? Read without supabase-js.
 */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> | null): boolean {
  if (!storage) return false
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index)
    if (key?.startsWith(AUTH_STORAGE_PREFIX) && key.endsWith('-auth-token')) return true
  }
  return false
}
