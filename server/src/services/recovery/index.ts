/**
 * Payment recovery's entry: one evaluation pass, early access, settings (the browser suites and the
 * benchmark reach them through `@retainkit/server/testing`); the product runs the pass every five minutes.
 */
export { type PassResult, runRecoveryPass, startRecoveryWorker } from './pass'
export { recoveryAccess, saveRecoverySettings, setEarlyAccess } from './settings'
