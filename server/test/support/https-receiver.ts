import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ReceivedRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  /** The body exactly as it came off the wire. */
  rawBody: string
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid a day: the test receivers' identity. */
export function localhostCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'rk-receiver-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  )
  const key = readFileSync(join(dir, 'key.pem'), 'utf8')
  const cert = readFileSync(join(dir, 'cert.pem'), 'utf8')
  rmSync(dir, { recursive: true, force: true })
  return { key, cert }
}

/**
 * A merchant's webhook endpoint on this machine, over real HTTPS: a certificate made for 127.0.0.1 and
 * localhost (self-signed, handed to the deliverer as `ca`; or `identity`, to share one), answering `statuses` in turn, then 200.
 * Counts TCP connections, so a test can tell a refused delivery from a failed one.
 */
export async function startHttpsReceiver(
  statuses: number[] = [],
  identity: { key: string; cert: string } = localhostCertificate(),
) {
  const { key, cert } = identity

  const received: ReceivedRequest[] = []
  const answers = [...statuses]
  let connections = 0
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      })
      const status = answers.shift() ?? 200
      res.writeHead(
        status,
        status >= 300 && status < 400 ? { Location: 'https://127.0.0.1:9/elsewhere' } : {},
      )
      res.end('ok')
    })
  })
  server.on('connection', () => {
    connections++
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}`,
    ca: cert,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
