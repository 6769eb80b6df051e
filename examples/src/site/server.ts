import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import type { SandboxSubscriber } from '../subscribers'
import { FALLBACK_PATH, type PageRequest, type SiteContext } from './context'
import { escapeHtml, SITE_CSS, scriptValue } from './html'
import {
  accountPage,
  doubleSnippetPage,
  fallbackPage,
  hostileCssPage,
  indexPage,
  strictCsp,
  strictCspPage,
  tagManagerPage,
} from './pages'
import { SPA_DIST } from './spa-build'
import { tagManagerContainer } from './tag-manager'

/**
 * The merchant's site: its pages on their own origin (http://localhost:8788 by default, another origin
 * than Retainkit's), and its backend, which is a single route: `GET /token?customer=cus_…` answers
 * `{token}`, a subscriber token signed with the widget secret that only this server holds.
 */
export interface SandboxSiteOptions extends SiteContext {
  port: number
  /** Signs a subscriber token (the merchant's backend; createSubscriberToken in the sandbox). */
  mintToken(subscriber: SandboxSubscriber): string
}

export interface SandboxSite {
  url: string
  port: number
  /** Paths requested so far, in order (e.g. to see a fail-open navigation arrive). */
  requests: string[]
  close(): Promise<void>
}

type Answer = { status?: number; type?: string; headers?: Record<string, string>; body: string | Buffer }

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/** Per-response nonce for the strict-CSP page (16 random bytes, as CSP recommends). */
const newNonce = () => randomBytes(16).toString('base64')

async function spaAnswer(ctx: SiteContext, request: PageRequest, pathname: string): Promise<Answer> {
  if (pathname.startsWith('/spa/assets/')) {
    const file = normalize(join(SPA_DIST, pathname.slice('/spa/'.length)))
    if (!file.startsWith(SPA_DIST)) return { status: 404, body: 'Not found' }
    try {
      return {
        type: TYPES[extname(file)] ?? 'application/octet-stream',
        headers: { 'cache-control': 'public, max-age=31536000, immutable' },
        body: await readFile(file),
      }
    } catch {
      return { status: 404, type: 'text/plain', body: 'Not found' }
    }
  }
  // Every other /spa/… path is a client-side route: the app's one page, told who is signed in and where
  // Retainkit is (the app installs it itself with @retainkit/react: no snippet in this page).
  const { subscriber } = request
  const bootData = {
    customerId: subscriber.customerId,
    customerName: subscriber.name,
    plan: subscriber.plan,
    subscribers: ctx.subscribers.map((s) => ({ name: s.name, customerId: s.customerId })),
    retainkit: { accountId: ctx.accountId, serverUrl: ctx.retainkitUrl },
  }
  const head = `<style>${SITE_CSS}</style>
<script>window.__sandboxBoot = ${scriptValue(bootData)};</script>`
  const html = (await readFile(join(SPA_DIST, 'index.html'), 'utf8')).replace('<!--sandbox-head-->', head)
  return { body: html }
}

export async function startSandboxSite(options: SandboxSiteOptions): Promise<SandboxSite> {
  const ctx: SiteContext = options
  const requests: string[] = []
  const container = tagManagerContainer(options.tagManagerTag)
  const defaultSubscriber = options.subscribers[0]
  if (!defaultSubscriber) throw new Error('The sandbox site needs at least one subscriber')

  const route = async (url: URL): Promise<Answer> => {
    const customer = url.searchParams.get('customer')
    const chosen = options.subscribers.find((s) => s.customerId === customer)
    const { pathname } = url
    if (pathname === '/token') {
      // The merchant signs tokens only for its own customers (here: the sandbox's test subscribers).
      if (!chosen)
        return { status: 404, type: 'application/json', body: JSON.stringify({ error: 'Unknown customer' }) }
      return { type: 'application/json', body: JSON.stringify({ token: options.mintToken(chosen) }) }
    }
    if (pathname === '/gtm.js') return { type: TYPES['.js'], body: container }
    if (pathname === '/health') return { type: 'application/json', body: '{"status":"ok"}' }
    if (pathname === '/favicon.ico') return { status: 204, body: '' }
    const banner = pathname === '/welcome-back'
    const fallbackChoice = banner ? options.subscribers.find((s) => s.key === 'paused') : undefined
    const request: PageRequest = { path: pathname, subscriber: chosen ?? fallbackChoice ?? defaultSubscriber }
    if (pathname === '/spa') return { status: 302, headers: { location: `/spa/${url.search}` }, body: '' }
    if (pathname.startsWith('/spa/')) return spaAnswer(ctx, request, pathname)
    switch (pathname) {
      case '/':
        return { body: indexPage(ctx, request) }
      case '/account':
        return { body: accountPage(ctx, request) }
      case '/welcome-back':
        return { body: accountPage(ctx, request, { banner: true }) }
      case '/tag-manager':
        return { body: tagManagerPage(ctx, request) }
      case '/hostile-css':
        return { body: hostileCssPage(ctx, request) }
      case '/double-snippet':
        return { body: doubleSnippetPage(ctx, request) }
      case '/strict-csp': {
        const nonce = newNonce()
        return {
          headers: { 'content-security-policy': strictCsp(ctx, nonce) },
          body: strictCspPage(ctx, { ...request, nonce }),
        }
      }
      case FALLBACK_PATH:
        return { body: fallbackPage(ctx, request) }
      default:
        return {
          status: 404,
          body: `<!doctype html><title>Not found</title><p>No page at ${escapeHtml(pathname)}. <a href="/">All examples</a></p>`,
        }
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    requests.push(url.pathname + url.search)
    const answer = await route(url)
    res
      .writeHead(answer.status ?? 200, {
        'content-type': answer.type ?? 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        ...answer.headers,
      })
      .end(answer.body)
  }
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', resolve)
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://localhost:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
