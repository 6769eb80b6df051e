import { randomInt } from 'node:crypto'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { type Capabilities, capabilitiesFor, type Role } from '@retainkit/shared/roles'
import type { Kysely, Transaction } from 'kysely'
import type { AuthUser } from '../auth/types'
import type { Account, Database } from '../db/tables'
import type { AppDeps } from '../deps'
import { HttpError } from '../http/http-error'
import { effectiveTier, type TierRecords, trialEndFor } from './billing/tier'
import { configChanged } from './config-changes'
import { acceptInvitations } from './members'

/**
 * Accounts, memberships and the session context. Every account is born
 * complete — owner membership, config version 1 and the default reasons — in the caller's transaction,
 * so no reader ever sees an account without a config.
 */

/** The demo merchant's owner. The demo seed creates this user's account 'demo'; bootstrap leaves it be. */
export const DEMO_OWNER_EMAIL = 'demo@retainkit.dev'
/** Accounts one user may own (a guard against scripted sign-ups filling the database). */
export const MAX_OWNED_ACCOUNTS = 20

type Db = Kysely<Database> | Transaction<Database>

export interface AccountSummary {
  id: string
  name: string
  slug: string
  email: string | null
}

export interface SessionContext {
  active_account_id: string | null
  accounts: AccountSummary[]
  membership: { role: Role } | null
  capabilities: Capabilities
  user: { id: string; email: string }
}

/** The account fields the data call returns (account_id, tier, email, domain; plus name, slug). */
export interface AccountData {
  account_id: string
  name: string
  slug: string
  email: string | null
  domain: string | null
  tier: 'free' | 'pro'
}

/** `tier` is the effective tier (services/billing/tier.ts), never the stored operator tier alone. */
export const toAccountData = (row: Account, tier: 'free' | 'pro'): AccountData => ({
  account_id: row.id,
  name: row.name,
  slug: row.slug,
  email: row.email,
  domain: row.domain,
  tier,
})

/** The tier records of an account row that has no platform subscription yet (a new account). */
const tierRecordsOf = (row: Account): TierRecords => ({
  operatorTier: row.tier,
  trialEndsAt: row.trial_ends_at,
  subscription: null,
})

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A fresh account id: `acct_` and 16 random letters and digits (about 82 bits). Nothing of the owner's
 * address or the workspace's name: the id is public, in the snippet on the merchant's pages. Ids made
 * before (`jane-doe-k3x9q2`) are ordinary ids and keep working.
 */
export function generateAccountId(): string {
  let out = 'acct_'
  for (let i = 0; i < 16; i++) out += ID_ALPHABET[randomInt(ID_ALPHABET.length)]
  return out
}

// Addresses that name a role, not a person: their workspace is named after the company's domain.
const ROLE_ADDRESSES = new Set(['admin', 'billing', 'contact', 'hello', 'info', 'office', 'sales', 'support'])
// Free-mail domains say nothing about the company.
const FREEMAIL = new Set(['gmail', 'googlemail', 'outlook', 'hotmail', 'live', 'yahoo', 'icloud', 'proton'])

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** "jane.doe@acme.com" → "Jane's workspace"; "info@acme.com" → "Acme workspace". */
export function workspaceName(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@')
  const first =
    local
      .split('+')[0]
      ?.split(/[._-]/)[0]
      ?.replace(/[^a-z]/g, '') ?? ''
  if (first.length >= 2 && !ROLE_ADDRESSES.has(first)) return `${capitalise(first)}'s workspace`
  const company = domain.split('.')[0]?.replace(/[^a-z0-9-]/g, '') ?? ''
  if (company && !FREEMAIL.has(company)) return `${capitalise(company)} workspace`.slice(0, 100)
  return 'My workspace'
}

/**
 * Creates or refreshes the users row for a verified token (its `sub` and e-mail). A row that already
 * matches is not touched, so repeated calls write nothing.
 */
export async function upsertUser(db: Db, user: AuthUser): Promise<void> {
  try {
    await db
      .insertInto('users')
      .values({ id: user.id, email: user.email })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ email: user.email }).where('users.email', '<>', user.email),
      )
      .execute()
  } catch (error) {
    // Another user row holds this address (e.g. a user re-created in the auth provider).
    if (isUniqueViolation(error)) {
      throw new HttpError('CONSTRAINT_VIOLATION', 'This email address belongs to another user.')
    }
    throw error
  }
}

export interface NewAccountInput {
  id: string
  name: string
  email: string | null
  domain: string | null
  ownerId: string
  now: Date
}

/**
 * Inserts an account with its owner, config version 1 and the default reasons. Must run in a
 * transaction. The slug is the lower-cased id, so ids differing only in case cannot coexist. Every new
 * account starts a Pro trial (FREE_TRIAL_DAYS); its stored tier stays 'free', so when the trial ends
 * the account is on Starter unless it subscribed.
 */
