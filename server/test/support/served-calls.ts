import { ADMIN_COMMANDS } from '../../src/admin/operations'
import { GRANT_TYPES } from '../../src/auth/routes/token'
import { ACCOUNT_HANDLERS } from '../../src/routes/account'
import { SESSION_ACTIONS } from '../../src/routes/session'

/**
 * Every call the app answers, as `METHOD path-key` in the OpenAPI document's spelling
 * (`GET /api/account#action=config`, `/api/widget/sessions/{id}/events`): read from the routes the
 * app registered, with the calls dispatched by a query parameter (account and session actions, token
 * grants, admin commands) spelled out. The built front ends (static files) are not API calls.
 */
/** The platform's own calls outside /api: health, probes, metrics, the console's settings. */
const PLATFORM_PATHS = new Set(['/health', '/livez', '/readyz', '/metrics', '/runtime-config.json'])

export function servedCalls(app: { routes: readonly { method: string; path: string }[] }): string[] {
  const calls = new Set<string>()
  for (const route of app.routes) {
    const path = route.path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, '{$1}')
    const api = PLATFORM_PATHS.has(path) || /^\/(?:api|auth\/v1)\//.test(path)
    if (!api || path.includes('*')) continue
    if (path === '/api/account') {
      for (const [action, handlers] of Object.entries(ACCOUNT_HANDLERS)) {
        for (const method of Object.keys(handlers)) calls.add(`${method} /api/account#action=${action}`)
      }
      continue
    }
    if (path === '/api/session') {
      for (const [action, method] of Object.entries(SESSION_ACTIONS))
        calls.add(`${method} /api/session#action=${action}`)
      continue
    }
    if (path === '/api/accounts') {
      calls.add('POST /api/accounts')
      continue
    }
    if (path === '/api/admin/{command}') {
      for (const command of ADMIN_COMMANDS) calls.add(`POST /api/admin/${command}`)
      continue
    }
    if (path === '/auth/v1/token') {
      for (const grant of GRANT_TYPES) calls.add(`POST /auth/v1/token#grant_type=${grant}`)
      continue
    }
    if (route.method === 'ALL') continue
    calls.add(`${route.method} ${path}`)
  }
  return [...calls].sort()
}
