import { type ComponentType, useEffect, useState } from 'react'
import type { createBrowserRouter } from 'react-router-dom'
import { ConfigErrorScreen } from '../components/config-error-screen'
import { Spinner } from '../components/spinner'
import type { AuthClient } from '../lib/auth-client'
import { setRuntime } from '../lib/runtime'
import {
  loadRuntimeConfig,
  type RuntimeConfig,
  type RuntimeConfigResult,
  siteAddressFor,
} from '../lib/runtime-config'
import { startAuthSync } from '../session/auth-store'
import { afterFirstPaint, prefetchDashboardFor, preloadStartupChunks } from './startup-preload'

type ConsoleRouter = ReturnType<typeof createBrowserRouter>

/** The router and the provider that renders it (react-router's RouterProvider). */
export interface ConsoleRouting {
  router: ConsoleRouter
  Provider: ComponentType<{ router: ConsoleRouter }>
}

export interface StartupDeps {
  loadConfig: () => Promise<RuntimeConfigResult>
  createAuth: (config: RuntimeConfig) => AuthClient | Promise<AuthClient>
  createRouting: () => ConsoleRouting | Promise<ConsoleRouting>
  /** Runs after the app's first paint: chunk preloads and the dashboard prefetch. */
  afterPaint: (task: () => void) => void
}

/**
 * Neither supabase-js's auth client (about 25 KB gzip) nor the router with the route table and the
 * sign-in pages (about 30 KB) is needed to paint: their chunks are fetched alongside the runtime
 * config, which the first route waits for anyway, instead of in front of the first paint.
 */
let authModule: Promise<typeof import('../lib/auth-client')> | null = null
const loadAuthModule = () => {
  authModule ??= import('../lib/auth-client')
  return authModule
}
let routerModule: Promise<typeof import('./create-router')> | null = null
const loadRouterModule = () => {
  routerModule ??= import('./create-router')
  return routerModule
}

export const defaultStartupDeps: StartupDeps = {
  loadConfig: async () => {
    void loadAuthModule()
    void loadRouterModule()
    const result = await loadRuntimeConfig()
    const moved = result.ok ? siteAddressFor(result.config, window.location) : null
    if (!moved) return result
    // Opened at another origin than PUBLIC_URL: the spinner stays while the browser moves over.
    window.location.replace(moved)
    return new Promise<RuntimeConfigResult>(() => {})
  },
  createAuth: async (config) => (await loadAuthModule()).createAuthClient(config),
  createRouting: async () => {
    const { createConsoleRouter, RouterProvider } = await loadRouterModule()
    return { router: createConsoleRouter(), Provider: RouterProvider }
  },
  afterPaint: afterFirstPaint,
}

type StartupState =
  | { kind: 'loading' }
  | { kind: 'config-error'; result: Extract<RuntimeConfigResult, { ok: false }> }
  | { kind: 'ready'; routing: ConsoleRouting }

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
      const routing = await deps.createRouting()
      if (!active) return
      setState({ kind: 'ready', routing })
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
  const { Provider, router } = state.routing
  return <Provider router={router} />
}
