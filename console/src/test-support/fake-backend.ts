import type { SessionAccount, SessionContext } from '@retainkit/shared/api'
import { capabilitiesFor, type Role } from '@retainkit/shared/roles'
import { vi } from 'vitest'
import type { RuntimeConfig } from '../lib/runtime-config'
import { assertContractAnswer } from './contract-answer'

/**
 * A stand-in for the server at the fetch boundary: handlers keyed by `METHOD path` (path without the
 * query, plus `?action=` when present, e.g. `POST /api/session?action=bootstrap`), every request
 * recorded with its headers and JSON body. Unhandled requests answer 404 with the server's error shape.
 */

export interface RecordedRequest {
  method: string
  url: URL
  headers: Headers
  body: unknown
  credentials: RequestCredentials | undefined
}

export type HandlerResult = Response | { status?: number; body?: unknown }
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
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

export function routeKey(method: string, url: URL): string {
  const action = url.searchParams.get('action')
  return `${method.toUpperCase()} ${url.pathname}${action ? `?action=${action}` : ''}`
}

export class FakeBackend {
  readonly requests: RecordedRequest[] = []
  private readonly handlers = new Map<string, Handler>()

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

  readonly fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const method = (init.method ?? 'GET').toUpperCase()
    const text = typeof init.body === 'string' ? init.body : undefined
    const request: RecordedRequest = {
      method,
      url,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
      credentials: init.credentials,
    }
    this.requests.push(request)
    const handler = this.handlers.get(routeKey(method, url))
    if (!handler)
      return json({ error: { code: 'NOT_FOUND', message: `No fake for ${routeKey(method, url)}` } }, 404)
    const result = await handler(request)
    if (result instanceof Response) return result
    assertContractAnswer(method, url, result.status ?? 200, result.body ?? null)
    return json(result.body ?? null, result.status ?? 200)
  })

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
