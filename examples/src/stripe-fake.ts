import {
  createStripeFake,
  type FakeServer,
  type PlatformBilling,
  type SeededMerchant,
  type StripeFake,
  seedMerchant,
  seedPlatformBilling,
} from '@retainkit/fakes/stripe'
import { portIsFree } from './ports'

/**
 * The Stripe fake the sandbox bills against, in this process: one merchant ("Acme Cloud") with a
 * catalogue and one subscriber per scenario (seedMerchant). It lives in memory, so every start is a
 * fresh Stripe: the sandbox account is re-pointed at its new keys on each start (provision.ts).
 *
 * It is also Retainkit's own Stripe account (platformBilling): Checkout and Billing Portal pages, and
 * events signed (Stripe-Signature v1) and delivered at once, as Stripe does, to the webhook endpoint
 * the Retainkit server registers once its URL is known.
 */
export interface SandboxStripe {
  fake: StripeFake
  server: FakeServer
  merchant: SeededMerchant
  /** Seeds the platform's billing (prices, meter, portal, a webhook endpoint for `webhookUrl`). */
  platformBilling(webhookUrl: string): Promise<PlatformBilling>
}

/** Port 12111 as `packages/fakes/stripe/serve.ts` uses; any free port when that one is taken. */
export async function startStripeFake(port: number): Promise<SandboxStripe> {
  const fake = createStripeFake({ webhooks: { autoDeliver: true } })
  const merchant = await seedMerchant(fake, { businessName: 'Acme Cloud' })
  const server = await fake.listen((await portIsFree(port)) ? port : 0, '127.0.0.1')
  return {
    fake,
    server,
    merchant,
    platformBilling: (webhookUrl) => seedPlatformBilling(fake, { webhookUrl }),
  }
}
