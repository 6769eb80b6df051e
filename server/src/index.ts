import type { AddressInfo } from 'node:net'
import { loopbackUrl, newAdminToken, removeAdminFile, writeAdminFile } from './admin/admin-file'
import { createApp } from './app'
import { createDeps } from './bootstrap'
import { ConfigurationError, loadConfig, type ServerConfig } from './config/env'
import { parseLogLevel } from './config/observability-env'
import type { DatabaseHandle } from './db/database'
import { createAppServer } from './http/node-listener'
import { startRollupCompaction } from './services/analytics/compaction'
import { startBillingWorker } from './services/billing/follow-up'
import { startTrialNotices } from './services/billing/trial-notices'
import { startEvidencePasses } from './services/evidence/passes'
import { startFeedbackInsights } from './services/feedback/insights'
import { startWriteInSummaries } from './services/feedback/summary-pass'
import { registerInstance } from './services/instance-registry'
import { createLogger, type Logger, type LogLevel } from './services/logger'
import { startMailWorker } from './services/mail/runner'
import { startMemoryTrim } from './services/memory-trim'
import { startMerchantSyncWorker } from './services/merchant-events/sync'
import { startPastImportWorker } from './services/past-cancellations/import-run'
import { startRecoveryWorker } from './services/recovery/pass'
import { startWebhookWorker } from './services/webhooks-out/deliver'
import { startupBanner } from './startup-banner'

type Deps = Awaited<ReturnType<typeof createDeps>>['deps']
type Server = ReturnType<typeof createAppServer>

/**
 * The process: reads configuration, opens the database, seeds the demo, starts the background workers,
 * listens (writing the admin file) and shuts down on a signal. The routes live in createApp(deps).
 */
async function main() {
  const { config, logger } = readConfiguration()

  // A promise some background task forgot to handle (a database hiccup in a fire-and-forget write) is
  // logged; it must not end a process that is serving everyone else.
  process.on('unhandledRejection', (reason) => {
    logger.error('unhandled rejection', { error: reason instanceof Error ? reason.message : String(reason) })
  })

  const { deps, database, close, settleAfterLoad, startedFrom } = await createDeps(config, logger)
  // On PostgreSQL: refuses to start beside live instances with another PUBLIC_URL (their sign-ins fail here).
  const leaveRegistry = await registerInstance(deps)
  await settleAfterLoad(await seedDemo(deps, config, startedFrom))
  const stopWorkers = startWorkers(deps, database, leaveRegistry)
  // `npm run admin` reaches this process through DATA_DIR/admin.json while it runs.
  const adminToken = newAdminToken()
  const app = createApp({ ...deps, adminToken })
  const server = createAppServer(app, deps)
  server.listen(config.port, config.host, () => announce(server, deps, adminToken))
  onSignals(server, deps, stopWorkers, close)
}

