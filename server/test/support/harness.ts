import { randomUUID } from 'node:crypto'
import { createManualClock, type ManualClock } from '@retainkit/fakes/clock'
import { createFakeDns, type FakeDns } from '@retainkit/fakes/dns'
import {
  createStripeFake,
  type PlatformBilling,
  type SeededMerchant,
  type StripeFake,
  seedMerchant,
  seedPlatformBilling,
} from '@retainkit/fakes/stripe'
import type { Role } from '@retainkit/shared/roles'
import type { Hono } from 'hono'
import { inject } from 'vitest'
import { createApp } from '../../src/app'
import type { SigningKeys } from '../../src/auth/signing-keys'
import { assembleDeps } from '../../src/bootstrap'
import { loadConfig, type ServerConfig } from '../../src/config/env'
import type { DatabaseHandle } from '../../src/db/database'
import type { AppDeps } from '../../src/deps'
import type { AppEnv } from '../../src/http/app-env'
import { listenForConfigChanges } from '../../src/services/config-listener'
import { createMemoryLogger } from '../../src/services/logger'
import { createMemoryMailer, type MailMessage } from '../../src/services/mailer'
import { createSecretBox, maskSecret } from '../../src/services/secret-box'
import { createStripeClientFactory } from '../../src/services/stripe-client'
import { readOutbox } from './mail'
import { nodeBindings } from './node-bindings'
import { openPgliteFromTemplate, openPostgresFromTemplate } from './template-db'

export { nodeBindings }

/**
 * One in-process product for a test file: the real app over a fresh database (PGlite, or PostgreSQL
 * when TEST_DB=postgres), the Stripe fake wired into the real SDK, a manual clock, a memory logger and
 * a capturing mailer. Tests talk to it only through `request()` (i.e. `app.request()`).
 */
export interface TestContext {
  app: Hono<AppEnv>
  deps: AppDeps
  database: DatabaseHandle
  stripe: StripeFake
  clock: ManualClock
  /** The DNS webhook URLs resolve through (names under .example answer a public documentation address). */
  dns: FakeDns
  logger: ReturnType<typeof createMemoryLogger>
  /**
   * Runs the mail worker's pass, then lists the mail sent (to `to`, when given), oldest first
   * (test/support/mail.ts). The worker is not running on its own here: tests drive it.
   */
  readOutbox(to?: string): Promise<MailMessage[]>
  apiKey: string
  signingKeys: SigningKeys
  /**
   * With `{billing: true}`: the platform's Stripe account in the fake (prices, meter, portal settings, a
   * webhook endpoint whose deliveries reach this app in process, signed at the manual clock's time).
   */
  billing: PlatformBilling | null
  request(path: string, init?: TestRequestInit): Promise<Response>
  /** Creates a user and returns a valid access token for them. */
  signIn(email?: string): Promise<{ userId: string; email: string; token: string }>
  /** Creates an account owned by a new user (or `owner`). */
  createAccount(
    options?: CreateAccountOptions,
  ): Promise<{ accountId: string; owner: { userId: string; email: string; token: string } }>
  addMember(
    accountId: string,
    role: Role,
    email?: string,
  ): Promise<{ userId: string; email: string; token: string }>
  /** Seeds a merchant in the Stripe fake and stores its keys (encrypted) as the account's credentials. */
  connectStripe(accountId: string): Promise<SeededMerchant>
  close(): Promise<void>
}

export interface TestRequestInit {
  method?: string
  /** JSON-encoded unless `rawBody` is given. */
  body?: unknown
  rawBody?: string
  token?: string | null
  /** Defaults to the right key; pass null to omit it or a string to send another. */
  apiKey?: string | null
  headers?: Record<string, string>
  /**
   * The socket peer's address, as @hono/node-server hands it to the app; absent → an in-process call
   * with no address at all (limiters keyed by address do not count it).
   */
  peer?: string
}

export interface CreateAccountOptions {
  id?: string
  name?: string
  tier?: 'free' | 'pro'
  domain?: string | null
  owner?: { userId: string; email: string; token: string }
}

export const TEST_API_KEY = 'rk_pub_test_0123456789abcdefghijklmnop'
export const TEST_ANON_KEY = 'rk_anon_test_0123456789abcdefghijkl'
const SECRET_KEY = Buffer.alloc(32, 7)

