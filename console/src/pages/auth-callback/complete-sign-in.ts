import type { AuthClient } from '../../lib/auth-client'

/**
 * The auth callback's rules, independent of React:
 * - the URL (query or hash) carries `error` → login with error set to that value;
 * - a session is found, by an auth-state change or by a direct check → signed in;
 * - the session check errors (or the code in the URL yields no session) → `session_error`;
 * - no session and no code, access token or refresh token in the URL → `no_session`;
 * - an unexpected exception → `auth_callback_failed`.
 */
export const CALLBACK_ERRORS = {
  sessionError: 'session_error',
  noSession: 'no_session',
  failed: 'auth_callback_failed',
} as const

/**
 * With a code in the URL, supabase-js exchanges it while initialising. If initialising never finishes,
 * the visitor is not left on a spinner forever: auth_callback_failed after this long.
 */
export const CALLBACK_TIMEOUT_MS = 15_000

/**
 * Initialising finished without a session and without an error: supabase-js did not even try the code
 * (it does so only when this browser holds the PKCE verifier — a link opened in another browser) or
 * its result is still being announced. After this grace period the session check has failed.
 */
export const CALLBACK_GRACE_MS = 3_000

export type CallbackOutcome =
  | { kind: 'signed-in' }
  /** `description`: the auth server's own words (`error_description`), when it gave any. */
  | { kind: 'failed'; error: string; description?: string }

/** Query and hash parameters together: implicit flows and GoTrue errors arrive in the fragment. */
export function callbackParams(url: URL): URLSearchParams {
  const params = new URLSearchParams(url.search)
  for (const [key, value] of new URLSearchParams(url.hash.replace(/^#/, ''))) {
    if (!params.has(key)) params.set(key, value)
  }
  return params
}

const SESSION_PARAMS = ['code', 'access_token', 'refresh_token'] as const

export function completeSignIn(
  auth: AuthClient,
  url: URL,
  {
    timeoutMs = CALLBACK_TIMEOUT_MS,
    graceMs = CALLBACK_GRACE_MS,
  }: { timeoutMs?: number; graceMs?: number } = {},
): { outcome: Promise<CallbackOutcome>; cancel(): void } {
  let settled = false
  let unsubscribe: () => void = () => {}
  let timer: ReturnType<typeof setTimeout> | undefined
  let resolveOutcome: (outcome: CallbackOutcome) => void = () => {}
  const outcome = new Promise<CallbackOutcome>((resolve) => {
    resolveOutcome = resolve
  })
  const settle = (result: CallbackOutcome | null) => {
    if (settled) return
    settled = true
    unsubscribe()
    if (timer !== undefined) clearTimeout(timer)
    if (result) resolveOutcome(result)
  }
  const fail = (error: string, description?: string) =>
    settle(description ? { kind: 'failed', error, description } : { kind: 'failed', error })

  const run = async () => {
    timer = setTimeout(() => fail(CALLBACK_ERRORS.failed), timeoutMs)
    const params = callbackParams(url)
    const providerError = params.get('error')
    if (providerError !== null) return fail(providerError, params.get('error_description') ?? undefined)

    const { data } = auth.onAuthStateChange((_event, session) => {
      if (session) settle({ kind: 'signed-in' })
    })
    unsubscribe = () => data.subscription.unsubscribe()
    // The subscription may have answered synchronously, before `unsubscribe` was assigned.
    if (settled) return unsubscribe()

    const first = await auth.getSession()
    if (first.error) return fail(CALLBACK_ERRORS.sessionError)
    if (first.data.session) return settle({ kind: 'signed-in' })
    if (!SESSION_PARAMS.some((name) => params.has(name))) return fail(CALLBACK_ERRORS.noSession)

    // A code or token is in the URL: its exchange is part of supabase-js's initialisation.
    const init = await auth.initialize()
    if (init.error) return fail(CALLBACK_ERRORS.sessionError)
    const second = await auth.getSession()
    if (second.error) return fail(CALLBACK_ERRORS.sessionError)
    if (second.data.session) return settle({ kind: 'signed-in' })
    if (settled) return
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => fail(CALLBACK_ERRORS.sessionError), graceMs)
  }

  run().catch(() => fail(CALLBACK_ERRORS.failed))
  return { outcome, cancel: () => settle(null) }
}
