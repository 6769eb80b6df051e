import { withNonce } from '@retainkit/examples/site/html'
import { type SandboxSite, startSandboxSite } from '@retainkit/examples/site/server'
import { ensureSpaBuilt } from '@retainkit/examples/site/spa-build'
import { type SandboxSubscriber, sandboxSubscribers } from '@retainkit/examples/subscribers'
import type { SeededMerchant } from '@retainkit/fakes/stripe'
import { createStripeClient } from '@retainkit/fakes/stripe'
import { createSubscriberToken } from '@retainkit/widget/token'
import type { Product } from './product'

/**
 * The journey's merchant site: the sandbox's example pages, but carrying the snippet the newcomer
 * copied from the console's install page and tokens signed with the widget secret they created there.
 */
export interface JourneySite {
  site: SandboxSite
  subscribers: SandboxSubscriber[]
  subscriber(key: string): SandboxSubscriber
}

/**
 * A local development site runs the widget in test mode (the API accepts localhost origins only for
 * test-mode calls, widget README): the one edit a merchant makes to the copied snippet for a dev site.
 */
export function forLocalDevelopment(copied: string): string {
  const edited = copied.replace(
    /Retainkit\("init",\{("accountId":"[^"]+")\}\);/,
    'Retainkit("init",{$1,"mode":"test"});',
  )
  if (edited === copied) throw new Error(`No init call found in the copied snippet:\n${copied}`)
  return edited
}

/** One more Pro monthly customer in the fake, for a third scenario. */
export async function addCustomer(
  product: Product,
  merchant: SeededMerchant,
  name: string,
): Promise<SandboxSubscriber> {
  const sdk = createStripeClient(product.stripe, merchant.keys.secret)
  const customer = await sdk.customers.create({
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  })
  const subscription = await sdk.subscriptions.create({
    customer: customer.id,
    items: [{ price: merchant.prices.proMonthly }],
    billing_mode: { type: 'classic' },
  })
  return {
    key: name.split(' ')[0]?.toLowerCase() ?? name,
    name,
    customerId: customer.id,
    subscriptionId: subscription.id,
    plan: 'Pro, $29/month',
    what: 'A new subscriber.',
  }
}

export async function startJourneySite(options: {
  product: Product
  merchant: SeededMerchant
  accountId: string
  copiedSnippet: string
  widgetSecret: string
  extra: SandboxSubscriber[]
}): Promise<JourneySite> {
  await ensureSpaBuilt()
  const subscribers = [...sandboxSubscribers(options.merchant), ...options.extra]
  const snippet = forLocalDevelopment(options.copiedSnippet)
  const site = await startSandboxSite({
    port: 0,
    retainkitUrl: options.product.url,
    accountId: options.accountId,
    subscribers,
    snippet: (nonce) => withNonce(snippet, nonce),
    tagManagerTag: '',
    mintToken: (s) =>
      createSubscriberToken({
        accountId: options.accountId,
        customerId: s.customerId,
        subscriptionId: s.subscriptionId,
        secret: options.widgetSecret,
        mode: 'test',
      }),
  })
  return {
    site,
    subscribers,
    subscriber(key) {
      const found = subscribers.find((s) => s.key === key)
      if (!found) throw new Error(`No subscriber '${key}'`)
      return found
    },
  }
}
