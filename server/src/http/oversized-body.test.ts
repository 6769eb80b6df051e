import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { MAX_BODY_BYTES } from '../app'
import { createAppServer } from './node-listener'

/**
 * A body over the limit is refused before it is read to the end, so the connection cannot carry another
 * request: the 413 must say `Connection: close`, and a keep-alive client then sends its next request on
 * a new connection instead of on the dead one. Over a real socket, through the production listener.
 */
let t: TestContext
let origin: string
let close: () => Promise<void>
beforeAll(async () => {
  t = await createTestContext()
  const server = createAppServer(t.app, t.deps)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => new Promise<void>((resolve) => server.close(() => resolve()))
})
afterAll(async () => {
  await close()
  await t.close()
})

function send(agent: Agent, path: string, body?: string, chunked = false) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const req = request(
        `${origin}${path}`,
        {
          agent,
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            'content-type': 'application/json',
            'x-api-key': t.apiKey,
            ...(body === undefined || chunked ? {} : { 'content-length': Buffer.byteLength(body) }),
          },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            text += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
        },
      )
      req.on('error', reject)
      // Chunked: the size is known only as the body arrives.
      if (chunked && body)
        for (let at = 0; at < body.length; at += 16_384) req.write(body.slice(at, at + 16_384))
      req.end(chunked ? undefined : body)
    },
  )
}

describe('an oversized body', () => {
  it('is answered 413 with Connection: close, and the next request on a keep-alive client succeeds', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const big = JSON.stringify({
        name: 'A',
        email: 'a@example.com',
        message: 'x'.repeat(MAX_BODY_BYTES * 4),
      })
      for (let round = 0; round < 4; round++) {
        const refused = await send(agent, '/api/contact', big, round % 2 === 1)
        expect(refused.status).toBe(413)
        expect(refused.headers.connection).toBe('close')
        expect(JSON.parse(refused.text)).toMatchObject({ error: { message: 'Request body is too large' } })
        const next = await send(agent, '/health')
        expect(next.status).toBe(200)
        expect(next.headers.connection).toBe('keep-alive')
      }
    } finally {
      agent.destroy()
    }
  })
})
