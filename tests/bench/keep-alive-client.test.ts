import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: plain JavaScript for the load generators' worker threads (no declarations)
import { keepAliveConnection, requestBytes } from './keep-alive-client.mjs'

interface Answer {
  status: number
  body: string
}
interface Connection {
  send(bytes: Buffer): Promise<Answer>
  close(): void
}

/**
 * The load generators' client against a real node:http server: every framing the server answers with,
 * the request arriving as node:http reads it, and a connection the server closes opened again.
 */
describe('keep-alive-client', () => {
  let server: Server
  let port = 0
  const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = []
  const sockets = new Set<unknown>()

  beforeAll(async () => {
    server = createServer((req, res) => {
      sockets.add(req.socket)
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => {
        body += chunk
      })
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body })
        if (req.url === '/empty') return res.writeHead(204).end()
        if (req.url === '/chunked') {
          res.writeHead(200, { 'content-type': 'text/plain' })
          res.write('first ')
          res.write('second ')
          return res.end('third')
        }
        if (req.url === '/close') return res.writeHead(429, { connection: 'close' }).end('slow down')
        const text = JSON.stringify({ echo: body, ü: 'ü' })
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
        res.end(text)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends the request node:http reads back, headers and body, and reads each framing of the answer', async () => {
    const connection: Connection = keepAliveConnection(port)
    const headers = { origin: 'https://shop.example', 'content-type': 'application/json' }
    const posted = await connection.send(requestBytes('POST', '/json?v=1', port, headers, '{"a":"ü"}'))
    expect(posted).toEqual({ status: 200, body: JSON.stringify({ echo: '{"a":"ü"}', ü: 'ü' }) })
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/json?v=1',
      body: '{"a":"ü"}',
      headers: {
        origin: 'https://shop.example',
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength('{"a":"ü"}')),
        host: `127.0.0.1:${port}`,
        connection: 'keep-alive',
      },
    })
    expect(await connection.send(requestBytes('GET', '/empty', port, {}))).toEqual({ status: 204, body: '' })
    expect(await connection.send(requestBytes('GET', '/chunked', port, {}))).toEqual({
      status: 200,
      body: 'first second third',
    })
    // All of it over one connection, one request after the other.
    expect(sockets.size).toBe(1)
    connection.close()
  })

  it('opens the connection again after the server closes it', async () => {
    sockets.clear()
    const connection: Connection = keepAliveConnection(port)
    expect(await connection.send(requestBytes('GET', '/close', port, {}))).toEqual({
      status: 429,
      body: 'slow down',
    })
    expect(await connection.send(requestBytes('GET', '/empty', port, {}))).toEqual({ status: 204, body: '' })
    expect(sockets.size).toBe(2)
    connection.close()
  })

  it('rejects when nothing listens', async () => {
    const connection: Connection = keepAliveConnection(1)
    await expect(connection.send(requestBytes('GET', '/', 1, {}))).rejects.toThrow()
  })
})
