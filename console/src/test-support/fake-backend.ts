import {
  type CannedAnswer,
  createFakeApiServer,
  jsonResponse,
  type RecordedRequest,
} from '@retainkit/fakes/api-server'
import type { SessionAccount, SessionContext } from '@retainkit/shared/api'
import { capabilitiesFor, type Role } from '@retainkit/shared/roles'
import { vi } from 'vitest'
import type { RuntimeConfig } from '../lib/runtime-config'

/**
 * The console's session and auth tests stand the server in at the fetch boundary: handlers keyed by
 * `METHOD path` (path without the query, plus `?action=` when present, e.g.
 * `POST /api/session?action=bootstrap`) over the shared fake API server, which records every request
 * and checks every answer against the response contract.
 */

export type { RecordedRequest }
export type HandlerResult = Response | CannedAnswer
export type Handler = (request: RecordedRequest) => HandlerResult | Promise<HandlerResult>

export const TEST_CONFIG: RuntimeConfig = {
  backendUrl: 'http://localhost:8799',
  apiBaseUrl: 'http://localhost:8799',
  anonKey: 'anon-key-0123456789abcdef',
  apiKey: 'api-key-0123456789abcdef',
  stripeRedirectUrl: 'http://localhost:8799/stripe/callback',
  embeddedAuth: true,
  devOutbox: false,
  stripeConnect: false,
  stripeClientId: null,
  billingPortalUrl: null,
  siteUrl: null,
}

export const json = jsonResponse

export function routeKey(method: string, url: URL): string {
  const action = url.searchParams.get('action')
  return `${method.toUpperCase()} ${url.pathname}${action ? `?action=${action}` : ''}`
}

export class FakeBackend {
  private readonly handlers = new Map<string, Handler>()
  private readonly server = createFakeApiServer((request) =>
    this.handlers.get(routeKey(request.method, request.url))?.(request),
  )
  readonly requests: RecordedRequest[] = this.server.requests
  readonly fetch = vi.fn(this.server.fetch)

  on(key: string, handler: Handler | HandlerResult): this {
    this.handlers.set(key, typeof handler === 'function' ? handler : () => handler)
    return this
  }

  has(key: string): boolean {
    return this.handlers.has(key)
  }

  requestsTo(key: string): RecordedRequest[] {
    return this.requests.filter((request) => routeKey(request.method, request.url) === key)
  }

  /** Installs itself as the global fetch (restored by vi.unstubAllGlobals). */
  install(): this {
    vi.stubGlobal('fetch', this.fetch)
    return this
  }
}

export function sessionAccount(id: string, name = `${id} workspace`): SessionAccount {
  return { id, name, slug: id, email: `${id}@example.com` }
}

export function sessionContext(
  options: { accounts?: SessionAccount[]; active?: string; role?: Role; email?: string } = {},
): SessionContext {
  const accounts = options.accounts ?? [sessionAccount('acme')]
  const role = options.role ?? 'owner'
  return {
    active_account_id: options.active ?? accounts[0]?.id ?? null,
    accounts,
    membership: { role },
    capabilities: capabilitiesFor(role),
    user: { id: 'user-1', email: options.email ?? 'jane@example.com' },
  }
}

/** `/auth/v1/settings` as the embedded auth server answers it, with these providers switched on. */
export function authSettings(external: Record<string, boolean>) {
  return {
    external,
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }
}
