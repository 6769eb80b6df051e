import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import {
  createStripeClient,
  createStripeFake,
  type FakeServer,
  type PlatformBilling,
  type SeededMerchant,
  type StripeFake,
  seedMerchant,
  seedPlatformBilling,
} from '@retainkit/fakes/stripe'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { createSubscriberToken } from '@retainkit/widget/token'
import { createAppFor, type ProductDeps } from './product-deps'

/**
 * Reusable harness for browser suites: the REAL Retainkit server in process (createApp over a PGlite
 * database loaded from the migrated test template, the Stripe fake over loopback reached through the
 * real SDK), listening on a random port; a merchant's site on another origin; and Chromium.
 */

export interface Subscriber {
  customerId: string
  subscriptionId: string
}

export interface MerchantAccount {
  accountId: string
  /** A signed-in owner: bearer token for the console API (with `product.apiKey`). */
  ownerToken: string
  /** The widget secret (`rkws_…`) created through the console API. */
  secret: string
  /** The merchant's side in the Stripe fake. */
  merchant: SeededMerchant
  /** A subscriber token as the merchant's server mints it (test mode by default: localhost sites). */
  tokenFor(
    customerId: string,
    options?: {
      mode?: 'live' | 'test'
      subscriptionId?: string
      locale?: string
      /** Where the subscriber lives, signed in (the jurisdiction's first source). */
      country?: string
      state?: string
    },
  ): string
  /** A new customer with one subscription on `price` (default Pro monthly) in the Stripe fake. */
  addSubscriber(price?: string): Promise<Subscriber>
  /**
   * `GET /api/analytics?endpoint=…` as the owner: the `data` of the answer. Test-mode data by default,
   * like the tokens: the sites of these suites are on localhost.
   */
  analytics(endpoint: string, mode?: 'live' | 'test'): Promise<unknown>
  /** A console API call as the owner (API key and bearer). */
  consoleApi(path: string, init?: { method?: string; body?: unknown }): Promise<Response>
}

export interface MerchantAccountOptions {
  tier?: 'free' | 'pro'
  domain?: string
  /** Edits the default config before it is published through the console API. */
  config?: (config: CancelFlowConfig, merchant: SeededMerchant) => void
  /** Replaces the account's reasons (console API). */
  reasons?: (merchant: SeededMerchant) => CancellationReason[]
}

export interface Product {
  /** With `billing`: the platform's own Stripe account in the fake, its webhook aimed at this server. */
  billing: PlatformBilling | null
  /** Where the server listens, e.g. `http://127.0.0.1:41234` (API, /w/ widget files, console). */
  url: string
  deps: ProductDeps['deps']
  /** The Stripe fake (inspect with `stripe.state(merchant.account)`, `stripe.mutations()`). */
  stripe: StripeFake
  stripeServer: FakeServer
  /** The seeded merchant of `account` (when `seed` was not false). */
  merchant: SeededMerchant
  account: MerchantAccount
  createMerchantAccount(options?: MerchantAccountOptions): Promise<MerchantAccount>
  /** How many requests the server is answering right now. */
  requestsInFlight(): number
  /** Stops the HTTP server (connections dropped): the API becomes unreachable. */
  stopServer(): Promise<void>
  stop(): Promise<void>
}

export interface StartProductOptions extends MerchantAccountOptions {
  seed?: boolean
  /**
   * Platform billing on the fake: Checkout, the Billing Portal and signed webhooks delivered over HTTP
   * to this server's `/api/billing/webhook` — at once (`autoDeliver`, as Stripe does) or when the test
   * calls `stripe.deliverWebhooks()`.
   */
  billing?: { autoDeliver: boolean }
  /** Opens the admin endpoint with this token (what `npm start` writes to DATA_DIR/admin.json). */
  adminToken?: string
  /**
   * Starts the Stripe fake's clock this far in the past, so a test can give a Stripe account a history
   * (`seedCancellationHistory`) and then bring the clock to now (`stripe.clock.advanceTo`).
   */
  stripeBehindSeconds?: number
}

