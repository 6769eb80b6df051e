import {
  type CannedAnswer,
  createFakeApiServer,
  failure,
  type RecordedRequest,
} from '@retainkit/fakes/api-server'
import type { ReasonsData } from '@retainkit/shared/api'
import { capabilitiesFor, type Role } from '@retainkit/shared/roles'
import type { Session } from '@supabase/supabase-js'
import { vi } from 'vitest'
import type { AuthClient } from '../../lib/auth-client'
import { resetRuntime, setRuntime } from '../../lib/runtime'
import type { RuntimeConfig } from '../../lib/runtime-config'
import { resetSessionStore, sessionStore } from '../../session/session-store'

/**
 * Tests of the editor, dashboard and preview run the console's REAL backend client against the shared
 * fake API server, routed by method, path and query: it records every request, so a test can assert the
 * exact path, query (base_version, startDate, …) and body a page sent.
 */

export const TEST_API_BASE = 'https://api.test'
export const TEST_ACCESS_TOKEN = 'test-access-token'

export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  backendUrl: 'https://auth.test',
  apiBaseUrl: TEST_API_BASE,
  anonKey: 'anon-key-for-tests-0123456789',
  apiKey: 'api-key-for-tests-0123456789',
  stripeRedirectUrl: 'https://console.test/stripe/callback',
  embeddedAuth: true,
  devOutbox: false,
  stripeConnect: false,
  stripeClientId: null,
  billingPortalUrl: null,
  siteUrl: null,
}

export type { RecordedRequest }
export type FakeResponse = CannedAnswer

type Responder = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>)

interface Route {
  method: string
  path: string
  query: Record<string, string>
  respond: Responder
}

/** Only the part of the auth client the backend client reads: a signed-in session's access token. */
function signedInAuth(): AuthClient {
  const session = { access_token: TEST_ACCESS_TOKEN, user: { id: 'user-1' } } as unknown as Session
  const unsupported = () => Promise.reject(new Error('not used by these tests'))
  return {
    initialize: () => Promise.resolve({ error: null }),
    getSession: () => Promise.resolve({ data: { session }, error: null }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
    signInWithOtp: unsupported,
    signInWithOAuth: unsupported,
    signOut: () => Promise.resolve({ error: null }),
  }
}

export interface FakeBackend {
  /** Answers `method path` whose query contains all of `query`; later routes win over earlier ones. */
  on(method: string, path: string, query: Record<string, string>, respond: Responder): FakeBackend
  requests: RecordedRequest[]
  /** Requests to `path` (and `method`, when given). */
  calls(path: string, method?: string): RecordedRequest[]
  restore(): void
}

export const ok = (data: unknown, status = 200): FakeResponse => ({ status, body: { data } })
export const fail = failure

export function installFakeBackend(): FakeBackend {
  const routes: Route[] = []
  setRuntime({ config: TEST_RUNTIME_CONFIG, auth: signedInAuth() })

  const routeFor = (request: RecordedRequest) =>
    [...routes]
      .reverse()
      .find(
        (candidate) =>
          candidate.method === request.method &&
          candidate.path === request.path &&
          Object.entries(candidate.query).every(([key, value]) => request.query[key] === value),
      )
  const respondWith = async (route: Route, request: RecordedRequest) =>
    typeof route.respond === 'function' ? await route.respond(request) : route.respond

  /**
   * Answers a request from its route. Like the server, the whole-dashboard call answers each data set
   * it names with what that data set's own call answers (the `/api/analytics` routes of the test).
   */
  async function answerFor(request: RecordedRequest): Promise<FakeResponse | undefined> {
    const route = routeFor(request)
    if (route) return respondWith(route, request)
    if (request.method !== 'GET' || request.path !== '/api/analytics/dashboard') return undefined
    const { datasets = '', ...range } = request.query
    const entries = await Promise.all(
      datasets.split(',').map(async (endpoint) => {
        const single = { ...request, path: '/api/analytics', query: { ...range, endpoint } }
        const singleRoute = routeFor(single)
        const answer = singleRoute
          ? await respondWith(singleRoute, single)
          : fail(404, 'NOT_FOUND', 'No fake route for GET /api/analytics')
        const status = answer.status ?? 200
        const body = (answer.body ?? {}) as Record<string, unknown>
        return [endpoint, status < 300 ? body : { ...body, status }] as const
      }),
    )
    return ok(Object.fromEntries(entries))
  }

  const server = createFakeApiServer(answerFor)
  const requests = server.requests
  const fetchMock = vi.fn(server.fetch)
  vi.stubGlobal('fetch', fetchMock)

  const backend: FakeBackend = {
    on(method, path, query, respond) {
      routes.push({ method, path, query, respond })
      return backend
    },
    requests,
    calls: (path, method) =>
      requests.filter((r) => r.path === path && (method === undefined || r.method === method)),
    restore() {
      vi.unstubAllGlobals()
      resetRuntime()
    },
  }
  return backend
}

export interface TestSessionOptions {
  accountId?: string
  role?: Role
}

/** A ready session (what the shell guarantees before a private page renders). */
export function signInTestSession({ accountId = 'acme', role = 'owner' }: TestSessionOptions = {}): void {
  resetSessionStore()
  sessionStore.setState({
    active_account_id: accountId,
    accounts: [{ id: accountId, name: 'Acme Coffee', slug: accountId, email: 'owner@acme.test' }],
    membership: { role },
    capabilities: capabilitiesFor(role),
    user: { id: 'user-1', email: 'owner@acme.test' },
    status: 'ready',
    error: null,
  })
}

/** The JSON body of a recorded request; fails the test when the request was never made. */
export function bodyOf<T>(request: RecordedRequest | undefined): T {
  if (!request) throw new Error('Expected a request that was not made')
  return request.body as T
}

/** A reasons answer as the server gives it: the kept-version fields default to "nothing saved yet". */
export function reasonsData(fields: Pick<ReasonsData, 'reasons'> & Partial<ReasonsData>): ReasonsData {
  return { version: 0, updated_at: null, previous_versions: [], warnings: [], ...fields }
}
