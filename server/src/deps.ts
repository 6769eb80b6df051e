import type { Kysely } from 'kysely'
import type { SigningKeys } from './auth/signing-keys'
import type { TokenVerifier } from './auth/types'
import type { ServerConfig } from './config/env'
import type { DatabaseAvailability } from './db/availability'
import type { DatabaseKind, PoolStats } from './db/database'
import type { Database } from './db/tables'
import type { BackgroundWork } from './services/background-work'
import type { Clock } from './services/clock'
import type { WidgetConfigCache } from './services/config-cache'
import type { Logger } from './services/logger'
import type { Mailer } from './services/mailer'
import type { SecretBox } from './services/secret-box'
import type { StripeClientFactory } from './services/stripe-client'
import type { HostResolver } from './services/webhooks-out/address-guard'

/**
 * Everything a route may use. `createApp(deps)` builds the HTTP app from these and nothing else, so
 * tests swap in a PGlite database, a Stripe fake, a manual clock or a memory logger freely.
 */
export interface AppDeps {
  config: ServerConfig
  db: Kysely<Database>
  dbKind: DatabaseKind
  /** Whether the database answers right now (PostgreSQL down, PGlite broken → 503s, /health degraded). */
  dbAvailability: DatabaseAvailability
  /** PostgreSQL's pool right now, for /metrics; absent on PGlite (one connection). */
  dbPool?: () => PoolStats
  secrets: SecretBox
  clock: Clock
  stripe: StripeClientFactory
  verifier: TokenVerifier
  /** The embedded auth server's keys; null when a Supabase project does auth. */
  signingKeys: SigningKeys | null
  mailer: Mailer
  logger: Logger
  /** The public client key console and marketing send as `x-api-key`. */
  apiKey: string
  /** The anon key handed to supabase-js (the project's, or ours in embedded mode). */
  anonKey: string
  /** Work requests start without waiting for it (a connection's backfill). */
  background: BackgroundWork
  /** What the widget config endpoint serves; invalidated when a config or the reasons change. */
  widgetConfigCache: WidgetConfigCache
  /**
   * This process's token for `npm run admin` (routes/admin.ts), written to DATA_DIR/admin.json; absent
   * or null, the admin endpoint does not exist (tests, scripts).
   */
  adminToken?: string | null
  /**
   * How webhook deliveries reach merchants' endpoints once their addresses passed the guard; absent,
   * HTTPS pinned to those addresses. Tests pass receivers in process here.
   */
  webhookFetch?: (url: string, init: RequestInit) => Promise<Response>
  /** DNS for webhook URLs (checked at registration and at each delivery); absent, the system's. */
  webhookResolver?: HostResolver
  /**
   * A certificate authority webhook deliveries trust besides the system's (PEM): tests' local HTTPS
   * receivers, which also need `webhooksAllowLoopback`. Absent in a real process.
   */
  webhookExtraCa?: string
  /** Built front ends served by this process. */
  staticRoots: { widget: string; console: string; marketing: string; widgetReleases?: string }
}
