/**
 * `@retainkit/server/admin`: the operator's tools as functions, for suites that drive them the way
 * `npm run admin` does — the admin file a running server writes (how the command finds its loopback
 * endpoint) and the operations behind the commands. The command line itself is `src/admin/cli.ts`.
 */
export { type AdminEndpoint, readAdminFile, writeAdminFile } from './admin-file'
export { changeEarlyAccess, type EarlyAccessChange, listWaitlist } from './early-access'
export { type AdminDeps, listAccounts, revokeSessions, setTier } from './operations'
export { reconcileAccounts } from './reconcile'
