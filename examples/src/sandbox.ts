import { join, resolve } from 'node:path'
import { ensureWidgetBuilt } from '@retainkit/widget/ensure-built'
import { snippetFor, snippetForTagManager } from '@retainkit/widget/snippet'
import { createSubscriberToken } from '@retainkit/widget/token'
import { describeListener, PortTakenError, portIsFree } from './ports'
import { provisionSandboxAccount, type SandboxAccount } from './provision'
import { type RetainkitServer, startRetainkitServer } from './retainkit-server'
import { CANCEL_SELECTOR } from './site/context'
import { withNonce } from './site/html'
import { type SandboxSite, startSandboxSite } from './site/server'
import { ensureSpaBuilt } from './site/spa-build'
import { type SandboxStripe, startStripeFake } from './stripe-fake'
import { type SandboxSubscriber, sandboxSubscribers } from './subscribers'

/**
 * `npm run sandbox` as a function: the Stripe fake (seeded), the sandbox's own Retainkit server wired
 * to it, the sandbox merchant account provisioned through the console API, and the merchant's site.
 * Browser suites call it with port 0 everywhere and a temporary data directory.
 */
export interface SandboxOptions {
  /** Merchant site (default 8788). */
  sitePort?: number
  /** Retainkit server (default 8787). */
  retainkitPort?: number
  /** Stripe fake (default 12111; any free port if taken). */
  stripePort?: number
  /** Retainkit's DATA_DIR and the merchant backend's settings (default `.data-sandbox`). */
  dataDir?: string
  /** Progress lines (the CLI prints them: a first start builds and creates a database). */
  log?: (line: string) => void
}

export interface Sandbox {
  site: SandboxSite
  retainkit: RetainkitServer
  stripe: SandboxStripe
  account: SandboxAccount
  subscribers: SandboxSubscriber[]
  subscriber(key: string): SandboxSubscriber
  close(): Promise<void>
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sitePort = options.sitePort ?? 8788
  const dataDir = resolve(options.dataDir ?? '.data-sandbox')
  // Checked before anything starts, so a taken port never leaves half a sandbox running.
  if (!(await portIsFree(sitePort))) {
    const hint =
      (await describeListener(sitePort)) === 'retainkit'
        ? 'a Retainkit server is listening there'
        : 'another program (an earlier sandbox?) is listening there'
    throw new PortTakenError(
      `Port ${sitePort} for the example sites is taken: ${hint}. Free it, or SANDBOX_PORT=8798 npm run sandbox`,
    )
  }
  const log = options.log ?? (() => {})
  const step = async <T>(what: string, run: () => T | Promise<T>): Promise<T> => {
    const started = Date.now()
    log(`${what}…`)
    const result = await run()
    log(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
    return result
  }
  await step('widget build (only when missing or stale)', () => ensureWidgetBuilt())
  await step('React example build (only when missing or stale)', () => ensureSpaBuilt())

  const stripe = await step('Stripe fake, seeded', () => startStripeFake(options.stripePort ?? 12111))
  let retainkit: RetainkitServer | undefined
  try {
    retainkit = await step('Retainkit server (a first start creates its database)', () =>
      startRetainkitServer({
        port: options.retainkitPort ?? 8787,
        dataDir: join(dataDir, 'retainkit'),
        stripeApiBase: stripe.server.url,
        // Retainkit bills merchants on the fake too: new accounts get the trial, Checkout and the portal.
        envFor: async (url) => (await stripe.platformBilling(`${url}/api/billing/webhook`)).env,
      }),
    )
    const server = retainkit
    const account = await step('sandbox merchant account', () =>
      provisionSandboxAccount(server, stripe.merchant, dataDir),
    )
    const subscribers = sandboxSubscribers(stripe.merchant)
    const loaderUrl = `${retainkit.url}/w/loader.js`
    // Test mode: the sites are on localhost, which the widget API accepts only for test-mode tokens.
    const snippet = snippetFor({ accountId: account.accountId, loaderUrl, mode: 'test' })
    const site = await startSandboxSite({
      port: sitePort,
      retainkitUrl: retainkit.url,
      accountId: account.accountId,
      subscribers,
      snippet: (nonce) => withNonce(snippet, nonce),
      tagManagerTag: snippetForTagManager({
        accountId: account.accountId,
        loaderUrl,
        mode: 'test',
        attach: { selector: CANCEL_SELECTOR, tokenVariable: 'Retainkit token' },
      }),
      mintToken: (subscriber) =>
        createSubscriberToken({
          accountId: account.accountId,
          customerId: subscriber.customerId,
          subscriptionId: subscriber.subscriptionId,
          secret: account.widgetSecret,
          mode: 'test',
        }),
    })
    const running = retainkit
    return {
      site,
      retainkit: running,
      stripe,
      account,
      subscribers,
      subscriber(key) {
        const found = subscribers.find((s) => s.key === key)
        if (!found) throw new Error(`No sandbox subscriber '${key}'`)
        return found
      },
      async close() {
        await site.close()
        await running.close()
        await stripe.server.close()
      },
    }
  } catch (error) {
    await retainkit?.close()
    await stripe.server.close()
    throw error
  }
}
