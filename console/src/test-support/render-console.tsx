import { type FakeAuthScript, FakeSupabaseAuth } from '@retainkit/fakes/supabase-auth'
import type { Session } from '@supabase/supabase-js'
import { cleanup, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, vi } from 'vitest'
import { consoleRoutes } from '../app/routes'
import { setErrorLogger } from '../lib/error-handler'
import { resetRuntime, setRuntime } from '../lib/runtime'
import type { RuntimeConfig } from '../lib/runtime-config'
import { resetToasts } from '../lib/toast-store'
import { resetAuthStore, startAuthSync } from '../session/auth-store'
import { billingStore } from '../session/billing-store'
import { resetSessionStore } from '../session/session-store'
import { FakeBackend, sessionContext, TEST_CONFIG } from './fake-backend'

let stopAuthSync: (() => void) | null = null

/** Quiet, inspectable logging for tests: what the error handler would have printed. */
export const loggedErrors: unknown[][] = []

/** Sets the console's runtime (config + fake auth) and starts the auth sync, as startup does. */
export function startTestRuntime(
  options: {
    auth?: FakeSupabaseAuth
    session?: Session | null
    script?: FakeAuthScript
    config?: Partial<RuntimeConfig>
    /** false: no auth sync (no bootstrap), for tests that set the session store themselves. */
    sync?: boolean
  } = {},
): { auth: FakeSupabaseAuth; config: RuntimeConfig } {
  const auth =
    options.auth ?? new FakeSupabaseAuth({ session: options.session ?? null, script: options.script ?? {} })
  const config = { ...TEST_CONFIG, ...options.config }
  setRuntime({ config, auth })
  stopAuthSync?.()
  stopAuthSync = options.sync === false ? null : startAuthSync(auth)
  return { auth, config }
}

export interface RenderConsoleOptions {
  auth?: FakeSupabaseAuth
  session?: Session | null
  script?: FakeAuthScript
  config?: Partial<RuntimeConfig>
  backend?: FakeBackend
}

/**
 * Renders the real route table at `path` in a memory router, with the fake auth client and a fake
 * backend installed as fetch. Bootstrap answers a default owner context (with a bearer token) unless
 * the test registered its own.
 */
export function renderConsole(path: string, options: RenderConsoleOptions = {}) {
  const backend = (options.backend ?? new FakeBackend()).install()
  if (!backend.has('POST /api/session?action=bootstrap')) {
    backend.on('POST /api/session?action=bootstrap', (request) =>
      request.headers.get('authorization') ? { body: { data: sessionContext() } } : { status: 401, body: {} },
    )
  }
  const { auth, config } = startTestRuntime(options)
  const router = createMemoryRouter(consoleRoutes, { initialEntries: [path] })
  const view = render(<RouterProvider router={router} />)
  return { ...view, auth, backend, router, config }
}

function resetConsoleState(): void {
  cleanup()
  stopAuthSync?.()
  stopAuthSync = null
  resetRuntime()
  resetSessionStore()
  billingStore.getState().clear()
  resetAuthStore()
  resetToasts()
  localStorage.clear()
  loggedErrors.length = 0
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
}

/** Call once per test file: cleans the DOM, stores, storage, stubs and timers after every test. */
export function registerConsoleCleanup(): void {
  setErrorLogger({
    error: (...args: unknown[]) => loggedErrors.push(args),
    warn: (...args: unknown[]) => loggedErrors.push(args),
    info: (...args: unknown[]) => loggedErrors.push(args),
  })
  // No test reaches a real network: anything not answered by a FakeBackend fails like an offline fetch.
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch (no network in tests: install a FakeBackend)')
      }),
    )
  })
  afterEach(resetConsoleState)
}
