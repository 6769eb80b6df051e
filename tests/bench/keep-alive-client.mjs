// A lean HTTP/1.1 keep-alive connection for the load generators (http-load-worker.mjs,
// http-session-worker.mjs), as outside load tools (wrk, autocannon) do it: the request's bytes written
// as one buffer, the answer read off the socket by its status line, Content-Length or chunked framing.
// node:http's client spent more CPU per request than the server under test did (measured on the ingest
// load: about 1 ms of the generator's CPU per call against 0.7 ms of the server's, on 2 cores shared by
// both), so the load tool decided the figures rather than the server. The requests are the bytes
// node:http sent for the same call: the browser's headers, Host and `Connection: keep-alive`.
// Plain JavaScript so a worker thread runs it without a TypeScript loader.
import net from 'node:net'

const HEAD_END = Buffer.from('\r\n\r\n')

/** The request's bytes: request line, the headers given, Host, Connection, then the body if any. */
export function requestBytes(method, path, port, headers, body) {
  const lines = [`${method} ${path} HTTP/1.1`]
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`)
  lines.push(`Host: 127.0.0.1:${port}`, 'Connection: keep-alive', '', '')
  const head = Buffer.from(lines.join('\r\n'), 'latin1')
  return body === undefined ? head : Buffer.concat([head, Buffer.from(body)])
}

/**
 * One keep-alive connection: `send(bytes)` resolves to `{ status, body }` (the body as text, for the
 * failures a bench reports) or rejects when the connection fails; one request at a time, as a browser
 * tab's calls on one connection are. A closed connection (`Connection: close`, the server's idle
 * timeout) is opened again for the next request.
 */
export function keepAliveConnection(port) {
  let socket = null
  let pending = null
  let buffered = Buffer.alloc(0)

  const fail = (error) => {
    socket = null
    buffered = Buffer.alloc(0)
    const waiting = pending
    pending = null
    waiting?.reject(error)
  }
  const open = () => {
    const opened = net.connect({ port, host: '127.0.0.1', noDelay: true })
    opened.on('data', (chunk) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
      const answer = parseAnswer(buffered)
      if (!answer) return
      buffered = buffered.subarray(answer.length)
      if (answer.close) {
        opened.destroy()
        if (socket === opened) socket = null
      }
      const waiting = pending
      pending = null
      waiting?.resolve({ status: answer.status, body: answer.body })
    })
    opened.on('error', (error) => {
      if (socket === opened) fail(error)
    })
    opened.on('close', () => {
      if (socket === opened) fail(new Error('connection closed before the answer'))
    })
    return opened
  }
  return {
    send(bytes) {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject }
        socket ??= open()
        socket.write(bytes)
      })
    },
    close() {
      socket?.destroy()
      socket = null
    },
  }
}

/** A whole answer at the start of `data`: its status, body text, length in bytes and whether it closes. */
function parseAnswer(data) {
  const headEnd = data.indexOf(HEAD_END)
  if (headEnd < 0) return null
  const head = data.toString('latin1', 0, headEnd)
  const status = Number(head.slice(9, 12))
  let length = 0
  let chunked = false
  let close = false
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase()
    if (name === 'content-length') length = Number(value)
    else if (name === 'transfer-encoding') chunked = value.includes('chunked')
    else if (name === 'connection') close = value === 'close'
  }
  const bodyStart = headEnd + HEAD_END.length
  if (status === 204 || status === 304 || (status >= 100 && status < 200))
    return { status, body: '', length: bodyStart, close }
  if (!chunked) {
    if (data.length < bodyStart + length) return null
    return {
      status,
      body: data.toString('utf8', bodyStart, Math.min(bodyStart + length, bodyStart + 300)),
      length: bodyStart + length,
      close,
    }
  }
  // Chunked: size line, data, CRLF, until the last (zero) chunk and the blank line after it.
  const parts = []
  let at = bodyStart
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at, 'latin1')
    if (lineEnd < 0) return null
    const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16)
    if (size === 0) {
      const end = data.indexOf(HEAD_END.subarray(2), lineEnd + 2)
      if (end !== lineEnd + 2) {
        // Trailers: wait for the blank line that ends them.
        const trailersEnd = data.indexOf(HEAD_END, lineEnd)
        if (trailersEnd < 0) return null
        return { status, body: parts.join('').slice(0, 300), length: trailersEnd + 4, close }
      }
      return { status, body: parts.join('').slice(0, 300), length: lineEnd + 4, close }
    }
    if (data.length < lineEnd + 2 + size + 2) return null
    if (parts.length < 4) parts.push(data.toString('utf8', lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}
