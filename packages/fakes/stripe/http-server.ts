import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeServer {
  port: number
  /** Base URL, e.g. `http://127.0.0.1:12111`. */
  url: string
  close(): Promise<void>
}

type Handler = (request: Request) => Promise<Response>

/** Hop-by-hop headers belong to the socket, not to the request handed to the fetch-style handler. */
const SKIPPED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'expect'])

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function adapt(
  handler: Handler,
  base: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const method = req.method ?? 'GET'
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || SKIPPED.has(name)) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  const body = await readBody(req)
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0
  const request = new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    // A plain Uint8Array: with the DOM lib (tests/tsconfig.json), a Buffer is not a BodyInit.
    body: hasBody ? new Uint8Array(body) : undefined,
  })
  const response = await handler(request)
  const out = Buffer.from(await response.arrayBuffer())
  res.writeHead(response.status, {
    ...Object.fromEntries(response.headers),
    'content-length': String(out.length),
  })
  res.end(out)
}

/** Serves the fake over loopback so an SDK configured with `host`/`port`/`protocol: 'http'` reaches it. */
export async function listenOn(handler: Handler, port = 0, host = '127.0.0.1'): Promise<FakeServer> {
  let base = ''
  const server = createServer((req, res) => {
    adapt(handler, base, req, res).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error)
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { type: 'api_error', message } }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address
  base = `http://${hostPart}:${address.port}`
  return {
    port: address.port,
    url: base,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
