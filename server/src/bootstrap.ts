import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import { withSessionCheck } from './auth/session-check'
import { loadOrCreateSigningKeys } from './auth/signing-keys'
import { createEmbeddedVerifier, createSupabaseVerifier } from './auth/verifier'
import { type DataDirLock, lockDataDir } from './config/data-dir-lock'
import { ConfigurationError, type ServerConfig } from './config/env'
import { type DatabaseHandle, openDatabase } from './db/database'
import { migrate } from './db/migrate'
import { startFromTemplates } from './db/pglite-template'
import type { AppDeps } from './deps'
import { SERVER_ROOT } from './server-root'
import { createBackgroundWork } from './services/background-work'
import { type Clock, systemClock } from './services/clock'
import { createWidgetConfigCache } from './services/config-cache'
import { listenForConfigChanges } from './services/config-listener'
import type { Logger } from './services/logger'
import {
  createOutboxMailer,
  createSmtpMailer,
  createUnconfiguredMailer,
  type Mailer,
} from './services/mailer'
import { createSecretBox, loadOrCreateSecretKey, type SecretBox } from './services/secret-box'
import { loadOrCreateSetting } from './services/settings'
import { createStripeClientFactory, type StripeClientFactory } from './services/stripe-client'

export const REPO_ROOT = resolve(SERVER_ROOT, '..')

export const defaultStaticRoots = () => ({
  widget: join(REPO_ROOT, 'widget/dist'),
  // Previous releases' widgets, still served to the browsers that hold their loaders.
  widgetReleases: join(REPO_ROOT, 'widget/releases'),
  console: join(REPO_ROOT, 'console/dist'),
  marketing: join(REPO_ROOT, 'marketing/dist'),
})

/** Fails startup when the secret key differs from the one that encrypted this database's secrets. */
async function checkSecretKey(database: DatabaseHandle, secrets: SecretBox): Promise<void> {
  const probe = await loadOrCreateSetting(database.db, 'secret_key_check', () => secrets.encrypt('retainkit'))
  try {
    if (secrets.decrypt(probe) === 'retainkit') return
  } catch {
    // fall through
  }
  throw new ConfigurationError('RETAINKIT_SECRET_KEY', 'does not match the key that encrypted this database')
}

/** Everything `createApp` needs, for a real process (index.ts) or a script (seed, benchmarks). */
export async function createDeps(
  config: ServerConfig,
  logger: Logger,
): Promise<{
  deps: AppDeps
  /** The open database, for what listens to it (the mail worker: `startMailWorker(deps, { database })`). */
  database: DatabaseHandle
  close(): Promise<void>
  /** Gives back the memory a bulk load at startup grew (PGlite: migrations applied, demo seeded). */
  settleAfterLoad(loaded: boolean): Promise<void>
  /**
   * Which of the build's templates a new embedded data directory started from: 'demo' (the demo
   * merchant already in it, made today or in the last DEMO_TEMPLATE_MAX_AGE_DAYS) or 'migrated'; null
   * otherwise.
   */
  startedFrom: 'demo' | 'migrated' | null
}> {
  const { database, lock, startedFrom } = await openDatabaseFor(config, logger)
  const applied = await migrate(database)
  if (applied.length > 0) logger.info('migrations applied', { applied: applied.join(', ') })

  const secrets = createSecretBox(loadOrCreateSecretKey(config.secretKey, config.dataDir))
  await checkSecretKey(database, secrets)
  const { apiKey, anonKey } = await clientKeys(database, config)
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl)
    : config.production
      ? createUnconfiguredMailer()
      : createOutboxMailer(database.db, logger)
  const deps = await assembleDeps({
    config,
    database,
    secrets,
    clock: systemClock,
    stripe: createStripeClientFactory({
      apiBase: config.stripe.apiBase,
      platformSecretKey: config.stripe.platformSecretKey,
    }),
    mailer,
    logger,
    apiKey,
    anonKey,
  })
  const listener = database.databaseUrl
    ? listenForConfigChanges({ databaseUrl: database.databaseUrl, cache: deps.widgetConfigCache, logger })
    : null
  return {
    deps,
    database,
    startedFrom,
    settleAfterLoad: async (loaded) => {
      if (!loaded && applied.length === 0) return
      if (database.startAfresh) {
        await database.startAfresh()
        logger.info('embedded database reopened after the initial load')
      }
      // The load's garbage (the demo history is built in memory) would keep the heap committed at its
      // peak for hours of idling; `npm start` exposes gc so that one full collection (the kind V8 runs
      // under memory pressure, which also releases the emptied pages) gives it back now.
      const collect = (globalThis as { gc?: (options: object) => void }).gc
      collect?.({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    },
    close: async () => {
      await listener?.close()
      await database.close()
      lock?.release()
    },
  }
}

type StartedFrom = 'demo' | 'migrated' | null

/**
 * The database, opened; for the embedded one, DATA_DIR locked first and a new data directory started
 * from the build's template when there is one.
 */
async function openDatabaseFor(
  config: ServerConfig,
  logger: Logger,
): Promise<{ database: DatabaseHandle; lock: DataDirLock | null; startedFrom: StartedFrom }> {
  // The embedded database's files belong to one process; PostgreSQL serves many instances itself.
  const lock = config.databaseUrl ? null : await lockDataDirFor(config, logger)
  let database: DatabaseHandle
  let startedFrom: StartedFrom = null
  try {
    const pgliteDir = config.databaseUrl ? null : join(config.dataDir, 'pglite')
    // A new data directory starts from a template the build made, when there is one: with the demo
    // merchant in it when the demo is wanted, else just migrated.
    if (pgliteDir) startedFrom = startFromTemplates(pgliteDir, config.seedDemo ? { demoOn: new Date() } : {})
    if (startedFrom) logger.info(`new database started from the ${startedFrom} template`)
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: pgliteDir,
      poolSize: config.databasePoolSize,
      logger,
    })
  } catch (error) {
    lock?.release()
    throw error
  }
  return { database, lock, startedFrom }
}