export async function createTestContext(
  options: {
    config?: Partial<ServerConfig>
    /** The platform's Stripe billing in the fake, its webhooks delivered to this app (see `billing`). */
    billing?: boolean
    /** Another database than a fresh clone of the template (closed by the context's close()). */
    database?: DatabaseHandle
    /** On PostgreSQL, LISTEN for other instances' config changes as a real process does. */
    listen?: boolean
    /** The admin endpoint's token, as `npm start` hands one to the app (absent: no admin endpoint). */
    adminToken?: string
  } = {},
): Promise<TestContext> {
  const database =
    options.database ??
    (process.env.TEST_DB === 'postgres'
      ? await openPostgresFromTemplate(testPostgresUrl())
      : await openPgliteFromTemplate())
  const clock = createManualClock()
  let deliverTo: (url: string, init: RequestInit) => Promise<Response> = () =>
    Promise.reject(new Error('the app is not built yet'))
  const stripe = createStripeFake({
    webhooks: {
      fetch: (url, init) => deliverTo(url, init),
      signingTime: () => Math.floor(clock.now().getTime() / 1000),
    },
  })
  const billing = options.billing
    ? await seedPlatformBilling(stripe, { webhookUrl: 'http://localhost:8787/api/billing/webhook' })
    : null
  const config: ServerConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:8787',
      RETAINKIT_SEED_DEMO: '0',
      ...billing?.env,
    }),
    ...options.config,
  }
  const logger = createMemoryLogger()
  const secrets = createSecretBox(SECRET_KEY)
  const mailer = createMemoryMailer()
  const dns = createFakeDns()
  const assembled = await assembleDeps({
    config,
    database,
    secrets,
    clock,
    stripe: createStripeClientFactory({ fetch: stripe.fetch as typeof fetch }),
    mailer,
    logger,
    apiKey: TEST_API_KEY,
    anonKey: TEST_ANON_KEY,
  })
  const deps: AppDeps = { ...assembled, webhookResolver: dns.resolve }
  const { signingKeys } = deps
  if (!signingKeys) throw new Error('The test harness signs users in itself: no Supabase configuration here')
  const app = createApp(options.adminToken ? { ...deps, adminToken: options.adminToken } : deps)
  deliverTo = async (url, init) => app.request(new URL(url).pathname, init)
  const listener =
    options.listen && database.databaseUrl
      ? listenForConfigChanges({ databaseUrl: database.databaseUrl, cache: deps.widgetConfigCache, logger })
      : null
  await listener?.ready

  const request: TestContext['request'] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers }
    const apiKey = init.apiKey === undefined ? TEST_API_KEY : init.apiKey
    if (apiKey !== null) headers['x-api-key'] = apiKey
    if (init.token) headers.authorization = `Bearer ${init.token}`
    let body: string | undefined
    if (init.rawBody !== undefined) body = init.rawBody
    else if (init.body !== undefined) body = JSON.stringify(init.body)
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json'
    }
    const env = init.peer === undefined ? undefined : nodeBindings(init.peer, headers)
    return app.request(
      path,
      { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body },
      env,
    )
  }

  const signIn: TestContext['signIn'] = async (email = `user-${randomUUID().slice(0, 8)}@example.com`) => {
    const normalised = email.toLowerCase()
    const existing = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', normalised)
      .executeTakeFirst()
    const userId = existing?.id ?? randomUUID()
    if (!existing) await database.db.insertInto('users').values({ id: userId, email: normalised }).execute()
    const token = await signingKeys.sign(
      { email: normalised, role: 'authenticated', session_id: randomUUID() },
      { subject: userId, expiresInSeconds: 3600, now: clock.now() },
    )
    return { userId, email: normalised, token }
  }

  const addMember: TestContext['addMember'] = async (accountId, role, email) => {
    const member = await signIn(email)
    await database.db
      .insertInto('memberships')
      .values({ account_id: accountId, user_id: member.userId, role })
      .onConflict((oc) => oc.columns(['account_id', 'user_id']).doUpdateSet({ role }))
      .execute()
    return member
  }

  const createAccount: TestContext['createAccount'] = async (opts = {}) => {
    const owner = opts.owner ?? (await signIn())
    const accountId = opts.id ?? `acct-${randomUUID().slice(0, 8)}`
    await database.db
      .insertInto('accounts')
      .values({
        id: accountId,
        name: opts.name ?? 'Test Merchant',
        slug: accountId.toLowerCase(),
        tier: opts.tier ?? 'pro',
        domain: opts.domain === undefined ? 'merchant.example' : opts.domain,
        email: owner.email,
      })
      .execute()
    await database.db
      .insertInto('memberships')
      .values({ account_id: accountId, user_id: owner.userId, role: 'owner' })
      .execute()
    return { accountId, owner }
  }

  const connectStripe: TestContext['connectStripe'] = async (accountId) => {
    const merchant = await seedMerchant(stripe)
    await database.db
      .insertInto('gateway_credentials')
      .values({
        account_id: accountId,
        secret_key_ciphertext: secrets.encrypt(merchant.keys.secret),
        secret_key_hint: maskSecret(merchant.keys.secret),
        publishable_key: merchant.keys.publishable,
        stripe_account_id: merchant.account,
      })
      .execute()
    return merchant
  }

  return {
    app,
    deps,
    database,
    stripe,
    clock,
    dns,
    logger,
    readOutbox: (to) => readOutbox(deps, mailer.sent, to),
    apiKey: TEST_API_KEY,
    signingKeys,
    billing,
    request,
    signIn,
    createAccount,
    addMember,
    connectStripe,
    close: async () => {
      await listener?.close()
      await database.close()
    },
  }
}

/** The test PostgreSQL server (the server-pg project); throws elsewhere. */
export function testPostgresUrl(): string {
  const url = inject('testDatabaseUrl') ?? process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (the global setup starts a server)')
  return url
}
