import { resolve } from 'node:path'
import { type BillingConfig, parseBilling } from './billing-env'
import { ConfigurationError, type Env, httpUrl, present } from './env-values'
import { parseMerchantSyncInterval } from './merchant-sync-env'
import { type OAuthProviderConfig, parseOAuthProviders } from './oauth-providers'
import { type ObservabilityConfig, parseObservability } from './observability-env'
import { parseWriteInSummaries, type WriteInSummaryConfig } from './summaries-env'
import { parseTrustProxy, type TrustProxy } from './trust-proxy'

export { ConfigurationError, type Env, httpUrl, present } from './env-values'

/**
 * Startup configuration. Every variable is optional in the
 * embedded default; a bad value stops startup with a CONFIGURATION_ERROR that names the variable, so an
 * operator never runs with a half-understood configuration.
 */
export interface ServerConfig {
  nodeEnv: string
  production: boolean
  port: number
  host: string
  /** The origin people reach the product at, without trailing slash. */
  publicUrl: string
  /**
   * True when PUBLIC_URL was set. Without it, `publicUrl` is only the default (`http://localhost:PORT`)
   * and each request's site is the origin it was sent to, when that is this machine's (http/site-origin.ts).
   */
  publicUrlFixed: boolean
  dataDir: string
  databaseUrl: string | null
  /** Connections the PostgreSQL pool opens at most (DATABASE_POOL_SIZE; PGlite has one). */
  databasePoolSize: number
  /** 32-byte key for AES-256-GCM, or null to use (or create) `DATA_DIR/secret.key`. */
  secretKey: Buffer | null
  /** The public client key the console and marketing send as `x-api-key`; null → generated once. */
  apiKey: string | null
  supabase: { url: string; anonKey: string; jwtSecret: string | null } | null
  smtpUrl: string | null
  /** The address every mail is sent from (MAIL_FROM; default no-reply@ the public host). */
  mailFrom: string
  /** Days sent and given-up rows stay in the mail outbox (MAIL_RETENTION_DAYS, default 30). */
  mailRetentionDays: number
  /** Social sign-in providers of the embedded auth server (AUTH_OAUTH_PROVIDERS, JSON). */
  oauthProviders: OAuthProviderConfig[]
  stripe: { clientId: string | null; platformSecretKey: string | null; apiBase: string | null }
  /** The card-billing portal behind the console's Plan and Billing links; null → settings. */
  billingPortalUrl: string | null
  /**
   * Billing on the platform's own Stripe account (Checkout, Billing Portal, webhooks, metered usage);
   * null when the operator runs without it and sets tiers with `npm run admin -- tier`.
   */
  billing: BillingConfig | null
  /** Seed the demo merchant on first start (default on, off with RETAINKIT_SEED_DEMO=0). */
  seedDemo: boolean
  /** Which X-Forwarded-For hops to believe (TRUST_PROXY: a hop count or a CIDR list; default none). */
  trustProxy: TrustProxy
  /** How long a new process waits for the previous holder of DATA_DIR to exit (DATA_DIR_LOCK_TIMEOUT). */
  dataDirLockWaitMs: number
  /**
   * Test-only: webhook endpoints on loopback (127.0.0.0/8, ::1, localhost) are allowed, so a test can
   * receive real deliveries on this machine. Off unless RETAINKIT_WEBHOOKS_ALLOW_LOOPBACK=1, and refused
   * in production.
   */
  webhooksAllowLoopback: boolean
  /** `/metrics` access (METRICS_TOKEN, METRICS_ALLOW; off when neither is set). */
  observability: ObservabilityConfig
  /** The optional monthly write-in summaries' OpenAI-compatible endpoint; null (the default) → off. */
  writeInSummaries: WriteInSummaryConfig | null
  /**
   * How long the evidence ledger keeps a row (EVIDENCE_RETENTION_YEARS, whole years, at least 3 as
   * California's AB 2863 asks of consent records; default 3). Older rows are pruned by the evidence pass.
   */
  evidenceRetentionYears: number
  /** How often the Stripe reconcile runs (MERCHANT_SYNC_INTERVAL, 1 minute to 24 hours; default 15 minutes). */
  merchantSyncIntervalMs: number
}

function minLength(env: Env, name: string, length: number): string | undefined {
  const value = present(env, name)
  if (value !== undefined && value.length < length) {
    throw new ConfigurationError(name, `must be at least ${length} characters`)
  }
  return value
}

