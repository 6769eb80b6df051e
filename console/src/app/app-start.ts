import { setRuntime } from '../lib/runtime'
import type { RuntimeConfig } from '../lib/runtime-config'
import { authStore, startAuthSync } from '../session/auth-store'
import { prefetchDashboardFor, preloadStartupChunks } from './startup-preload'
import type { ConsoleRouting, StartupDeps } from './startup-types'

/**
 * The whole console's start, once the environment check passed: the auth client and the session
 * sync, the router, and the startup preload of the editor, dashboard and preview — for a
 * signed-in start: once someone is signed in (at once, or after the auth callback), never in front of a
 * visitor still on the sign-in pages. Loaded only by that start (startup.tsx), so /login/ and /signup/
 * in a browser without a session carry none of it.
 */
export async function startApp(
  config: RuntimeConfig,
  deps: Pick<StartupDeps, 'createAuth' | 'createRouting' | 'afterPaint'>,
): Promise<{ routing: ConsoleRouting; stop: () => void }> {
  const auth = await deps.createAuth(config)
  setRuntime({ config, auth })
  const stopAuthSync = startAuthSync(auth)
  const routing = await deps.createRouting()
  const stopPreload = whenSignedIn(() =>
    deps.afterPaint(() => {
      void preloadStartupChunks()
      void prefetchDashboardFor(window.location.search)
    }),
  )
  return {
    routing,
    stop: () => {
      stopAuthSync()
      stopPreload()
    },
  }
}

/** Runs `task` once, when the auth store first says someone is signed in; returns an unsubscriber. */
export function whenSignedIn(task: () => void): () => void {
  if (authStore.getState().status === 'signed-in') {
    task()
    return () => {}
  }
  const unsubscribe = authStore.subscribe((state) => {
    if (state.status !== 'signed-in') return
    unsubscribe()
    task()
  })
  return unsubscribe
}
