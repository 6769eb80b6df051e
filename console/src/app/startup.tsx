import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { ConfigErrorScreen } from '../components/config-error-screen'
import { Spinner } from '../components/spinner'
import type { AuthClient } from '../lib/auth-client'
import { setRuntime } from '../lib/runtime'
import { loadRuntimeConfig, type RuntimeConfig, type RuntimeConfigResult } from '../lib/runtime-config'
import { startAuthSync } from '../session/auth-store'
import { createConsoleRouter } from './create-router'
import { afterFirstPaint, prefetchDashboardFor, preloadStartupChunks } from './startup-preload'

export interface StartupDeps {
  loadConfig: () => Promise<RuntimeConfigResult>
  createAuth: (config: RuntimeConfig) => AuthClient | Promise<AuthClient>
  createRouter: () => ReturnType<typeof createConsoleRouter>
  /** Runs after the app's first paint: chunk preloads and the dashboard prefetch. */
  afterPaint: (task: () => void) => void
}

/**
 * supabase-js's auth client (about 25 KB gzip) is not needed to paint: its chunk is fetched alongside
 * the runtime config instead of in front of the first paint.
 */
let authModule: Promise<typeof import('../lib/auth-client')> | null = null
const loadAuthModule = () => {
  authModule ??= import('../lib/auth-client')
  return authModule
}

export const defaultStartupDeps: StartupDeps = {
  loadConfig: () => {
    void loadAuthModule()
    return loadRuntimeConfig()
  },
  createAuth: async (config) => (await loadAuthModule()).createAuthClient(config),
  createRouter: createConsoleRouter,
  afterPaint: afterFirstPaint,
}

type StartupState =
  | { kind: 'loading' }
  | { kind: 'config-error'; result: Extract<RuntimeConfigResult, { ok: false }> }
  | { kind: 'ready'; router: ReturnType<typeof createConsoleRouter> }

/**
 * The environment check must pass, or the console stops on a configuration
 * error. Then the auth client and session sync start, the router renders, and after the first paint the
 * editor, dashboard and preview chunks preload.
 */
export function ConsoleApp({ deps = defaultStartupDeps }: { deps?: StartupDeps }) {
  const [state, setState] = useState<StartupState>({ kind: 'loading' })

  useEffect(() => {
    let active = true
    let stopAuthSync: (() => void) | null = null
    void deps.loadConfig().then(async (result) => {
      if (!active) return
      if (!result.ok) {
        setState({ kind: 'config-error', result })
        return
      }
      const auth = await deps.createAuth(result.config)
      if (!active) return
      setRuntime({ config: result.config, auth })
      stopAuthSync = startAuthSync(auth)
      setState({ kind: 'ready', router: deps.createRouter() })
      deps.afterPaint(() => {
        void preloadStartupChunks()
        void prefetchDashboardFor(window.location.search)
      })
    })
    return () => {
      active = false
      stopAuthSync?.()
    }
  }, [deps])

  if (state.kind === 'config-error') return <ConfigErrorScreen problems={state.result.problems} />
  if (state.kind === 'loading') return <Spinner label="Loading..." block />
  return <RouterProvider router={state.router} />
}