/** The console's client key and the auth server's anon key: configured, or made once and kept. */
async function clientKeys(database: DatabaseHandle, config: ServerConfig) {
  const apiKey =
    config.apiKey ??
    (await loadOrCreateSetting(
      database.db,
      'api_key',
      () => `rk_pub_${randomBytes(24).toString('base64url')}`,
    ))
  const anonKey =
    config.supabase?.anonKey ??
    (await loadOrCreateSetting(
      database.db,
      'anon_key',
      () => `rk_anon_${randomBytes(24).toString('base64url')}`,
    ))
  return { apiKey, anonKey }
}

function lockDataDirFor(config: ServerConfig, logger: Logger): Promise<DataDirLock> {
  return lockDataDir(config.dataDir, {
    waitMs: config.dataDirLockWaitMs,
    onWait: (holder) =>
      logger.warn('DATA_DIR is held by another process; waiting for it to exit', {
        pid: holder.pid,
        waitSeconds: config.dataDirLockWaitMs / 1000,
      }),
  })
}

/** What a caller of assembleDeps chooses; the rest of AppDeps follows from these. */
export interface DepsParts {
  config: ServerConfig
  /** Open and migrated. */
  database: DatabaseHandle
  secrets: SecretBox
  clock: Clock
  stripe: StripeClientFactory
  mailer: Mailer
  logger: Logger
  apiKey: string
  anonKey: string
}

/**
 * AppDeps from the parts its caller chose — createDeps for a real process, the test harnesses with a
 * template database, fixed keys and fakes — so every app runs with the same auth and caches: the
 * embedded auth server on this database's signing keys, or the Supabase project when one is configured.
 */
export async function assembleDeps(parts: DepsParts): Promise<AppDeps> {
  const { config, database, secrets, clock } = parts
  const issuer = `${config.publicUrl}/auth/v1`
  const signingKeys = config.supabase ? null : await loadOrCreateSigningKeys(database.db, secrets, issuer)
  const verifier = signingKeys
    ? withSessionCheck(
        createEmbeddedVerifier(signingKeys, issuer, () => clock.now()),
        database.db,
      )
    : createSupabaseVerifier(config.supabase?.url ?? '', config.supabase?.jwtSecret ?? null)
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    dbAvailability: database.availability,
    ...(database.poolStats ? { dbPool: database.poolStats } : {}),
    secrets,
    clock,
    stripe: parts.stripe,
    verifier,
    signingKeys,
    mailer: parts.mailer,
    logger: parts.logger,
    apiKey: parts.apiKey,
    anonKey: parts.anonKey,
    widgetConfigCache: createWidgetConfigCache(),
    background: createBackgroundWork(parts.logger),
    staticRoots: defaultStaticRoots(),
  }
}
