/**
 * Serves the built marketing site for a look in a browser or for browser tests, the way the product
 * server will: `/x/` → dist/x/index.html, the same page without the trailing slash, and the not-found
 * page with HTTP 404 for anything else.
 *
 *   tsx scripts/serve-dist.ts [--port 4173] [--dir dist] [--stub-api]
 *
 * `--stub-api` also answers /runtime-config.json, POST /api/contact and POST /api/waitlist with
 * success, so the forms can be tried before the product server exists.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
}

export interface ServeOptions {
  dir: string
  port?: number
  host?: string
  stubApi?: boolean
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/** The file for a URL path, or null. Paths that escape the directory resolve to nothing. */
export async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const candidate = normalize(join(root, decoded))
  if (candidate !== root && !candidate.startsWith(root + sep)) return null
  if (!decoded.endsWith('/') && (await isFile(candidate))) return candidate
  const index = join(candidate, 'index.html')
  return (await isFile(index)) ? index : null
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  res.end(body)
}

function stubApi(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (path === '/runtime-config.json') {
    send(
      res,
      200,
      CONTENT_TYPES['.json'] ?? '',
      JSON.stringify({ apiBaseUrl: '', apiKey: 'local-preview-api-key-0000' }),
    )
    return true
  }
  if (req.method === 'POST' && (path === '/api/contact' || path === '/api/waitlist')) {
    req.resume()
    req.on('end', () => send(res, 200, CONTENT_TYPES['.json'] ?? '', JSON.stringify({ success: true })))
    return true
  }
  return false
}

export function createDistServer({ dir, stubApi: withStubApi = false }: ServeOptions): Server {
  const root = resolve(dir)
  return createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (withStubApi && stubApi(req, res, path)) return
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'text/plain; charset=utf-8', 'Method Not Allowed')
      return
    }
    const file = await resolveFile(root, path)
    const target = file ?? join(root, '404', 'index.html')
    const status = file ? 200 : 404
    const type = CONTENT_TYPES[extname(target)] ?? 'application/octet-stream'
    const cache = target.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'
    res.writeHead(status, { 'content-type': type, 'cache-control': cache })
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    createReadStream(target).pipe(res)
  })
}

export async function serveDist(options: ServeOptions): Promise<{ server: Server; url: string }> {
  const server = createDistServer(options)
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((done) => server.listen(options.port ?? 0, host, done))
  const { port } = server.address() as AddressInfo
  return { server, url: `http://${host}:${port}` }
}

function argValue(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name)
  return index >= 0 ? argv[index + 1] : undefined
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2)
  const packageRoot = fileURLToPath(new URL('..', import.meta.url))
  const { url } = await serveDist({
    dir: resolve(argValue(argv, '--dir') ?? join(packageRoot, 'dist')),
    port: Number(argValue(argv, '--port') ?? process.env.PORT ?? 4173),
    stubApi: argv.includes('--stub-api'),
  })
  console.log(`marketing dist served at ${url}`)
}
