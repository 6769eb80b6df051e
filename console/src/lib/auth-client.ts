import type { AuthChangeEvent, AuthError, Provider, Session, Subscription } from '@supabase/supabase-js'
import { AuthClient as SupabaseAuthClient } from '@supabase/supabase-js'
import { authStorageKey } from './auth-storage'
import type { RuntimeConfig } from './runtime-config'

/**
 * The part of supabase-js's auth client the console uses. Everything talks to auth through this
 * interface, so tests can hand in the one stateful fake (`@retainkit/fakes/supabase-auth`) while the
 * real client is assignable to it unchanged.
 */
export interface AuthClient {
  initialize(): Promise<{ error: AuthError | null }>
  getSession(): Promise<
    { data: { session: Session }; error: null } | { data: { session: null }; error: AuthError | null }
  >
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): {
    data: { subscription: Pick<Subscription, 'unsubscribe'> }
  }
  signInWithOtp(credentials: {
    email: string
    options?: { emailRedirectTo?: string; shouldCreateUser?: boolean }
  }): Promise<{ error: AuthError | null }>
  signInWithOAuth(credentials: {
    provider: Provider
    options?: { redirectTo?: string }
  }): Promise<{ error: AuthError | null }>
  signOut(options?: { scope?: 'global' | 'local' | 'others' }): Promise<{ error: AuthError | null }>
}

/**
 * A PKCE flow that persists the session, refreshes the token automatically and detects the
 * session in the URL (the auth callback's `?code=`).
 *
 * This is supabase-js's own auth client, configured exactly as `createClient(backendUrl, anonKey, {auth:
 * {flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: true}})` configures
 * it (URL {backendUrl}/auth/v1, the anon key as `apikey` and bearer, the same storage key). The console
 * uses nothing but auth, and `createClient` would also construct the realtime, storage, database and
 * functions clients: measured 58.9 KB gzip against 24.8 KB for the auth client alone, which is the
 * difference between missing and meeting the 150 KB budget of /login/.
 */
export function createAuthClient(config: RuntimeConfig): AuthClient {
  return new SupabaseAuthClient({
    url: `${config.backendUrl}/auth/v1`,
    headers: { Authorization: `Bearer ${config.anonKey}`, apikey: config.anonKey },
    storageKey: authStorageKey(config.backendUrl),
    flowType: 'pkce',
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
  })
}

export { AUTH_STORAGE_PREFIX, authStorageKey, removeStoredAuthTokens } from './auth-storage'
