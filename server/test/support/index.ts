/**
 * `@retainkit/server/testing`: what the suites outside the server (tests/e2e, tests/bench) may use of
 * it beyond `@retainkit/server/app` — the one deliberate door into its internals, so that no other
 * subpath has to stay exported for a test's sake. Each group says why a suite needs it; the server's
 * own tests import by relative path instead. Nothing the product runs imports this file.
 */

// Wiring an app in process the way src/bootstrap.ts does, with a memory logger and mailer or the mail
// outbox (the browser suites read what was sent), a fixed clock or the system's, and the pieces the
// benchmarks assemble themselves (no session check on every request, no Stripe calls).
export { loadOrCreateSigningKeys } from '../../src/auth/signing-keys'
export { createEmbeddedVerifier } from '../../src/auth/verifier'
export { assembleDeps, defaultStaticRoots } from '../../src/bootstrap'
export { type DatabaseHandle, openDatabase } from '../../src/db/database'
export { migrate } from '../../src/db/migrate'
export { seedDemoIfEmpty } from '../../src/seed/demo'
// What the benchmarks measure below the routes: the raw-event queries the rollups replaced (the
// "before" rows), compaction, save durability, each data set's definition, the write-in scorers and
// the insights worker.
export { compactRollupSlots } from '../../src/services/analytics/compaction'
export { followSaves, shapeDurability, tallyOfSave } from '../../src/services/analytics/durability'
export { ANALYTICS } from '../../src/services/analytics/endpoints'
export {
  lastReasons,
  lastReasonsByMonth,
  offerOutcomes,
  outcomesByMonth,
  savesByMonth,
  writeInWordCounts,
} from '../../src/services/analytics/queries'
export { resolveRange } from '../../src/services/analytics/range'
export { createBackgroundWork } from '../../src/services/background-work'
// The workers' single passes, which the product runs on a timer and a suite runs when its story needs
// it (one trial notice pass, one webhook delivery round, one recovery pass, the demo seed).
export { queueTrialNotices } from '../../src/services/billing/trial-notices'
export { systemClock } from '../../src/services/clock'
export { createWidgetConfigCache } from '../../src/services/config-cache'
export { accuracyTable, allLanguageReports } from '../../src/services/feedback/accuracy'
export { startFeedbackInsights } from '../../src/services/feedback/insights'
export { createMemoryLogger } from '../../src/services/logger'
export { createMemoryMailer, createOutboxMailer, type MailMessage } from '../../src/services/mailer'
export { runRecoveryPass, setEarlyAccess } from '../../src/services/recovery'
export { createSecretBox } from '../../src/services/secret-box'
export { createStripeClientFactory } from '../../src/services/stripe-client'
export { deliverDueWebhooks } from '../../src/services/webhooks-out/deliver'
// The ingest benchmark tries other limits on how many events calls are written together.
export { configureIngestGroups, ingestGroupCounters } from '../../src/services/widget/ingest-groups'
export { createWidgetSecret } from '../../src/services/widget/widget-secrets'
// Test support proper: databases cloned from a migrated template, a throw-away PostgreSQL cluster, a
// server in a child process, the analytics benchmark's bulk load.
export { type AnalyticsLoad, loadAnalytics, spreadRollupSlots } from './analytics-load'
export { freePort, type ServerProcess, startServerProcess } from './server-process'
export { openPgliteFromTemplate, withDatabase } from './template-db'
export { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres'
