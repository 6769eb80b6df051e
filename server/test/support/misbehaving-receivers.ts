import type { AddressInfo, Socket } from 'node:net'
import { createServer, type TLSSocket } from 'node:tls'

/**
 * Webhook receivers that misbehave the way real ones do, over real TLS with a hand-written HTTP answer
 * (so a test controls every byte and its timing):
 * - `drip-body`: the status and headers at once, then one body byte every 2 s, never ending;
 * - `drip-headers`: the status line, then one header line every 2 s, never finishing the head
 *   (an idle timeout never fires; only a deadline ends it);
 * - `silent`: takes the request and never answers;
 * - `endless`: a 200, then a chunked body as fast as the socket takes it, forever;
 * - `huge`: a 200 announcing 1 GiB, then as much of it as the socket takes;
 * - `slow-ok`: a 200 after `delayMs`, closing the connection.
 * Each connection is recorded: when the request arrived, when the socket closed, how many body bytes
 * this side managed to write; `maxConcurrent` is the most requests open at once (arrived, not yet
 * answered or closed).
 */
export type Misbehaviour = 'drip-body' | 'drip-headers' | 'silent' | 'endless' | 'huge' | 'slow-ok'

export interface ReceiverConnection {
  arrivedAt: number
  closedAt: number | null
  bytesWritten: number
}

const HEAD_200 = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n'
const CHUNK = Buffer.alloc(64 * 1024, 'x')
const chunked = (data: Buffer | string) =>
  `${Buffer.byteLength(data).toString(16)}\r\n${typeof data === 'string' ? data : data.toString()}\r\n`

/** `answered()` marks the request done (it no longer counts as open), before the socket may close. */
type Behave = (socket: TLSSocket, record: ReceiverConnection, delayMs: number, answered: () => void) => void

/** Writes `next()` whenever the socket can take more, until it closes. */
function flood(socket: TLSSocket, record: ReceiverConnection, next: () => string | Buffer) {
  const pump = () => {
    while (!socket.destroyed) {
      const data = next()
      record.bytesWritten += Buffer.byteLength(data)
      if (!socket.write(data)) return
    }
  }
  socket.on('drain', pump)
  pump()
}

/** Writes `data()` every `ms` until the socket closes. */
function every(socket: Socket, ms: number, data: () => string) {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(data())
  }, ms)
  socket.on('close', () => clearInterval(timer))
}

const BEHAVIOURS: Record<Misbehaviour, Behave> = {
  'drip-body': (socket, record) => {
    socket.write(`${HEAD_200}Transfer-Encoding: chunked\r\n\r\n`)
    every(socket, 2_000, () => {
      record.bytesWritten++
      return chunked('x')
    })
  },
  'drip-headers': (socket) => {
    socket.write('HTTP/1.1 200 OK\r\n')
    let n = 0
    every(socket, 2_000, () => `X-Drip-${n++}: y\r\n`)
  },
  silent: () => undefined,
  endless: (socket, record) => {
    socket.write(`${HEAD_200}Transfer-Encoding: chunked\r\n\r\n`)
    flood(socket, record, () => chunked(CHUNK))
  },
  huge: (socket, record) => {
    socket.write(`${HEAD_200}Content-Length: ${2 ** 30}\r\n\r\n`)
    flood(socket, record, () => (record.bytesWritten + CHUNK.length <= 2 ** 30 ? CHUNK : ''))
  },
  'slow-ok': (socket, _record, delayMs, answered) => {
    setTimeout(() => {
      answered()
      if (!socket.destroyed) socket.end(`${HEAD_200}Content-Length: 2\r\nConnection: close\r\n\r\nok`)
    }, delayMs)
  },
}

export async function startMisbehavingReceiver(
  behaviour: Misbehaviour,
  tls: { key: string; cert: string },
  options: { delayMs?: number } = {},
) {
  const connections: ReceiverConnection[] = []
  const sockets = new Set<TLSSocket>()
  let open = 0
  let maxConcurrent = 0
  const server = createServer(tls, (socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.once('data', () => {
      const record: ReceiverConnection = { arrivedAt: Date.now(), closedAt: null, bytesWritten: 0 }
      connections.push(record)
      open++
      maxConcurrent = Math.max(maxConcurrent, open)
      let done = false
      const answered = () => {
        if (!done) open--
        done = true
      }
      socket.on('close', () => {
        answered()
        record.closedAt = Date.now()
      })
      BEHAVIOURS[behaviour](socket, record, options.delayMs ?? 500, answered)
    })
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}/hooks/${behaviour}`,
    connections,
    maxConcurrent: () => maxConcurrent,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
