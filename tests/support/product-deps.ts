import { randomBytes, randomUUID } from 'node:crypto'
import { createFakeDns } from '@retainkit/fakes/dns'
import { type AppDeps, createApp, loadConfig, startMailWorker } from '@retainkit/server/app'
import {
  assembleDeps,
  createMemoryLogger,
  createMemoryMailer,
  createSecretBox,
  createStripeClientFactory,
  type MailMessage,
  openPgliteFromTemplate,
  systemClock,
} from '@retainkit/server/testing'

/**
 * The server's dependencies, assembled by bootstrap.ts as for a real process, with what a browser
 * suite needs instead: a PGlite database loaded from the migrated test template (no 3–5 s
 * initialisation, nothing on disk), the Stripe SDK pointed at the fake over loopback (STRIPE_API_BASE),
 * the system clock (the browser signs tokens with real time), a memory logger and captured mail (the
 * mail worker runs, woken as each enqueuing transaction commits, as in `npm start`).
 */
export interface ProductDeps {
  deps: AppDeps
  app: ReturnType<typeof createApp>
  logger: ReturnType<typeof createMemoryLogger>
  mail: MailMessage[]
  /** A user and a valid access token for the console API (what the embedded sign-in would issue). */
  signIn(email: string): Promise<{ userId: string; token: string }>
  close(): Promise<void>
}

export async function createAppFor(options: {
  publicUrl: string
  stripeApiBase: string
  /** More configuration, e.g. the platform billing's variables (seedPlatformBilling's `env`). */
  env?: Record<string, string>
  /** Opens the admin endpoint `npm run admin` talks to (routes/admin.ts). */
  adminToken?: string
}): Promise<ProductDeps> {
  const database = await openPgliteFromTemplate()
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: options.publicUrl,
    STRIPE_API_BASE: options.stripeApiBase,
    RETAINKIT_SEED_DEMO: '0',
    ...options.env,
  })
  const logger = createMemoryLogger()
  const mailer = createMemoryMailer()
  const deps = await assembleDeps({
    config,
    database,
    secrets: createSecretBox(randomBytes(32)),
    clock: systemClock,
    stripe: createStripeClientFactory({
      apiBase: options.stripeApiBase,
      platformSecretKey: config.stripe.platformSecretKey,
    }),
    mailer,
    logger,
    apiKey: `rk_pub_${randomBytes(24).toString('base64url')}`,
    anonKey: `rk_anon_${randomBytes(24).toString('base64url')}`,
  })
  deps.adminToken = options.adminToken ?? null
  // Webhook host names resolve through the fake: the browser suites reach no real name server.
  deps.webhookResolver = createFakeDns().resolve
  const { signingKeys } = deps
  if (!signingKeys)
    throw new Error('The browser suites sign users in themselves: no Supabase configuration here')
  const mailWorker = startMailWorker(deps, { database })

  return {
    deps,
    app: createApp(deps),
    logger,
    mail: mailer.sent,
    async signIn(email) {
      const userId = randomUUID()
      await database.db.insertInto('users').values({ id: userId, email }).execute()
      const token = await signingKeys.sign(
        { email, role: 'authenticated', session_id: randomUUID() },
        { subject: userId, expiresInSeconds: 3600, now: systemClock.now() },
      )
      return { userId, token }
    },
    close: async () => {
      await mailWorker.stop()
      await database.close()
    },
  }
}