function parseSecretKey(env: Env): Buffer | null {
  const value = present(env, 'RETAINKIT_SECRET_KEY')
  if (value === undefined) return null
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64')
  if (bytes.length !== 32) {
    throw new ConfigurationError('RETAINKIT_SECRET_KEY', 'must be 32 bytes, as 64 hex characters or base64')
  }
  return bytes
}

/** Where the server runs and answers: environment, port, host, public URL and data folder. */
function readPlace(env: Env, cwd: string) {
  const nodeEnv = present(env, 'NODE_ENV') ?? 'development'
  const portText = present(env, 'PORT') ?? '8787'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new ConfigurationError('PORT', 'must be an integer between 1 and 65535')
  }
  const host = present(env, 'HOST') ?? '0.0.0.0'
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host))
    throw new ConfigurationError('HOST', 'must be a host name or IP address')
  return {
    nodeEnv,
    production: nodeEnv === 'production',
    port,
    host,
    publicUrl: httpUrl(env, 'PUBLIC_URL') ?? `http://localhost:${port}`,
    publicUrlFixed: present(env, 'PUBLIC_URL') !== undefined,
    dataDir: resolve(cwd, present(env, 'DATA_DIR') ?? '.data'),
  }
}

/** The database, its pool and the key the secrets in it are encrypted with. */
function readStorage(env: Env, production: boolean) {
  const databaseUrl = present(env, 'DATABASE_URL') ?? null
  if (databaseUrl !== null && !/^postgres(?:ql)?:\/\//i.test(databaseUrl)) {
    throw new ConfigurationError('DATABASE_URL', 'must be a postgres:// or postgresql:// connection string')
  }
  const poolText = present(env, 'DATABASE_POOL_SIZE') ?? '10'
  if (!/^\d{1,3}$/.test(poolText) || Number(poolText) < 1 || Number(poolText) > 200) {
    throw new ConfigurationError('DATABASE_POOL_SIZE', 'must be a whole number of connections from 1 to 200')
  }
  const secretKey = parseSecretKey(env)
  if (production && databaseUrl && !secretKey) {
    throw new ConfigurationError(
      'RETAINKIT_SECRET_KEY',
      'is required in production with DATABASE_URL, so every instance decrypts the same secrets',
    )
  }
  return { databaseUrl, databasePoolSize: Number(poolText), secretKey }
}

/** The console's client key and the external Supabase auth server, if one replaces the embedded one. */
function readSignIn(env: Env) {
  const apiKey = minLength(env, 'RETAINKIT_API_KEY', 32) ?? null
  if (apiKey && apiKey.length > 255)
    throw new ConfigurationError('RETAINKIT_API_KEY', 'must be at most 255 characters')
  const supabaseUrl = httpUrl(env, 'SUPABASE_URL')
  const anonKey = minLength(env, 'SUPABASE_ANON_KEY', 20)
  const jwtSecret = minLength(env, 'SUPABASE_JWT_SECRET', 32) ?? null
  if (supabaseUrl && !anonKey)
    throw new ConfigurationError('SUPABASE_ANON_KEY', 'is required when SUPABASE_URL is set')
  if (anonKey && !supabaseUrl)
    throw new ConfigurationError('SUPABASE_URL', 'is required when SUPABASE_ANON_KEY is set')
  return { apiKey, supabase: supabaseUrl && anonKey ? { url: supabaseUrl, anonKey, jwtSecret } : null }
}

/** Outgoing mail: the SMTP server, the sender address and how long the outbox keeps what it sent. */
function readMail(env: Env, production: boolean, publicUrl: string, externalAuth: boolean) {
  const smtpUrl = present(env, 'SMTP_URL') ?? null
  if (production && smtpUrl === null && !externalAuth) {
    // The dev outbox prints sign-in links to the log: never acceptable in production.
    throw new ConfigurationError(
      'SMTP_URL',
      'is required in production when the embedded auth server sends sign-in mail',
    )
  }
  if (smtpUrl !== null && !/^smtps?:\/\/.+/i.test(smtpUrl)) {
    throw new ConfigurationError('SMTP_URL', 'must start with smtp:// or smtps://')
  }
  const mailFrom = present(env, 'MAIL_FROM') ?? `no-reply@${new URL(publicUrl).hostname}`
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(mailFrom)) {
    throw new ConfigurationError(
      'MAIL_FROM',
      'must be a bare e-mail address (the sender name is set per mail)',
    )
  }
  const retentionText = present(env, 'MAIL_RETENTION_DAYS') ?? '30'
  if (!/^\d{1,4}$/.test(retentionText) || Number(retentionText) < 1) {
    throw new ConfigurationError('MAIL_RETENTION_DAYS', 'must be a number of days from 1 to 9999')
  }
  return { smtpUrl, mailFrom, mailRetentionDays: Number(retentionText) }
}

