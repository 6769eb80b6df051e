import { Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'

// Placeholder until built (see ARCHITECTURE.md); mounted by app.ts.
export function openapiRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>()
}