export async function startProduct(options: StartProductOptions = {}): Promise<Product> {
  const behind = options.stripeBehindSeconds ?? 0
  const stripe = createStripeFake({
    webhooks: { autoDeliver: options.billing?.autoDeliver ?? false },
    ...(behind > 0 ? { now: () => Date.now() / 1000 - behind } : {}),
  })
  const stripeServer = await stripe.listen()
  // The URL is known once listening; the app is built right after, before any request can arrive.
  // The node bindings (the socket) go through: the dev outbox answers loopback peers only.
  let handler: (request: Request, env: unknown) => Response | Promise<Response> = () =>
    new Response('starting', { status: 503 })
  // Requests being answered (their handler not yet settled): a benchmark measures a click only once the
  // server has finished the previous page view's work (widget-scenario.ts serverAtRest).
  let inFlight = 0
  const counted = async (request: Request, env: unknown) => {
    inFlight++
    try {
      return await handler(request, env)
    } finally {
      inFlight--
    }
  }
  const { server, url } = await new Promise<{ server: ReturnType<typeof serve>; url: string }>((resolve) => {
    const started = serve({ fetch: counted, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ server: started, url: `http://127.0.0.1:${info.port}` }),
    )
  })
  const billing = options.billing
    ? await seedPlatformBilling(stripe, { webhookUrl: `${url}/api/billing/webhook` })
    : null
  const product = await createAppFor({
    publicUrl: url,
    stripeApiBase: stripeServer.url,
    env: billing?.env,
    adminToken: options.adminToken,
  })
  handler = product.app.fetch
  const { deps } = product

  let serverStopped = false
  const stopServer = () =>
    new Promise<void>((resolve) => {
      if (serverStopped) return resolve()
      serverStopped = true
      const http = server as unknown as { close(cb: () => void): void; closeAllConnections?: () => void }
      http.close(() => resolve())
      http.closeAllConnections?.()
    })

  const consoleCall = (token: string, path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'x-api-key': deps.apiKey,
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })

  const expectOk = async (response: Response, what: string) => {
    if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`)
    return (await response.json()) as { data: Record<string, unknown> }
  }

  const createMerchantAccount = async (opts: MerchantAccountOptions = {}): Promise<MerchantAccount> => {
    const owner = await product.signIn(`owner-${randomUUID().slice(0, 8)}@merchant.example`)
    const accountId = `acct_${randomUUID().slice(0, 8)}`
    const call = (path: string, init?: { method?: string; body?: unknown }) =>
      consoleCall(owner.token, path, init)
    const action = (name: string) => `/api/account?accountId=${accountId}&action=${name}`

    await expectOk(
      await call('/api/accounts', {
        body: { account_id: accountId, name: 'Acme Cloud', domain: opts.domain ?? 'acme.example' },
      }),
      'create account',
    )
    // Upgrades go through billing, which is not part of this product: set the tier directly.
    if ((opts.tier ?? 'pro') === 'pro') {
      await deps.db.updateTable('accounts').set({ tier: 'pro' }).where('id', '=', accountId).execute()
    }
    const merchant = await seedMerchant(stripe)
    await expectOk(
      await call(action('credentials'), {
        body: { gateway: 'stripe', api_key: merchant.keys.secret, access_token: merchant.keys.publishable },
      }),
      'connect Stripe',
    )
    const secret = (await expectOk(await call(action('widget-secret'), { method: 'POST' }), 'widget secret'))
      .data.secret as string
    if (opts.reasons) {
      await expectOk(
        await call(action('reasons'), { body: { reasons: opts.reasons(merchant) } }),
        'save reasons',
      )
    }
    if (opts.config) {
      const config = createDefaultConfig()
      opts.config(config, merchant)
      await expectOk(
        await call(action('config'), { method: 'PUT', body: { config_json: config } }),
        'save config',
      )
    }

    const sdk = createStripeClient(stripe, merchant.keys.secret)
    return {
      accountId,
      ownerToken: owner.token,
      secret,
      merchant,
      tokenFor: (customerId, tokenOptions = {}) =>
        createSubscriberToken({
          accountId,
          customerId,
          subscriptionId: tokenOptions.subscriptionId,
          mode: tokenOptions.mode ?? 'test',
          ...(tokenOptions.locale ? { locale: tokenOptions.locale } : {}),
          ...(tokenOptions.country ? { country: tokenOptions.country } : {}),
          ...(tokenOptions.state ? { state: tokenOptions.state } : {}),
          secret,
        }),
      async addSubscriber(price = merchant.prices.proMonthly) {
        const customer = await sdk.customers.create({
          name: 'Browser Subscriber',
          email: `${randomUUID().slice(0, 8)}@example.com`,
        })
        const subscription = await sdk.subscriptions.create({
          customer: customer.id,
          items: [{ price }],
          billing_mode: { type: 'classic' },
        })
        return { customerId: customer.id, subscriptionId: subscription.id }
      },
      async analytics(endpoint, mode = 'test') {
        const response = await call(
          `/api/analytics?endpoint=${endpoint}&account_id=${accountId}&mode=${mode}`,
        )
        return (await expectOk(response, `analytics ${endpoint}`)).data
      },
      consoleApi: call,
    }
  }

  const seeded = options.seed === false ? null : await createMerchantAccount(options)
  return {
    billing,
    url,
    deps,
    stripe,
    stripeServer,
    get merchant() {
      if (!seeded) throw new Error('startProduct({seed: false}) has no seeded merchant')
      return seeded.merchant
    },
    get account() {
      if (!seeded) throw new Error('startProduct({seed: false}) has no seeded account')
      return seeded
    },
    createMerchantAccount,
    requestsInFlight: () => inFlight,
    stopServer,
    async stop() {
      await stopServer()
      await stripeServer.close()
      await product.close()
    },
  }
}

export type Page = string | { status?: number; headers?: Record<string, string>; body: string }
export type PageSource = Page | ((url: URL) => Page | Promise<Page>)

export interface MerchantSite {
  /** On another origin than the product: `http://localhost:<port>` (the product is on 127.0.0.1). */
  url: string
  /** Adds or replaces a page. */
  setPage(path: string, page: PageSource): void
  /** Paths requested so far, in order (e.g. to see that a fail-open navigation arrived). */
  requests: string[]
  close(): Promise<void>
}

/** Serves the merchant's pages (HTML strings or functions of the request URL) on its own origin. */
export async function startMerchantSite({
  pages = {},
}: {
  pages?: Record<string, PageSource>
} = {}): Promise<MerchantSite> {
  const table = new Map(Object.entries(pages))
  const requests: string[] = []
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    requests.push(url.pathname + url.search)
    const source = table.get(url.pathname)
    if (!source) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    const page = typeof source === 'function' ? await source(url) : source
    const { status = 200, headers = {}, body } = typeof page === 'string' ? { body: page } : page
    res
      .writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        ...headers,
      })
      .end(body)
  }
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://localhost:${port}`,
    setPage: (path, page) => table.set(path, page),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Chromium for a browser file: fresh contexts on the Vitest worker's one Chromium (chromium.ts). */
export { launchChromium } from './chromium'
