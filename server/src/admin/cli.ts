import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createDeps } from '../bootstrap'
import { ConfigurationError, loadConfig, type ServerConfig } from '../config/env'
import { openDatabase } from '../db/database'
import { migrate } from '../db/migrate'
import { systemClock } from '../services/clock'
import { createWidgetConfigCache } from '../services/config-cache'
import { createLogger } from '../services/logger'
import { readAdminFile } from './admin-file'
import {
  changeEarlyAccess,
  type EarlyAccessChange,
  formatEarlyAccess,
  formatWaitlist,
  listWaitlist,
  type WaitlistListing,
} from './early-access'
import { formatMailListing, listMail, type MailListing } from './mail'
import {
  type AccountListing,
  ADMIN_TIERS,
  AdminError,
  type AdminTier,
  listAccounts,
  revokeSessions,
  setTier,
  type TierChange,
} from './operations'
import { RECONCILE_ANSWER_TIMEOUT_MS, runReconcileCommand } from './reconcile-command'

/**
 * `npm run admin -- <command>`: the operator's tools for a server without billing (and, with --force,
 * with it). Reads the same environment as the server (DATA_DIR, DATABASE_URL). While the server runs
 * (DATA_DIR/admin.json) the command goes through its loopback admin endpoint — the embedded database
 * admits one process, and the server's widget config cache must hear of a tier change; otherwise it
 * opens the database itself.
 */

export const ADMIN_USAGE = `Usage:
  npm run admin -- accounts                                  list accounts with tier and usage
  npm run admin -- tier <account id | owner e-mail> pro|starter [--force]
  npm run admin -- revoke-sessions <e-mail>                  sign a user out everywhere
  npm run admin -- mail                                      failed and waiting mail (no bodies)
  npm run admin -- waitlist                                  payment recovery waitlist sign-ups
  npm run admin -- early-access <account id | owner e-mail> on|off   grant payment recovery
  npm run admin -- reconcile [account id | owner e-mail]     read missed Stripe events now (all connected accounts without one)`

type Command =
  | { name: 'accounts' }
  | { name: 'tier'; account: string; tier: AdminTier; force: boolean }
  | { name: 'revoke-sessions'; email: string }
  | { name: 'mail' }
  | { name: 'waitlist' }
  | { name: 'early-access'; account: string; on: boolean }
  | { name: 'reconcile'; account?: string }

export function parseAdminArgs(argv: readonly string[]): Command | string {
  const force = argv.includes('--force')
  const args = argv.filter((arg) => arg !== '--force')
  const [name, ...rest] = args
  if ((name === 'accounts' || name === 'mail' || name === 'waitlist') && rest.length === 0) return { name }
  if (name === 'early-access' && rest.length === 2) {
    const [account, state] = rest as [string, string]
    if (state !== 'on' && state !== 'off') return `Early access is on or off, not "${state}".`
    return { name, account, on: state === 'on' }
  }
  if (name === 'tier' && rest.length === 2) {
    const [account, tier] = rest as [string, string]
    if (!(ADMIN_TIERS as readonly string[]).includes(tier))
      return `Tier must be pro or starter, not "${tier}".`
    return { name, account, tier: tier as AdminTier, force }
  }
  if (name === 'reconcile' && rest.length <= 1) return rest[0] ? { name, account: rest[0] } : { name }
  if (name === 'revoke-sessions' && rest.length === 1) return { name, email: rest[0] as string }
  return name ? `Unknown or incomplete command: ${args.join(' ')}` : 'No command given.'
}

const TIER_NAMES = { free: 'Starter', pro: 'Pro' } as const

function formatAccounts(accounts: AccountListing[]): string {
  if (accounts.length === 0) return 'No accounts yet.'
  const lines = accounts.map((a) => {
    const usage = `${a.sessions_this_month}${a.session_limit === null ? '' : ` / ${a.session_limit}`} sessions this month`
    const trial =
      a.trial_ends_at && a.source === 'trial' ? `, trial ends ${a.trial_ends_at.slice(0, 10)}` : ''
    return `${a.id}  ${TIER_NAMES[a.tier]} (${a.source}${trial})  ${usage}  ${a.name}  owners: ${a.owners.join(', ') || '—'}`
  })
  return lines.join('\n')
}

