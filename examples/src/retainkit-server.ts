import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import {
  type AppDeps,
  createApp,
  createDeps,
  createLogger,
  type LogLevel,
  loadConfig,
  startMailWorker,
} from '@retainkit/server/app'
import { describeListener, PortTakenError, portIsFree } from './ports'

/**
 * The sandbox's own Retainkit: the same bootstrap as `npm start` (createDeps + createApp, embedded
 * PGlite and auth), run inside the sandbox process with its own DATA_DIR and the Stripe SDK pointed at
 * the fake (STRIPE_API_BASE). Running it here rather than reusing a server on :8787 is deliberate: that
 * server would talk to real Stripe (or another fake) and hold a database the sandbox cannot provision.
 */
export interface RetainkitServer {
  /** The origin the browser uses, e.g. `http://localhost:8787` (also PUBLIC_URL). */
  url: string
  port: number
  deps: AppDeps
  close(): Promise<void>
}

export interface RetainkitServerOptions {
  /** 0 picks a free port (tests). */
  port: number
  dataDir: string
  stripeApiBase: string
  logLevel?: LogLevel
  /**
   * Configuration that depends on the server's URL, known once it listens: the platform billing's
   * variables, after registering `${url}/api/billing/webhook` with the Stripe fake.
   */
  envFor?: (url: string) => Promise<Record<string, string>>
}

export async function startRetainkitServer(options: RetainkitServerOptions): Promise<RetainkitServer> {
  if (!(await portIsFree(options.port))) {
    const who = await describeListener(options.port)
    throw new PortTakenError(
      who === 'retainkit'
        ? `A Retainkit server is already running on port ${options.port} (npm start?). The sandbox runs its own, ` +
            `wired to the Stripe fake: stop that one, or pick another port: RETAINKIT_PORT=8790 npm run sandbox`
        : `Port ${options.port} is taken by another program. Free it, or pick another port: ` +
            `RETAINKIT_PORT=8790 npm run sandbox`,
    )
  }
  // Listen first (port 0 is only known then): PUBLIC_URL, and with it the auth issuer, depends on it.
  let handler: (request: Request) => Response | Promise<Response> = () =>
    new Response('starting', { status: 503 })
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve(
      { fetch: (request) => handler(request), port: options.port, hostname: '127.0.0.1' },
      () => resolve(started),
    )
    started.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port
  const url = `http://localhost:${port}`
  const extra = options.envFor ? await options.envFor(url) : {}
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    STRIPE_API_BASE: options.stripeApiBase,
    // The sandbox merchant is provisioned below; the demo merchant would only add a second account.
    RETAINKIT_SEED_DEMO: '0',
    ...extra,
  })
  const logger = createLogger({ level: options.logLevel ?? 'warn' })
  const { deps, database, close } = await createDeps(config, logger)
  // Sign-in and every other mail leave through the outbox, as in `npm start`.
  const mailWorker = startMailWorker(deps, { database })
  handler = createApp(deps).fetch

  return {
    url,
    port,
    deps,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
      })
        .then(() => mailWorker.stop())
        .then(close),
  }
}