function readOAuthProviders(env: Env, production: boolean): OAuthProviderConfig[] {
  try {
    return parseOAuthProviders(present(env, 'AUTH_OAUTH_PROVIDERS'), production)
  } catch (error) {
    throw new ConfigurationError('AUTH_OAUTH_PROVIDERS', (error as Error).message)
  }
}

/** Stripe Connect, test-only loopback webhooks, and the platform's own billing. */
function readStripe(env: Env, production: boolean) {
  const clientId = present(env, 'STRIPE_CLIENT_ID') ?? null
  if (clientId !== null && !/^ca_[A-Za-z0-9]+$/.test(clientId)) {
    throw new ConfigurationError('STRIPE_CLIENT_ID', 'must look like ca_…')
  }
  const platformSecretKey = present(env, 'STRIPE_PLATFORM_SECRET_KEY') ?? null
  if (platformSecretKey !== null && !/^sk_[A-Za-z0-9_]+$/.test(platformSecretKey)) {
    throw new ConfigurationError('STRIPE_PLATFORM_SECRET_KEY', 'must start with sk_')
  }
  const apiBase = httpUrl(env, 'STRIPE_API_BASE') ?? null
  const webhooksAllowLoopback = present(env, 'RETAINKIT_WEBHOOKS_ALLOW_LOOPBACK') === '1'
  if (webhooksAllowLoopback && production) {
    throw new ConfigurationError(
      'RETAINKIT_WEBHOOKS_ALLOW_LOOPBACK',
      'is for tests only: never set it in production',
    )
  }
  return {
    stripe: { clientId, platformSecretKey, apiBase },
    webhooksAllowLoopback,
    billingPortalUrl: httpUrl(env, 'BILLING_PORTAL_URL') ?? null,
    billing: parseBilling(env, platformSecretKey),
  }
}

/** How the process behaves in operation: demo seed, proxies, DATA_DIR lock, retention, metrics, workers. */
function readOperations(env: Env, production: boolean) {
  const seedText = present(env, 'RETAINKIT_SEED_DEMO') ?? (production ? '0' : '1')
  if (!/^[01]$/.test(seedText)) throw new ConfigurationError('RETAINKIT_SEED_DEMO', 'must be 0 or 1')
  let trustProxy: TrustProxy
  try {
    trustProxy = parseTrustProxy(present(env, 'TRUST_PROXY'))
  } catch (error) {
    throw new ConfigurationError('TRUST_PROXY', (error as Error).message)
  }
  const lockText = present(env, 'DATA_DIR_LOCK_TIMEOUT') ?? '15'
  if (!/^\d{1,3}$/.test(lockText) || Number(lockText) > 300) {
    throw new ConfigurationError('DATA_DIR_LOCK_TIMEOUT', 'must be a number of seconds from 0 to 300')
  }
  const evidenceYears = present(env, 'EVIDENCE_RETENTION_YEARS') ?? '3'
  if (!/^\d{1,2}$/.test(evidenceYears) || Number(evidenceYears) < 3) {
    throw new ConfigurationError('EVIDENCE_RETENTION_YEARS', 'must be a whole number of years, at least 3')
  }
  return {
    seedDemo: seedText === '1',
    trustProxy,
    dataDirLockWaitMs: Number(lockText) * 1000,
    evidenceRetentionYears: Number(evidenceYears),
    observability: parseObservability(env, (variable, problem) => new ConfigurationError(variable, problem)),
    writeInSummaries: parseWriteInSummaries(env),
    merchantSyncIntervalMs: parseMerchantSyncInterval(env),
  }
}

/** Reads every area in the order an operator fixes them: the first bad variable stops startup. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const place = readPlace(env, cwd)
  const storage = readStorage(env, place.production)
  const signIn = readSignIn(env)
  const mail = readMail(env, place.production, place.publicUrl, signIn.supabase !== null)
  const oauthProviders = readOAuthProviders(env, place.production)
  return {
    ...place,
    ...storage,
    ...signIn,
    ...mail,
    oauthProviders,
    ...readStripe(env, place.production),
    ...readOperations(env, place.production),
  }
}