function formatResult(command: Exclude<Command, { name: 'reconcile' }>, result: unknown): string {
  if (command.name === 'accounts') return formatAccounts(result as AccountListing[])
  if (command.name === 'mail') return formatMailListing(result as MailListing)
  if (command.name === 'waitlist') return formatWaitlist(result as WaitlistListing)
  if (command.name === 'early-access') return formatEarlyAccess(result as EarlyAccessChange)
  if (command.name === 'tier') {
    const change = result as TierChange
    return `${change.account.id} (${change.account.name}) is now on ${TIER_NAMES[change.tier]} (${change.source}).`
  }
  const revoked = result as { email: string; revoked: number }
  return `Signed ${revoked.email} out of ${revoked.revoked} session${revoked.revoked === 1 ? '' : 's'}.`
}

/** Asks the running server; null when nobody answers at the address (a stale file). */
async function viaServer(
  dataDir: string,
  command: Command,
  timeoutMs = 15_000,
): Promise<{ ok: boolean; value: unknown } | null> {
  const endpoint = readAdminFile(dataDir)
  if (!endpoint) return null
  const { name, ...body } = command
  let response: Response
  try {
    response = await fetch(`${endpoint.url}/api/admin/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch {
    return null
  }
  const payload = (await response.json().catch(() => null)) as {
    data?: unknown
    error?: { message?: string }
  } | null
  if (response.ok) return { ok: true, value: payload?.data }
  // The server redacts e-mail addresses from every error it answers; the one here is the operator's own
  // argument, so the CLI puts it back.
  const reference =
    name === 'tier' || name === 'early-access' || name === 'reconcile'
      ? (command.account ?? '')
      : name === 'revoke-sessions'
        ? command.email
        : ''
  const message = payload?.error?.message ?? `The server answered HTTP ${response.status}.`
  return { ok: false, value: message.replaceAll('[REDACTED_EMAIL]', reference) }
}

async function directly(
  config: ServerConfig,
  command: Exclude<Command, { name: 'reconcile' }>,
): Promise<unknown> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : join(config.dataDir, 'pglite'),
  })
  try {
    await migrate(database)
    // On PostgreSQL the tier change is announced (NOTIFY) to running instances, as a server would.
    const deps = {
      db: database.db,
      dbKind: database.kind,
      logger: createLogger({ level: 'warn', sink: (line) => process.stderr.write(`${line}\n`) }),
      clock: systemClock,
      widgetConfigCache: createWidgetConfigCache(),
      config,
    }
    if (command.name === 'accounts') return await listAccounts(deps)
    if (command.name === 'mail') return await listMail(deps)
    if (command.name === 'waitlist') return await listWaitlist(deps)
    if (command.name === 'early-access') return await changeEarlyAccess(deps, command.account, command.on)
    if (command.name === 'tier') return await setTier(deps, command.account, command.tier, command)
    return await revokeSessions(deps, command.email)
  } finally {
    await database.close()
  }
}

/** Opens the database and Stripe as the server would (the secret key decrypts the stored Stripe keys). */
function reconcile(config: ServerConfig, command: Extract<Command, { name: 'reconcile' }>, io: AdminIo) {
  return runReconcileCommand(
    command.account,
    io,
    () => viaServer(config.dataDir, command, RECONCILE_ANSWER_TIMEOUT_MS),
    () =>
      createDeps(config, createLogger({ level: 'warn', sink: (line) => process.stderr.write(`${line}\n`) })),
  )
}

export interface AdminIo {
  out(line: string): void
  err(line: string): void
}

/** Runs one command; resolves with the process exit code (0 done, 1 refused, 2 bad usage). */
export async function runAdmin(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: AdminIo,
): Promise<number> {
  const command = parseAdminArgs(argv)
  if (typeof command === 'string') {
    io.err(`${command}\n\n${ADMIN_USAGE}`)
    return 2
  }
  let config: ServerConfig
  try {
    config = loadConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error
    io.err(error.message)
    return 1
  }
  try {
    if (command.name === 'reconcile') return await reconcile(config, command, io)
  } catch (error) {
    if (!(error instanceof AdminError)) throw error
    io.err(error.message)
    return 1
  }
  const answered = await viaServer(config.dataDir, command)
  if (answered) {
    if (!answered.ok) {
      io.err(String(answered.value))
      return 1
    }
    io.out(formatResult(command, answered.value))
    return 0
  }
  try {
    io.out(formatResult(command, await directly(config, command)))
    return 0
  } catch (error) {
    if (!(error instanceof AdminError)) throw error
    io.err(error.message)
    return 1
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href
if (invokedDirectly) {
  runAdmin(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  })
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      process.stderr.write(
        `npm run admin failed: ${error instanceof Error ? error.message : String(error)}\n`,
      )
      process.exit(1)
    })
}
