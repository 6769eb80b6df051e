import type { SessionAccount, SessionContext } from '@retainkit/shared/api'
import type { Capabilities, Capability } from '@retainkit/shared/roles'
import { capabilitiesFor } from '@retainkit/shared/roles'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { bootstrapSession, getSessionContext, setActiveAccount } from '../lib/api'
import type { ApiError, ApiResult } from '../lib/api-client'
import { getRuntimeConfig, hasRuntime } from '../lib/runtime'
import { navHintFor, removeNavHint, writeNavHint } from './nav-hint'

/**
 * The session layer: which accounts the signed-in user belongs to, the
 * active one, the membership role and its capabilities. Bootstrapped once per user after sign-in; a
 * failed bootstrap keeps its error and may be retried; cleared on sign-out.
 */

export const SESSION_STATUSES = ['idle', 'loading', 'ready', 'error'] as const
export type SessionStatus = (typeof SESSION_STATUSES)[number]

export interface SessionData {
  active_account_id: string | null
  accounts: SessionAccount[]
  membership: SessionContext['membership']
  capabilities: Capabilities
  user: SessionContext['user'] | null
  status: SessionStatus
  error: ApiError | null
}

export interface SessionActions {
  /** POST /api/session?action=bootstrap, once per user: repeated calls for the same user do nothing. */
  bootstrap(userId: string): Promise<void>
  /** Runs the failed bootstrap again. */
  retryBootstrap(): Promise<void>
  /** GET /api/session?action=context. */
  refresh(): Promise<ApiResult<SessionContext>>
  /** POST /api/session?action=active-account first; only on success is active_account_id changed. */
  switchAccount(accountId: string): Promise<ApiResult<SessionContext>>
  /** Forget everything (sign-out). */
  clear(): void
}

export type SessionState = SessionData & SessionActions

const EMPTY: SessionData = {
  active_account_id: null,
  accounts: [],
  membership: null,
  capabilities: capabilitiesFor(null),
  user: null,
  status: 'idle',
  error: null,
}

/** The user whose bootstrap succeeded or is running; a different user bootstraps afresh. */
let bootstrappedFor: string | null = null
let lastRequestedUser: string | null = null
let inFlight: Promise<void> | null = null

function billingPortalUrl(): string | null {
  return hasRuntime() ? getRuntimeConfig().billingPortalUrl : null
}

function dataFrom(context: SessionContext): Omit<SessionData, 'status' | 'error'> {
  return {
    active_account_id: context.active_account_id,
    accounts: context.accounts,
    membership: context.membership,
    // Every capability name present: a missing one is false, never undefined.
    capabilities: { ...capabilitiesFor(null), ...context.capabilities },
    user: context.user,
  }
}

export const sessionStore = createStore<SessionState>()((set, get) => {
  const apply = (context: SessionContext) => {
    set({ ...dataFrom(context), status: 'ready', error: null })
    writeNavHint(navHintFor(context, billingPortalUrl()))
  }

  return {
    ...EMPTY,
    async bootstrap(userId) {
      lastRequestedUser = userId
      if (bootstrappedFor === userId && inFlight) return inFlight
      if (bootstrappedFor === userId && get().status === 'ready') return
      bootstrappedFor = userId
      set({ ...EMPTY, status: 'loading' })
      const run = (async () => {
        const result = await bootstrapSession()
        // Signed out or switched user meanwhile: this answer belongs to nobody now.
        if (bootstrappedFor !== userId) return
        if (result.error) {
          bootstrappedFor = null
          set({ status: 'error', error: result.error })
          return
        }
        apply(result.data)
      })()
      inFlight = run
      try {
        await run
      } finally {
        if (inFlight === run) inFlight = null
      }
    },
    async retryBootstrap() {
      if (lastRequestedUser) await get().bootstrap(lastRequestedUser)
    },
    async refresh() {
      const result = await getSessionContext()
      if (result.error) {
        set({ error: result.error })
        return result
      }
      apply(result.data)
      return result
    },
    async switchAccount(accountId) {
      const result = await setActiveAccount(accountId)
      if (result.error) return result
      if (result.data && typeof result.data === 'object' && 'accounts' in result.data) {
        apply(result.data)
      } else {
        set({ active_account_id: accountId })
      }
      return result
    },
    clear() {
      bootstrappedFor = null
      lastRequestedUser = null
      inFlight = null
      set({ ...EMPTY })
      removeNavHint()
    },
  }
})

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector)
}

export function useCapability(capability: Capability): boolean {
  return useStore(sessionStore, (state) => state.capabilities[capability] === true)
}

export function useActiveAccount(): SessionAccount | null {
  return useStore(
    sessionStore,
    (state) => state.accounts.find((account) => account.id === state.active_account_id) ?? null,
  )
}

/** For tests: back to the signed-out state without touching storage. */
export function resetSessionStore(): void {
  bootstrappedFor = null
  lastRequestedUser = null
  inFlight = null
  sessionStore.setState({ ...EMPTY })
}
