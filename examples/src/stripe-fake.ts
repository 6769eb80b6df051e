import {
  createStripeFake,
  type FakeServer,
  type SeededMerchant,
  type StripeFake,
  seedMerchant,
} from '@retainkit/tests/fakes/stripe'
import { portIsFree } from './ports'

/**
 * The Stripe fake the sandbox bills against, in this process: one merchant ("Acme Cloud") with a
 * catalogue and one subscriber per scenario (seedMerchant). It lives in memory, so every start is a
 * fresh Stripe: the sandbox account is re-pointed at its new keys on each start (provision.ts).
 */
export interface SandboxStripe {
  fake: StripeFake
  server: FakeServer
  merchant: SeededMerchant
}

/** Port 12111 as `tests/fakes/stripe/serve.ts` uses; any free port when that one is taken. */
export async function startStripeFake(port: number): Promise<SandboxStripe> {
  const fake = createStripeFake()
  const merchant = await seedMerchant(fake, { businessName: 'Acme Cloud' })
  const server = await fake.listen((await portIsFree(port)) ? port : 0, '127.0.0.1')
  return { fake, server, merchant }
}
