import type { Session, User } from '@supabase/supabase-js'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
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
}

export const authStore = createStore<AuthState>()(() => ({ status: 'loading', user: null }))

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector)
}

function applySession(session: Session | null): void {
  const previous = authStore.getState()
  const user = session?.user ?? null
  authStore.setState({ status: user ? 'signed-in' : 'signed-out', user })
  // supabase-js warns against calling back into it from inside its own callback (the bootstrap reads
  // the session for its bearer token), so the session layer runs on the next task.
  if (user) {
    setTimeout(() => void sessionStore.getState().bootstrap(user.id), 0)
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
  const { data } = auth.onAuthStateChange((_event, session) => applySession(session))
  auth
    .getSession()
    .then(({ data: result, error }) => {
      if (error) handleError(error, { where: 'auth.getSession' })
      // Only settle a still-loading state: a change event may already have answered more recently.
      if (authStore.getState().status === 'loading') applySession(result.session)
    })
    .catch((thrown: unknown) => {
      handleError(thrown, { where: 'auth.getSession' })
      if (authStore.getState().status === 'loading') applySession(null)
    })
  return () => data.subscription.unsubscribe()
}

/** For tests. */
export function resetAuthStore(): void {
  authStore.setState({ status: 'loading', user: null })
}