export async function insertAccountWithDefaults(
  trx: Transaction<Database>,
  input: NewAccountInput,
): Promise<Account> {
  const account = await trx
    .insertInto('accounts')
    .values({
      id: input.id,
      name: input.name,
      slug: input.id.toLowerCase(),
      email: input.email,
      domain: input.domain,
      tier: 'free',
      trial_ends_at: trialEndFor(input.now),
      created_at: input.now,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('memberships')
    .values({ account_id: input.id, user_id: input.ownerId, role: 'owner', created_at: input.now })
    .execute()
  await trx
    .insertInto('flow_configs')
    .values({
      account_id: input.id,
      version: 1,
      config: JSON.stringify(createDefaultConfig()),
      created_by: input.ownerId,
      created_at: input.now,
    })
    .execute()
  const reasons = JSON.stringify(createDefaultReasons())
  await trx
    .insertInto('cancellation_reasons')
    .values({ account_id: input.id, reasons, updated_at: input.now, version: 1 })
    .execute()
  await trx
    .insertInto('cancellation_reason_versions')
    .values({ account_id: input.id, version: 1, reasons, created_by: input.ownerId, created_at: input.now })
    .execute()
  return account
}

/** Is this id (or its case-insensitive twin, which would share the slug) taken? */
export async function accountIdTaken(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', id), eb('slug', '=', id.toLowerCase())]))
    .executeTakeFirst()
  return row !== undefined
}

/** A generated id nobody holds yet (a collision is all but impossible; retry a few times anyway). */
export async function freeGeneratedId(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const id = generateAccountId()
    if (!(await accountIdTaken(db, id))) return id
  }
  throw new HttpError('CONSTRAINT_VIOLATION', 'Could not find a free account ID. Please try again.')
}

/**
 * `POST /api/session?action=bootstrap`: invitations waiting for the user's address are accepted (Settings
 * → Team); then the first call of a user without memberships creates their workspace, and every later
 * call (and any concurrent twin) finds the membership and writes nothing. The
 * users row is locked for the check-then-create, which serialises concurrent bootstraps of one user.
 */
export async function bootstrapUser(deps: AppDeps, user: AuthUser): Promise<SessionContext> {
  // The demo seed owns the demo user's account; creating a second workspace beside it would be noise.
  if (user.email === DEMO_OWNER_EMAIL) return loadSessionContext(deps.db, user)
  await upsertUser(deps.db, user)
  let created: string | null = null
  await deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst()
    // Invitations to this address become memberships now; the newest account joined becomes active.
    const joined = await acceptInvitations(trx, user, deps.clock.now())
    const last = joined.at(-1)
    if (last) {
      await trx.updateTable('users').set({ active_account_id: last }).where('id', '=', user.id).execute()
      return
    }
    const member = await trx
      .selectFrom('memberships')
      .select('account_id')
      .where('user_id', '=', user.id)
      .limit(1)
      .executeTakeFirst()
    if (member) return
    const id = await freeGeneratedId(trx)
    await insertAccountWithDefaults(trx, {
      id,
      name: workspaceName(user.email),
      email: user.email,
      domain: null,
      ownerId: user.id,
      now: deps.clock.now(),
    })
    await trx.updateTable('users').set({ active_account_id: id }).where('id', '=', user.id).execute()
    created = id
  })
  // The id may sit in the widget config's short negative cache (someone tried it before it existed).
  if (created) await configChanged(deps, created)
  return loadSessionContext(deps.db, user)
}

/**
 * The session context. Membership and capabilities describe the active account; when the
 * stored active account is no longer one of the user's (removed, deleted), the first membership stands
 * in — reported, not written, so reading the context never changes anything.
 */
export async function loadSessionContext(db: Db, user: AuthUser): Promise<SessionContext> {
  const stored = await db
    .selectFrom('users')
    .select('active_account_id')
    .where('id', '=', user.id)
    .executeTakeFirst()
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['a.id', 'a.name', 'a.slug', 'a.email', 'm.role'])
    .where('m.user_id', '=', user.id)
    .orderBy('m.created_at')
    .orderBy('a.id')
    .execute()
  const active = rows.find((row) => row.id === stored?.active_account_id) ?? rows[0] ?? null
  return {
    active_account_id: active?.id ?? null,
    accounts: rows.map(({ id, name, slug, email }) => ({ id, name, slug, email })),
    membership: active ? { role: active.role } : null,
    capabilities: capabilitiesFor(active?.role ?? null),
    user: { id: user.id, email: user.email },
  }
}

export interface CreateAccountInput {
  account_id?: string | undefined
  name?: string | undefined
  email?: string | undefined
  domain?: string | undefined
}

/**
 * `POST /api/accounts`: a new free account owned by the caller. At most MAX_OWNED_ACCOUNTS per user,
 * counted under the users-row lock so concurrent creates cannot overshoot.
 */
export async function createOwnedAccount(
  deps: AppDeps,
  user: AuthUser,
  input: CreateAccountInput,
): Promise<AccountData> {
  await upsertUser(deps.db, user)
  const name = input.name ?? input.account_id ?? input.domain ?? workspaceName(user.email)
  try {
    const account = await deps.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst()
      const owned = await trx
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user.id)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow()
      if (Number(owned.n) >= MAX_OWNED_ACCOUNTS) {
        throw new HttpError(
          'BUSINESS_RULE_VIOLATION',
          `You can own at most ${MAX_OWNED_ACCOUNTS} accounts.`,
          undefined,
        )
      }
      let id = input.account_id
      if (id === undefined) id = await freeGeneratedId(trx)
      else if (await accountIdTaken(trx, id)) throw duplicateAccount()
      return insertAccountWithDefaults(trx, {
        id,
        name,
        email: input.email ?? user.email,
        domain: input.domain?.toLowerCase() ?? null,
        ownerId: user.id,
        now: deps.clock.now(),
      })
    })
    await configChanged(deps, account.id)
    return toAccountData(account, effectiveTier(tierRecordsOf(account), deps.clock.now()).tier)
  } catch (error) {
    // A concurrent create of the same id got there first.
    if (isUniqueViolation(error)) throw duplicateAccount()
    throw error
  }
}

const duplicateAccount = () =>
  new HttpError('DUPLICATE_ENTRY', 'An account with this ID already exists.', 'account_id')
