import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeBodyLimit, requestHeader, requestText } from './node-request'

/**
 * The helpers over a real socket (node:http through @hono/node-server, as the server runs) give what
 * Hono's own reads give, and without building the WHATWG Request; in process they are Hono's reads.
 */

/** Which of the lightweight request's lazily built parts exist (symbols private to @hono/node-server). */
function built(c: Context): string[] {
  return Object.getOwnPropertySymbols(c.req.raw)
    .map((symbol) => symbol.description ?? '')
    .filter((name) => name === 'requestCache' || name === 'headersKey')
}

function testApp() {
  const app = new Hono()
  app.use(
    '/limited/*',
    nodeBodyLimit({
      maxSize: 64,
      onError: (c) => c.json({ refused: 'too large' }, 413),
    }),
  )
  const answer = async (c: Context) => {
    const text = await requestText(c)
    const parts = built(c)
    return c.json({
      a: requestHeader(c, 'x-a') ?? null,
      authorization: requestHeader(c, 'authorization') ?? null,
      missing: requestHeader(c, 'x-missing') ?? null,
      text,
      built: parts,
      // Hono's reads afterwards: the same text from its cache, the same headers.
      honoText: await c.req.text(),
      honoJson: text.startsWith('{') ? await c.req.json() : null,
      honoA: c.req.header('x-a') ?? null,
    })
  }
  app.post('/plain', answer)
  app.post('/limited/plain', answer)
  app.get('/limited/get', (c) => c.json({ built: built(c) }))
  // A middleware that rewrote the body first (as the widget versioning does): its text wins.
  app.post('/rewritten', async (c, next) => {
    ;(c.req.bodyCache as Record<string, unknown>).text = Promise.resolve('{"rewritten":true}')
    await next()
  })
  app.post('/rewritten', answer)
  // A middleware that read the stream through Hono first.
  app.post('/read-first', async (c, next) => {
    await c.req.text()
    await next()
  })
  app.post('/read-first', answer)
  return app
}

let origin: string
let server: ReturnType<typeof createServer>
beforeAll(async () => {
  server = createServer(getRequestListener(testApp().fetch))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

interface Sent {
  status: number
  body: Record<string, unknown>
}

/** A request with raw header lines (repeats kept), the body sent with a length or chunked. */
function send(path: string, headers: [string, string][], body: string | Buffer | null, chunked = false) {
  return new Promise<Sent>((resolve, reject) => {
    // Raw header lines: Node then adds no Host of its own, and HTTP/1.1 requires one.
    const flat = ['host', '127.0.0.1', ...headers.flat()]
    if (body !== null && !chunked) flat.push('content-length', String(Buffer.byteLength(body)))
    const req = request(
      `${origin}${path}`,
      { method: body === null ? 'GET' : 'POST', headers: flat, agent: false },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) })
          } catch {
            reject(new Error(`${res.statusCode}: ${text}`))
          }
        })
      },
    )
    req.on('error', reject)
    if (body !== null && chunked)
      for (let at = 0; at < body.length; at += 8) req.write(body.slice(at, at + 8))
    req.end(chunked ? undefined : (body ?? undefined))
  })
}

describe('over node:http', () => {
  it('reads headers and the body without building the Request, as Hono reads them', async () => {
    const res = await send(
      '/plain',
      [
        ['x-a', 'one'],
        ['x-a', 'two'],
        ['authorization', 'Bearer first'],
        ['authorization', 'Bearer second'],
      ],
      '{"events":[{"step":"reason_selected","text":"déjà vu"}]}',
    )
    expect(res).toEqual({
      status: 200,
      body: {
        a: 'one, two',
        // Node's own `headers` would keep the first only; Hono joins repeats, and so does the helper.
        authorization: 'Bearer first, Bearer second',
        missing: null,
        text: '{"events":[{"step":"reason_selected","text":"déjà vu"}]}',
        built: [],
        honoText: '{"events":[{"step":"reason_selected","text":"déjà vu"}]}',
        honoJson: { events: [{ step: 'reason_selected', text: 'déjà vu' }] },
        honoA: 'one, two',
      },
    })
  })

  it('drops a leading byte-order mark, as Request.text() does', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')])
    const res = await send('/plain', [], body)
    expect(res.body).toMatchObject({ text: '{"a":1}', honoText: '{"a":1}', honoJson: { a: 1 } })
  })

  it('reads a chunked body the same way', async () => {
    const res = await send('/plain', [], '{"chunked":"yes, in pieces of eight bytes"}', true)
    expect(res.body).toMatchObject({ text: '{"chunked":"yes, in pieces of eight bytes"}', built: [] })
  })

  it('leaves the body to Hono when a middleware rewrote it or read it first', async () => {
    expect((await send('/rewritten', [], '{"original":true}')).body).toMatchObject({
      text: '{"rewritten":true}',
      honoText: '{"rewritten":true}',
    })
    expect((await send('/read-first', [], '{"original":true}')).body).toMatchObject({
      text: '{"original":true}',
      honoJson: { original: true },
    })
  })
})

describe('nodeBodyLimit', () => {
  it('judges a body by its Content-Length without building the Request', async () => {
    const fits = await send('/limited/plain', [], '{"fits":true}')
    expect(fits.body).toMatchObject({ text: '{"fits":true}', built: [] })
    const over = await send('/limited/plain', [], JSON.stringify({ over: 'x'.repeat(64) }))
    expect(over).toEqual({ status: 413, body: { refused: 'too large' } })
  })

  it('counts a chunked body as it arrives (Hono’s own limit)', async () => {
    const fits = await send('/limited/plain', [], '{"fits":true}', true)
    expect(fits.body).toMatchObject({ text: '{"fits":true}', honoJson: { fits: true } })
    const over = await send('/limited/plain', [], JSON.stringify({ over: 'x'.repeat(64) }), true)
    expect(over).toEqual({ status: 413, body: { refused: 'too large' } })
  })

  it('lets a GET through untouched', async () => {
    expect(await send('/limited/get', [], null)).toEqual({ status: 200, body: { built: [] } })
  })
})

describe('in process (no socket)', () => {
  it('falls back to Hono’s reads', async () => {
    const res = await testApp().request('/limited/plain', {
      method: 'POST',
      headers: { 'x-a': 'one', 'content-type': 'application/json' },
      body: '{"b":2}',
    })
    expect(await res.json()).toMatchObject({ a: 'one', text: '{"b":2}', honoJson: { b: 2 } })
    const over = await testApp().request('/limited/plain', { method: 'POST', body: 'x'.repeat(65) })
    expect(over.status).toBe(413)
  })
})
