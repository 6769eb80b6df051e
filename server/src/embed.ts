/**
 * `@retainkit/server/app`: what another Node process needs to run the server inside itself — the
 * sandbox (examples/), the benchmarks that boot a server — and nothing of how it is built inside:
 * read the configuration, build the dependencies, mount the app, listen, run the mail worker and
 * the memory trim `npm start` runs.
 * `src/index.ts` is the same composition as a command; test suites reach further through
 * `@retainkit/server/testing`.
 */
export { createApp } from './app'
export { createDeps, REPO_ROOT } from './bootstrap'
export { ConfigurationError, loadConfig, type ServerConfig } from './config/env'
export type { AppDeps } from './deps'
export { createAppServer } from './http/node-listener'
export { createLogger, type Logger, type LogLevel } from './services/logger'
export { type MailWorker, startMailWorker } from './services/mail'
export { MEMORY_TRIM_EVERY_MS, startMemoryTrim } from './services/memory-trim'
