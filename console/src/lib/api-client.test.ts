import { FakeSupabaseAuth, fakeSession, fakeUser } from '@retainkit/fakes/supabase-auth'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { USER_MESSAGES } from '@retainkit/shared/errors'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeBackend, json, sessionContext, TEST_CONFIG } from '../test-support/fake-backend'
import { bootstrapSession, getConfig, listCoupons, saveConfig, sendContactMessage } from './api'
import { apiRequest, buildApiUrl } from './api-client'
import { handleError, setErrorLogger } from './error-handler'
import { resetRuntime, setRuntime } from './runtime'

let backend: FakeBackend

const silent = () => {}

beforeEach(() => {
  setErrorLogger({ error: silent, warn: silent, info: silent })
  backend = new FakeBackend().install()
  setRuntime({
    config: TEST_CONFIG,
    auth: new FakeSupabaseAuth({ session: fakeSession(fakeUser('a@b.co', 'u-1')) }),
  })
})

afterEach(() => {
  setErrorLogger(console)
  resetRuntime()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('apiRequest', () => {
  it('sends the API key, the bearer token, cookies and a JSON body to the API base', async () => {
    const account = {
      account_id: 'acme',
      name: 'Acme',
      slug: 'acme',
      email: 'x@y.z',
      domain: null,
      tier: 'free',
    }
    backend.on('PUT /api/account?action=data', { body: { data: account } })
    const result = await apiRequest('PUT', '/api/account?accountId=acme&action=data', {
      body: { email: 'x@y.z' },
    })
    expect(result).toEqual({ data: account })
    const [request] = backend.requests
    expect(request?.url.href).toBe('http://localhost:8799/api/account?accountId=acme&action=data')
    expect(request?.headers.get('x-api-key')).toBe(TEST_CONFIG.apiKey)
    expect(request?.headers.get('authorization')).toBe('Bearer access-token-for-u-1')
    expect(request?.headers.get('content-type')).toBe('application/json')
    expect(request?.credentials).toBe('include')
    expect(request?.body).toEqual({ email: 'x@y.z' })
  })

  it('sends no bearer token without a session', async () => {
    setRuntime({ config: TEST_CONFIG, auth: new FakeSupabaseAuth() })
    const health = { status: 'ok', database: 'pglite', uptimeSeconds: 5, version: '0.1.0', commit: 'a1b2c3d' }
    backend.on('GET /health', { body: health })
    const result = await apiRequest('GET', '/health')
    expect(result).toEqual({ data: health })
    expect(backend.requests[0]?.headers.get('authorization')).toBeNull()
    expect(backend.requests[0]?.headers.get('content-type')).toBeNull()
  })

  it('adds query values, leaving out null and undefined', () => {
    expect(buildApiUrl('http://h', '/api/analytics', { a: 'x y', b: undefined, c: null, d: 2 })).toBe(
      'http://h/api/analytics?a=x+y&d=2',
    )
  })

  it('aborts after 30 s with TIMEOUT_ERROR', async () => {
    vi.useFakeTimers()
    backend.fetch.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const pending = apiRequest('GET', '/api/session?action=context')
    await vi.advanceTimersByTimeAsync(29_999)
    let settled = false
    void pending.then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const result = await pending
    expect(result.error?.code).toBe('TIMEOUT_ERROR')
    expect(result.error?.userMessage).toBe('The request timed out. Please try again.')
    expect(result.error?.apiCode).toBe('TIMEOUT')
  })

  it('honours a shorter timeout per call', async () => {
    vi.useFakeTimers()
    backend.fetch.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const pending = apiRequest('GET', '/health', { timeoutMs: 500 })
    await vi.advanceTimersByTimeAsync(500)
    expect((await pending).error?.code).toBe('TIMEOUT_ERROR')
  })

  it('reports a non-JSON success as PARSE_ERROR with a snippet of the body', async () => {
    backend.on(
      'GET /api/session?action=context',
      new Response('<html><body>Gateway says hello</body></html>'),
    )
    const result = await apiRequest('GET', '/api/session?action=context')
    expect(result.error?.apiCode).toBe('PARSE_ERROR')
    expect(result.error?.message).toBe('Invalid response format from server: Gateway says hello')
    expect(result.error?.code).toBe('API_ERROR')
  })

  it('reports an HTTP error without an error body as HTTP_ERROR "HTTP {status}"', async () => {
    backend.on('GET /api/session?action=context', new Response('', { status: 500 }))
    const result = await apiRequest('GET', '/api/session?action=context')
    expect(result.error).toMatchObject({
      apiCode: 'HTTP_ERROR',
      message: 'HTTP 500',
      status: 500,
      code: 'API_ERROR',
    })
  })

  it('reports a fetch failure as NETWORK_ERROR', async () => {
    backend.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const result = await apiRequest('GET', '/api/session?action=context')
    expect(result.error).toMatchObject({
      code: 'NETWORK_ERROR',
      apiCode: 'NETWORK_ERROR',
      status: 0,
      userMessage: 'Unable to connect. Please check your internet connection.',
    })
  })

  it.each([
    [401, 'UNAUTHORIZED', 'You need to sign in to access this feature.'],
    [403, 'FORBIDDEN', "You don't have permission to perform this action."],
    [404, 'NOT_FOUND', 'The requested item was not found.'],
    [429, 'RATE_LIMIT_EXCEEDED', 'Too many requests. Please wait a moment and try again.'],
  ] as const)('falls back on the status for %i: %s', async (status, code, message) => {
    backend.on('GET /api/session?action=context', json({ unexpected: true }, status))
    const result = await apiRequest('GET', '/api/session?action=context')
    expect(result.error).toMatchObject({ code, status, userMessage: message, message: `HTTP ${status}` })
  })

  it('uses the status when an error body names an unknown code', async () => {
    backend.on(
      'GET /api/session?action=context',
      json({ error: { code: 'TEAPOT', message: 'short and stout' } }, 403),
    )
    const result = await apiRequest('GET', '/api/session?action=context')
    expect(result.error).toMatchObject({ code: 'FORBIDDEN', message: 'short and stout' })
  })

  it("keeps the server's code, message, field and issues", async () => {
    backend.on(
      'PUT /api/account?action=data',
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid domain format',
            field: 'domain',
            issues: [{ field: 'domain', message: 'Invalid domain format' }],
          },
        },
        400,
      ),
    )
    const result = await apiRequest('PUT', '/api/account?accountId=acme&action=data', {
      body: { domain: 'x' },
    })
    expect(result.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid domain format',
      serverMessage: 'Invalid domain format',
      field: 'domain',
      issues: [{ field: 'domain', message: 'Invalid domain format' }],
      userMessage: USER_MESSAGES.VALIDATION_FAILED,
      status: 400,
    })
  })

  it('answers 204 with null data', async () => {
    backend.on('DELETE /api/account?action=credentials', new Response(null, { status: 204 }))
    expect(await apiRequest('DELETE', '/api/account?accountId=a&action=credentials')).toEqual({ data: null })
  })
})

