import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AddedHeader, confirmResponseHeaders, prepareResponseHeaders } from './response-headers'

/**
 * Headers a middleware gives every answer, set before the route answers and confirmed after it, end up
 * as they did when added to the made answer: whatever the route answered (JSON compressed or not, a
 * bodiless 204, a Response it built itself, a header of its own), in process and over a real socket,
 * where @hono/node-server's lightweight Response stands in for the global one.
 */
const ADDED: AddedHeader[] = [
  ['X-Request-Id', 'req-1'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Vary', 'Origin', 'append'],
]

function testApp() {
  const app = new Hono()
  app.use('*', compress())
  app.use('*', async (c, next) => {
    prepareResponseHeaders(c, ADDED)
    await next()
    confirmResponseHeaders(c, ADDED)
  })
  app.get('/big', (c) => c.json({ text: 'x'.repeat(4000) }))
  app.get('/small', (c) => c.json({ ok: true }))
  app.post('/none', (c) => c.body(null, 204, { 'Cache-Control': 'no-store' }))
  app.get('/own', () => new Response('built by the route', { headers: { 'content-type': 'text/plain' } }))
  app.get('/overrides', (c) =>
    c.json({ ok: true }, 200, { 'X-Content-Type-Options': 'other', Vary: 'Accept-Language' }),
  )
  app.get('/error', () => {
    throw new Error('boom')
  })
  app.onError((_error, c) => c.json({ error: 'x'.repeat(2000) }, 500))
  return app
}

const CASES = [
  ['GET', '/big'],
  ['GET', '/small'],
  ['POST', '/none'],
  ['GET', '/own'],
  ['GET', '/overrides'],
  ['GET', '/error'],
] as const

function expectAdded(headers: (name: string) => string | null, path: string) {
  expect(headers('x-request-id'), path).toBe('req-1')
  expect(headers('x-content-type-options'), path).toBe('nosniff')
  const vary = headers('vary') ?? ''
  expect(
    vary.split(',').map((part) => part.trim()),
    path,
  ).toContain('Origin')
  if (path === '/overrides') expect(vary, path).toMatch(/^Accept-Language, Origin/)
}

describe('headers prepared before the route and confirmed after it', () => {
  it('are on every answer in process', async () => {
    const app = testApp()
    for (const [method, path] of CASES) {
      const res = await app.request(path, { method, headers: { 'accept-encoding': 'gzip' } })
      expectAdded((name) => res.headers.get(name), path)
    }
  })

  describe('over a real socket', () => {
    const server = createServer(getRequestListener(testApp().fetch))
    let port = 0
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      port = (server.address() as AddressInfo).port
    })
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve))
    })

    it('are on every answer, compressed ones included', async () => {
      for (const [method, path] of CASES) {
        const headers = await new Promise<Record<string, string | string[] | undefined>>(
          (resolve, reject) => {
            const req = request(
              { host: '127.0.0.1', port, path, method, headers: { 'accept-encoding': 'gzip' } },
              (res) => {
                res.resume()
                res.on('end', () => resolve(res.headers))
              },
            )
            req.on('error', reject)
            req.end()
          },
        )
        expectAdded((name) => {
          const value = headers[name]
          return value === undefined ? null : String(value)
        }, path)
        if (path === '/big') expect(headers['content-encoding']).toBe('gzip')
      }
    })
  })
})
