import type { Session, User } from '@supabase/supabase-js'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { setSessionRejectedHandler } from '../lib/api-client'
import type { AuthClient } from '../lib/auth-client'
import { handleError } from '../lib/error-handler'
import { removeNavHint } from './nav-hint'
import { sessionStore } from './session-store'

/**
 * Who is signed in, as supabase-js reports it. 'loading' until the first answer (private routes show
 * 'Authenticating...' meanwhile). Drives the session layer: a new user bootstraps, no user clears it.
 */
export const AUTH_STATUSES = ['loading', 'signed-in', 'signed-out'] as const
export type AuthStatus = (typeof AUTH_STATUSES)[number]

export interface AuthState {
  status: AuthStatus
  user: User | null
  /** Set by sign-out: private pages wait for the redirect home instead of bouncing to /login/. */
  signingOut: boolean
  /**
   * The user was signed in and is not any more without asking to sign out: the session was revoked
   * (signed out elsewhere, by the operator) or could not be refreshed. Login says so.
   */
  expired: boolean
}

export const authStore = createStore<AuthState>()(() => ({
  status: 'loading',
  user: null,
  signingOut: false,
  expired: false,
}))

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector)
}

function applySession(session: Session | null, defer: (task: () => void) => void): void {
  const previous = authStore.getState()
  const user = session?.user ?? null
  const expired = user ? false : previous.expired || (previous.status === 'signed-in' && !previous.signingOut)
  authStore.setState({ status: user ? 'signed-in' : 'signed-out', user, expired })
  // supabase-js warns against calling back into it from inside its own callback (the bootstrap reads
  // the session for its bearer token), so the session layer runs on the next task.
  if (user) {
    defer(() => void sessionStore.getState().bootstrap(user.id))
  } else if (previous.status === 'signed-in') {
    sessionStore.getState().clear()
    removeNavHint()
  }
}

/**
 * Subscribes to auth-state changes and asks once directly, whichever answers first. Returns an
 * unsubscriber.
 */
export function startAuthSync(auth: AuthClient): () => void {
  let stopped = false
  // The server refused the session (a 401 to a signed-in call): drop it here too, which signs out.
  setSessionRejectedHandler(() => {
    if (authStore.getState().status !== 'signed-in' || authStore.getState().signingOut) return
    auth
      .signOut({ scope: 'local' })
      .catch((thrown: unknown) => handleError(thrown, { where: 'auth.expired' }))
  })
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const defer = (task: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (!stopped) task()
    }, 0)
    timers.add(timer)
  }
  const apply = (session: Session | null) => {
    if (!stopped) applySession(session, defer)
  }
  const { data } = auth.onAuthStateChange((_event, session) => apply(session))
  auth
    .getSession()
    .then(({ data: result, error }) => {
      if (error) handleError(error, { where: 'auth.getSession' })
      // Only settle a still-loading state: a change event may already have answered more recently.
      if (authStore.getState().status === 'loading') apply(result.session)
    })
    .catch((thrown: unknown) => {
      handleError(thrown, { where: 'auth.getSession' })
      if (authStore.getState().status === 'loading') apply(null)
    })
  return () => {
    stopped = true
    for (const timer of timers) clearTimeout(timer)
    data.subscription.unsubscribe()
  }
}

/** For tests. */
export function resetAuthStore(): void {
  authStore.setState({ status: 'loading', user: null, signingOut: false, expired: false })
}
