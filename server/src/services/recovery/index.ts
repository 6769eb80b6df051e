/**
 * `@retainkit/server/recovery`: what the browser suites and the benchmark drive directly (one
 * evaluation pass, early access, settings); the product runs the pass itself every five minutes.
 */
export { type PassResult, runRecoveryPass, startRecoveryWorker } from './pass'
export { recoveryAccess, saveRecoverySettings, setEarlyAccess } from './settings'
