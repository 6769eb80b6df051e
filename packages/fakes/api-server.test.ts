import { describe, expect, it } from 'vitest'
import { createFakeApiServer, failure } from './api-server'

const HEALTHY = { status: 'ok', database: 'pglite', uptimeSeconds: 3, version: '0.1.0', commit: 'a1b2c3d' }

describe('fake API server', () => {
  it('records each request and answers through the test routing', async () => {
    const server = createFakeApiServer((request) =>
      request.path === '/health' ? { body: HEALTHY } : undefined,
    )
    const res = await server.fetch('https://api.test/health?probe=1', {
      method: 'get',
      headers: { 'X-Api-Key': 'k' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(HEALTHY)
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/health', query: { probe: '1' } })
    expect(server.requests[0]?.headers.get('x-api-key')).toBe('k')
  })

  it('answers an unrouted request 404 in the server error shape', async () => {
    const res = await createFakeApiServer(() => undefined).fetch('https://api.test/api/nowhere', {
      method: 'POST',
      body: JSON.stringify({ a: 1 }),
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No fake route for POST /api/nowhere' },
    })
  })

  it('refuses a canned success the real server could not send, and a call it does not serve', async () => {
    const drifted = createFakeApiServer(() => ({ body: { ...HEALTHY, extra: true } }))
    await expect(drifted.fetch('https://api.test/health')).rejects.toThrow(/breaks the shared contract/)
    const unknown = createFakeApiServer(() => ({ body: {} }))
    await expect(unknown.fetch('https://api.test/api/made-up')).rejects.toThrow(/does not serve/)
    // Errors are not success answers: they pass through whatever their shape.
    const refused = createFakeApiServer(() => failure(409, 'CONFLICT', 'Stale version'))
    expect((await refused.fetch('https://api.test/health')).status).toBe(409)
  })
})
