import { ROUTES } from '@retainkit/shared/routes'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Spinner } from '../components/spinner'
import { hasStoredSession } from '../lib/auth-storage'
import { setPublicRuntime } from '../lib/runtime'
import { loadRuntimeConfig, type RuntimeConfigResult, siteAddressFor } from '../lib/runtime-config'
import { afterFirstPaint } from './after-first-paint'
import type { PublicPage } from './public-auth'
import type { ConsoleRouting, StartupDeps } from './startup-types'

export type { ConsoleRouting, StartupDeps } from './startup-types'

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

const PUBLIC_PAGES: Readonly<Record<string, PublicPage>> = {
  [ROUTES.login.replace(/\/$/, '')]: 'login',
  [ROUTES.signup.replace(/\/$/, '')]: 'signup',
}

/** /login/ or /signup/ in a browser that holds no session: the light, signed-out start. */
export function publicPageFor(pathname: string, storage: Storage | null): PublicPage | null {
  const page = PUBLIC_PAGES[pathname.replace(/\/+$/, '')] ?? null
  return page && !hasStoredSession(storage) ? page : null
}

const browserStorage = (): Storage | null => {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export const defaultStartupDeps: StartupDeps = {
  publicPage: () => publicPageFor(window.location.pathname, browserStorage()),
  loadPublicPage: () => import('./public-auth'),
  loadConfig: async () => {
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

/** The whole console's start: the auth client and the router fetched beside the runtime config. */
function warmUpApp(): void {
  void loadAppStart()
  void loadAuthModule()
  void loadRouterModule()
}

/** The whole console's start (app-start.ts: session sync and the signed-in preload), not on /login/. */
let appStartModule: Promise<typeof import('./app-start')> | null = null
const loadAppStart = () => {
  appStartModule ??= import('./app-start')
  return appStartModule
}

/** Shown only when the environment check fails, so not part of every start's code. */
const ConfigErrorScreen = lazy(() =>
  import('../components/config-error-screen').then((module) => ({ default: module.ConfigErrorScreen })),
)

type StartupState =
  | { kind: 'loading' }
  | { kind: 'config-error'; result: Extract<RuntimeConfigResult, { ok: false }> }
  | { kind: 'ready'; routing: ConsoleRouting }
  | { kind: 'public'; page: PublicPage; module: typeof import('./public-auth') }

/**
 * The environment check must pass, or the console stops on a configuration
 * error. Then the auth client and session sync start, the router renders, and after the first paint the
 * editor, dashboard and preview chunks preload.
 */
export function ConsoleApp({ deps = defaultStartupDeps }: { deps?: StartupDeps }) {
  const [state, setState] = useState<StartupState>({ kind: 'loading' })

  useEffect(() => {
    let active = true
    let stop: (() => void) | null = null
    const publicPage = deps.publicPage?.() ?? null
    // The code the start needs is fetched alongside the runtime config, which the first route waits for.
    const publicModule = publicPage ? deps.loadPublicPage?.() : undefined
    if (!publicPage) warmUpApp()
    void deps.loadConfig().then(async (result) => {
      if (!active) return
      if (!result.ok) {
        setState({ kind: 'config-error', result })
        return
      }
      if (publicPage && publicModule) {
        const module = await publicModule
        setPublicRuntime(result.config, async () => deps.createAuth(result.config))
        if (active) setState({ kind: 'public', page: publicPage, module })
        return
      }
      const started = await (await loadAppStart()).startApp(result.config, deps)
      if (!active) {
        started.stop()
        return
      }
      stop = started.stop
      setState({ kind: 'ready', routing: started.routing })
    })
    return () => {
      active = false
      stop?.()
    }
  }, [deps])

  if (state.kind === 'config-error')
    return (
      <Suspense fallback={<Spinner label="Loading..." block />}>
        <ConfigErrorScreen problems={state.result.problems} />
      </Suspense>
    )
  if (state.kind === 'loading') return <Spinner label="Loading..." block />
  if (state.kind === 'public') {
    const { PublicAuthPage } = state.module
    return <PublicAuthPage page={state.page} location={window.location} />
  }
  const { Provider, router } = state.routing
  return <Provider router={router} />
}