describe('error logging through the shared error handler', () => {
  it('logs each failed call once, sanitized, with its severity, even when a screen handles it again', async () => {
    const lines: unknown[][] = []
    const sink = (...args: unknown[]) => lines.push(args)
    setErrorLogger({ error: sink, warn: sink, info: sink })
    backend.on(
      'GET /api/account?action=data',
      json(
        { error: { code: 'DATABASE_ERROR', message: 'connect failed postgres://admin:pw@10.0.0.5/db' } },
        500,
      ),
    )
    const result = await apiRequest('GET', '/api/account?accountId=acme&action=data')
    if (!result.error) throw new Error('expected an error')
    handleError(result.error, { where: 'settings' })
    expect(lines).toHaveLength(1)
    const entry = lines[0]?.[1] as { where: string; severity: string; message: string }
    expect(entry.where).toBe('GET /api/account')
    expect(entry.severity).toBe('critical')
    expect(entry.message).not.toContain('postgres://')
    expect(entry.message).not.toContain('10.0.0.5')
  })
})

describe('typed calls (exact API paths)', () => {
  it('use the exact spec paths and payloads', async () => {
    const config = { config_json: createDefaultConfig(), version: 3, updated_at: null, previous_versions: [] }
    const coupon = {
      id: 'c1',
      name: '20% off',
      percent_off: 20,
      duration: 'once',
      duration_in_months: null,
      amount_off: null,
      currency: null,
      valid: true,
      times_redeemed: 0,
      max_redemptions: null,
      redeem_by: null,
      created: 1_700_000_000,
    }
    backend
      .on('POST /api/session?action=bootstrap', { body: { data: sessionContext() } })
      .on('GET /api/account?action=config', { body: { data: config } })
      .on('PUT /api/account?action=config', { body: { data: config } })
      .on('GET /api/stripe/coupons/acme', { body: { data: [coupon], has_more: true } })
      .on('POST /api/contact', { body: { success: true, data: { success: true } } })
    expect((await bootstrapSession()).data).toEqual(sessionContext())
    expect((await getConfig('acme', { version: 3 })).data).toEqual(config)
    await saveConfig('acme', { copy: {} } as never, { baseVersion: 7 })
    expect(await listCoupons('acme', { limit: 10, startingAfter: 'c0' })).toEqual({
      data: { coupons: [coupon], has_more: true },
    })
    const contact = await sendContactMessage({ name: 'N', email: 'n@x.io', message: 'Hello there!' })
    const urls = backend.requests.map(
      (request) => `${request.method} ${request.url.pathname}${request.url.search}`,
    )
    expect(urls).toEqual([
      'POST /api/session?action=bootstrap',
      'GET /api/account?accountId=acme&action=config&version=3',
      'PUT /api/account?accountId=acme&action=config&base_version=7',
      'GET /api/stripe/coupons/acme?limit=10&starting_after=c0',
      'POST /api/contact',
    ])
    expect(backend.requests[2]?.body).toEqual({ config_json: { copy: {} } })
    expect(contact).toEqual({ data: { success: true } })
  })
})
