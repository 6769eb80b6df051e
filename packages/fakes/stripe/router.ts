import { listFields } from './pagination'
import { type Fields, type Params, p } from './params'
import type { AccountState, FakeAccount, PermissionResource } from './state'

/** What a route handler sees. `emit` buffers events: they are stored only if the handler succeeds. */
export interface RouteContext {
  account: FakeAccount
  state: AccountState
  params: Params
  path: Record<string, string>
  now: number
  requestId: string
  idempotencyKey: string | null
  /** Where this request reached the fake (`http://127.0.0.1:12111`): hosted pages are served there too. */
  origin: string
  emit(type: string, object: Record<string, unknown>, previous?: Record<string, unknown>): void
}

export type HttpMethod = 'GET' | 'POST' | 'DELETE'

export interface Route {
  method: HttpMethod
  /** `/v1/customers/:id` style; `:name` segments become `ctx.path.name`. */
  path: string
  /** Restricted keys need `read` for GET and `write` otherwise on this group. */
  resource: PermissionResource
  params: Fields
  /** Adds `limit`, `starting_after`, `ending_before` to the allow-list. */
  list?: boolean
  handle(ctx: RouteContext): Record<string, unknown>
}

const expandField: Fields = { expand: p.array(p.string()) }

/** Completes each route's allow-list with the params every Stripe endpoint shares. */
export function allowedParams(route: Route): Fields {
  return { ...route.params, ...expandField, ...(route.list ? listFields : {}) }
}

export interface RouteMatch {
  route: Route
  path: Record<string, string>
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string
    const actual = got[i] as string
    if (segment.startsWith(':')) {
      if (actual === '') return null
      params[segment.slice(1)] = decodeURIComponent(actual)
    } else if (segment !== actual) {
      return null
    }
  }
  return params
}

export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch | null {
  // Literal segments win over `:id` ones (`/v1/subscriptions/search` before `/v1/subscriptions/:id`).
  const specificity = (route: Route): number => route.path.split(':').length
  const candidates = routes.filter((route) => route.method === method)
  for (const route of [...candidates].sort((a, b) => specificity(a) - specificity(b))) {
    const params = matchPath(route.path, path)
    if (params) return { route, path: params }
  }
  return null
}
