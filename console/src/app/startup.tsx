import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { ConfigErrorScreen } from '../components/config-error-screen'
import { Spinner } from '../components/spinner'
import { type AuthClient, createAuthClient } from '../lib/auth-client'
import { setRuntime } from '../lib/runtime'
import { loadRuntimeConfig, type RuntimeConfig, type RuntimeConfigResult } from '../lib/runtime-config'
import { startAuthSync } from '../session/auth-store'
import { createConsoleRouter } from './create-router'
import { afterFirstPaint, prefetchDashboardFor, preloadStartupChunks } from './startup-preload'

export interface StartupDeps {
  loadConfig: () => Promise<RuntimeConfigResult>
  createAuth: (config: RuntimeConfig) => AuthClient
  createRouter: () => ReturnType<typeof createConsoleRouter>
  /** Runs after the app's first paint: chunk preloads and the dashboard prefetch. */
  afterPaint: (task: () => void) => void
}

export const defaultStartupDeps: StartupDeps = {
  loadConfig: () => loadRuntimeConfig(),
  createAuth: createAuthClient,
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
    void deps.loadConfig().then((result) => {
      if (!active) return
      if (!result.ok) {
        setState({ kind: 'config-error', result })
        return
      }
      const auth = deps.createAuth(result.config)
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
