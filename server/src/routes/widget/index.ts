import { Hono } from 'hono'
import type { AppDeps } from '../../deps'
import type { AppEnv } from '../../http/app-env'

// Placeholder until built (see ARCHITECTURE.md); mounted by app.ts.
export function widgetRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>()
}
