/**
 * What the benchmarks that drive the real routes share: a PostgreSQL to bench on, a fresh database of
 * their own there, and the app's dependencies wired as a real process wires them (no Stripe calls).
 */
import { randomBytes } from 'node:crypto'
import { type AppDeps, createLogger, loadConfig } from '@retainkit/server/app'
import {
  createBackgroundWork,
  createEmbeddedVerifier,
  createSecretBox,
  createStripeClientFactory,
  createWidgetConfigCache,
  type DatabaseHandle,
  defaultStaticRoots,
  loadOrCreateSigningKeys,
  systemClock,
  withDatabase,
} from '@retainkit/server/testing'
import pg from 'pg'

export const API_KEY = `rk_pub_bench_${randomBytes(12).toString('hex')}`

/** The PostgreSQL server to bench on, or null; each run gets a database of its own there. */
export async function postgresBase(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL
  try {
    // @ts-expect-error: a plain .mjs script without type declarations
    const { startTestPostgres } = await import('../../scripts/test-postgres.mjs')
    return (startTestPostgres as () => string)()
  } catch (error) {
    console.warn(`PostgreSQL unavailable, skipping it: ${(error as Error).message}`)
    return null
  }
}

export async function freshPostgres(
  base: string,
  label: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `retainkit_bench_${process.pid}_${label}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`drop database if exists ${name}`)
  await admin(`create database ${name}`)
  return { url: withDatabase(base, name), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

/** The app's dependencies over `database`, and its signing keys (to sign a console user's token). */
export async function benchDeps(database: DatabaseHandle) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:8787',
    RETAINKIT_SEED_DEMO: '0',
  })
  const secrets = createSecretBox(randomBytes(32))
  const issuer = `${config.publicUrl}/auth/v1`
  const signingKeys = await loadOrCreateSigningKeys(database.db, secrets, issuer)
  const logger = createLogger({ level: 'warn' })
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    dbAvailability: database.availability,
    secrets,
    clock: systemClock,
    stripe: createStripeClientFactory({}),
    verifier: createEmbeddedVerifier(signingKeys, issuer, () => systemClock.now()),
    signingKeys,
    mailer: { send: async () => ({ messageId: null }) },
    logger,
    apiKey: API_KEY,
    anonKey: `rk_anon_bench_${randomBytes(12).toString('hex')}`,
    widgetConfigCache: createWidgetConfigCache(),
    background: createBackgroundWork(logger),
    staticRoots: defaultStaticRoots(),
  }
  return { deps, signingKeys }
}
