import type { ComponentType } from 'react'
import type { createBrowserRouter } from 'react-router-dom'
import type { AuthClient } from '../lib/auth-client'
import type { RuntimeConfig, RuntimeConfigResult } from '../lib/runtime-config'
import type { PublicPage } from './public-auth'

/** What the console's start is made of (startup.tsx), apart so app-start.ts can take it without a ring. */
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
  /**
   * The signed-out page this start shows without the router and supabase-js (/login/ or /signup/ in a
   * browser without a session), or null for the whole console.
   */
  publicPage?: () => PublicPage | null
  loadPublicPage?: () => Promise<typeof import('./public-auth')>
}
