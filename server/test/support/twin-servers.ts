import { type Agent, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createAppServer } from '../../src/http/node-listener'
import type { TestContext } from './harness'

/**
 * Two real servers over one test app, for the node:http pre-handlers that answer widget calls ahead of
 * the framework (routes/widget/config-fast-path.ts, events-fast-path.ts): the framework alone
 * (@hono/node-server, as the app ran before the pre-handlers) and the product's listener (pre-handlers
 * first), which counts the requests it leaves to the framework. Their tests send both the same raw
 * requests and compare status, raw header lines and body.
 */
export interface TwinServers {
  framework: Server
  product: Server
  /** Requests the product's listener has passed to the framework so far. */
  frameworkCalls(): number
  close(): void
}

export async function twinServers(t: TestContext): Promise<TwinServers> {
  const framework = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
  if (!framework.listening) await new Promise((resolve) => framework.once('listening', resolve))
  let calls = 0
  const counted = {
    fetch: (request: Request, env?: unknown) => {
      calls++
      return t.app.fetch(request, env as never)
    },
  }
  const product = createAppServer(counted, t.deps)
  await new Promise<void>((resolve) => product.listen(0, '127.0.0.1', resolve))
  return {
    framework,
    product,
    frameworkCalls: () => calls,
    close() {
      framework.close()
      product.close()
    },
  }
}

export interface RawRequest {
  path: string
  method?: string
  /** Raw header lines, names and values in turn, sent as given after Host; or an object (Node adds Host). */
  headers?: string[] | Record<string, string>
  /** Sent with its Content-Length (raw lines only), or chunked. */
  body?: string
  chunked?: boolean
  /** The client's agent: the global one (keep-alive) unless given; false for a connection of its own. */
  agent?: Agent | false
}

export interface RawAnswer {
  status: number
  /** Raw header lines in order and spelling, without the clock's Date and a random request id (`…`). */
  headers: string[]
  body: Buffer
}

/** Sends one request as given and reads the answer's raw header lines. */
export function askRaw(server: Server, call: RawRequest): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo
  const given = call.headers ?? []
  const body = call.body
  const headers = Array.isArray(given)
    ? [
        'Host',
        `127.0.0.1:${port}`,
        ...(call.chunked ? ['Transfer-Encoding', 'chunked'] : []),
        ...(body !== undefined && !call.chunked ? ['Content-Length', String(Buffer.byteLength(body))] : []),
        ...given,
      ]
    : given
  const names = Array.isArray(given) ? given.filter((_, i) => i % 2 === 0) : Object.keys(given)
  // A request id the caller chose comes back as sent; one the server drew differs on every answer.
  const sentId = names.some((name) => name.toLowerCase() === 'x-request-id')
  const method = call.method ?? (body === undefined ? 'GET' : 'POST')
  return new Promise<RawAnswer>((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path: call.path, method, headers, agent: call.agent }
    const req = httpRequest(options, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const lines: string[] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] ?? ''
          if (name.toLowerCase() === 'date') continue
          const random = name.toLowerCase() === 'x-request-id' && !sentId
          lines.push(`${name}: ${random ? '…' : res.rawHeaders[i + 1]}`)
        }
        resolve({ status: res.statusCode ?? 0, headers: lines, body: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}