/** LOG_LEVEL, then every other variable; a bad value ends the process with a CONFIGURATION_ERROR line. */
function readConfiguration(): { config: ServerConfig; logger: Logger } {
  let level: LogLevel
  try {
    level = parseLogLevel(process.env.LOG_LEVEL)
  } catch (error) {
    process.stderr.write(`CONFIGURATION_ERROR: LOG_LEVEL ${(error as Error).message}\n`)
    process.exit(1)
  }
  const logger = createLogger({ level })
  try {
    return { config: loadConfig(), logger }
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}

/** The demo merchant, when wanted: true when it was seeded just now (a bulk load to settle after). */
async function seedDemo(deps: Deps, config: ServerConfig, startedFrom: 'demo' | 'migrated' | null) {
  if (!config.seedDemo) return false
  const { completeDemoSeed, seedDemoIfEmpty } = await import('./seed/demo')
  // Started from the build's demo template (or an earlier version's demo): only the demo's widget
  // secret is left, and the sessions since the history was made when that was an earlier day (a few
  // dozen a day; no bulk load here).
  const seeded = startedFrom !== 'demo' && (await seedDemoIfEmpty(deps)) !== null
  if (!seeded) await completeDemoSeed(deps)
  return seeded
}

/**
 * The background workers, started in this order; the function it returns stops them in the order
 * shutdown needs and gives back what must finish before the database closes.
 */
function startWorkers(deps: Deps, database: DatabaseHandle, leaveRegistry: () => Promise<void>) {
  // Metered usage not yet reported to Stripe and usage mails that failed are retried in the background.
  const stopBillingWorker = startBillingWorker(deps)
  // Retainkit's own trial ending: notices to owners 7, 3 and 1 days before (through the mail outbox).
  const stopTrialNotices = startTrialNotices(deps)
  // Merchants' subscriptions: events Stripe failed to deliver are read back and applied.
  const stopMerchantSync = startMerchantSyncWorker(deps)
  // Past cancellations imported on connect: new imports, those whose run died (from their cursor), retries.
  const stopPastImports = startPastImportWorker(deps)
  // Payment recovery: open campaigns' retries, mails and ends, once per cluster every five minutes.
  const stopRecovery = startRecoveryWorker(deps)
  // Merchants' webhooks: the durable queue, shared safely by every instance.
  const stopWebhooks = startWebhookWorker(deps)
  // Mail: every message to a person, from the outbox its cause's transaction wrote; woken as that commits.
  const mailWorker = startMailWorker(deps, { database })
  // Analytics rollups: past days' counters folded into one row per key, so dashboards add up fewer rows.
  const stopCompaction = startRollupCompaction(deps)
  const stopEvidence = startEvidencePasses(deps)
  // Write-ins: sentiment and themes scored in the background (and the rows from before, backfilled).
  const stopInsights = startFeedbackInsights(deps)
  // Monthly write-in summaries, only when an OpenAI-compatible endpoint is configured (off by default).
  const stopSummaries = startWriteInSummaries({ ...deps, config: deps.config.writeInSummaries })
  // Emptied heap pages handed back to the system under steady traffic (only when npm start exposes gc).
  const stopMemoryTrim = startMemoryTrim({ logger: deps.logger })
  return (): Promise<unknown>[] => {
    stopBillingWorker()
    stopTrialNotices()
    stopMerchantSync()
    stopPastImports()
    stopRecovery()
    // Attempts in flight end within their deadline; their results are written before the database closes.
    const webhooksDrained = stopWebhooks()
    // Mail being sent finishes (each send has a deadline) before the database closes under it.
    const mailStopped = mailWorker.stop()
    stopCompaction()
    stopEvidence()
    const left = leaveRegistry()
    stopInsights()
    stopSummaries()
    stopMemoryTrim()
    return [webhooksDrained, mailStopped, left]
  }
}

/** Once listening: the log line, the admin file for `npm run admin`, and the banner. */
function announce(server: Server, deps: Deps, adminToken: string) {
  const { config, logger } = deps
  const info = server.address() as AddressInfo
  logger.info('Retainkit is listening', { url: config.publicUrl, port: info.port, database: deps.dbKind })
  try {
    writeAdminFile(config.dataDir, {
      url: loopbackUrl(config.host, info.port),
      token: adminToken,
      pid: process.pid,
    })
  } catch (error) {
    logger.warn('could not write the admin file: npm run admin will open the database itself', {
      error: error instanceof Error ? error.message : String(error),
    })
  }
  process.stdout.write(startupBanner(config, deps.dbKind))
}

/** SIGTERM and SIGINT: workers stopped, in-flight requests drained (10 s at most), the database closed. */
function onSignals(
  server: Server,
  deps: Deps,
  stopWorkers: () => Promise<unknown>[],
  close: () => Promise<void>,
) {
  const { config, logger } = deps
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    removeAdminFile(config.dataDir, process.pid)
    const draining = stopWorkers()
    logger.info('shutting down: draining in-flight requests', { signal })
    // Stop accepting connections; close() calls back once in-flight requests have finished.
    const force = setTimeout(() => {
      logger.warn('drain timed out after 10 s; closing anyway')
      void close().finally(() => process.exit(0))
    }, 10_000)
    force.unref()
    server.close(() => {
      void Promise.all(draining)
        .then(close)
        .finally(() => {
          logger.info('database closed; bye')
          process.exit(0)
        })
    })
    if ('closeIdleConnections' in server) (server as { closeIdleConnections(): void }).closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error) => {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
  const message = error instanceof Error ? error.message : String(error)
  process.stderr.write(`Retainkit failed to start: ${message}\n`)
  process.exit(1)
})
