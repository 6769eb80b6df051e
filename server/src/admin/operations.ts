import { type TierSource, usageLimitFor } from '@retainkit/shared/billing'
import { sql } from 'kysely'
import { z } from 'zod'
import type { ServerConfig } from '../config/env'
import type { AppDeps } from '../deps'
import { effectiveTier } from '../services/billing/tier'
import { configChanged } from '../services/config-changes'
import { startOfUtcMonth } from '../services/widget/session-store'

/**
 * What an operator does with `npm run admin`: list accounts with their tier and usage, set an
 * account's tier, sign a user out everywhere. The same operations run in the CLI (straight on the
 * database) and behind the running server's admin endpoint (routes/admin.ts). Failures are AdminError
 * with a sentence the CLI prints as is.
 */

export type AdminDeps = Pick<AppDeps, 'db' | 'dbKind' | 'logger' | 'clock' | 'widgetConfigCache'> & {
  config: Pick<ServerConfig, 'billing'>
}

export class AdminError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AdminError'
  }
}

export const ADMIN_TIERS = ['pro', 'starter'] as const
export type AdminTier = (typeof ADMIN_TIERS)[number]

/** What the admin endpoint (routes/admin.ts) answers: `POST /api/admin/{command}`. */
export const ADMIN_COMMANDS = [
  'accounts',
  'tier',
  'revoke-sessions',
  'mail',
  'waitlist',
  'early-access',
  'reconcile',
] as const

export const adminTierBody = z.strictObject({
  account: z.string().min(1).max(255),
  tier: z.enum(ADMIN_TIERS, { error: 'Tier must be pro or starter' }),
  force: z.boolean().optional(),
})
export const adminRevokeBody = z.strictObject({ email: z.string().min(3).max(255) })

export interface AccountListing {
  id: string
  name: string
  owners: string[]
  tier: 'free' | 'pro'
  source: TierSource
  trial_ends_at: string | null
  sessions_this_month: number
  session_limit: number | null
}

export async function listAccounts(deps: AdminDeps): Promise<AccountListing[]> {
  const now = deps.clock.now()
  const rows = await deps.db
    .selectFrom('accounts as a')
    .leftJoin('platform_subscriptions as p', 'p.account_id', 'a.id')
    .select((eb) => [
      'a.id',
      'a.name',
      'a.tier',
      'a.trial_ends_at',
      'p.customer_id',
      'p.status',
      'p.payment_failed_at',
      eb
        .selectFrom('cancel_sessions as s')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('s.account_id', '=', 'a.id')
        .where('s.kind', '=', 'cancel')
        .where('s.mode', '=', 'live')
        .where('s.created_at', '>=', startOfUtcMonth(now))
        .as('sessions'),
      sql<string>`(select string_agg(u.email, ',' order by u.email) from memberships m join users u on u.id = m.user_id where m.account_id = a.id and m.role = 'owner')`.as(
        'owners',
      ),
    ])
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute()
  return rows.map((row) => {
    const tier = effectiveTier(
      {
        operatorTier: row.tier,
        trialEndsAt: row.trial_ends_at,
        subscription: row.customer_id ? { status: row.status, paymentFailedAt: row.payment_failed_at } : null,
      },
      now,
    )
    return {
      id: row.id,
      name: row.name,
      owners: row.owners ? row.owners.split(',') : [],
      tier: tier.tier,
      source: tier.source,
      trial_ends_at: tier.trialEndsAt?.toISOString() ?? null,
      sessions_this_month: Number(row.sessions ?? 0),
      session_limit: usageLimitFor(tier.tier, deps.config.billing !== null).limit,
    }
  })
}

/** An account by its id, or by its owner's e-mail when that owner has exactly one account. */
export async function findAccount(deps: AdminDeps, reference: string): Promise<{ id: string; name: string }> {
  const byId = await deps.db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', reference)
    .executeTakeFirst()
  if (byId) return byId
  if (!reference.includes('@'))
    throw new AdminError(`No account with id "${reference}". List them with: npm run admin -- accounts`)
  const owned = await deps.db
    .selectFrom('accounts as a')
    .innerJoin('memberships as m', 'm.account_id', 'a.id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['a.id', 'a.name'])
    .where('m.role', '=', 'owner')
    .where(sql<string>`lower(u.email)`, '=', reference.toLowerCase())
    .orderBy('a.id')
    .execute()
  if (owned.length === 0)
    throw new AdminError(`No account is owned by ${reference}. List them with: npm run admin -- accounts`)
  if (owned.length > 1) {
    throw new AdminError(
      `${reference} owns ${owned.length} accounts (${owned.map((a) => a.id).join(', ')}): name one by its id.`,
    )
  }
  return owned[0] as { id: string; name: string }
}

export const BILLING_OWNS_TIERS =
  'Billing is configured on this server, so Stripe subscriptions decide tiers. Add --force to set the operator tier anyway: "pro" keeps the account on Pro whatever its subscription does; "starter" removes that and ends any trial (a paid subscription still counts).'

export interface TierChange {
  account: { id: string; name: string }
  tier: 'free' | 'pro'
  source: TierSource
}

/**
 * Sets the operator tier: 'pro' stores Pro for good; 'starter' stores Starter and ends a running
 * trial, so the account is on Starter now (unless a paid subscription says otherwise).
 */
export async function setTier(
  deps: AdminDeps,
  reference: string,
  tier: AdminTier,
  options: { force?: boolean } = {},
): Promise<TierChange> {
  if (deps.config.billing && !options.force) throw new AdminError(BILLING_OWNS_TIERS)
  const account = await findAccount(deps, reference)
  const now = deps.clock.now()
  const row = await deps.db
    .updateTable('accounts')
    .set((eb) => ({
      tier: tier === 'pro' ? 'pro' : 'free',
      trial_ends_at:
        tier === 'starter' ? eb.fn('least', [eb.ref('trial_ends_at'), eb.val(now)]) : eb.ref('trial_ends_at'),
      updated_at: now,
    }))
    .where('id', '=', account.id)
    .returning(['tier', 'trial_ends_at'])
    .executeTakeFirstOrThrow()
  await configChanged(deps, account.id)
  const status = await deps.db
    .selectFrom('platform_subscriptions')
    .select(['status', 'payment_failed_at'])
    .where('account_id', '=', account.id)
    .executeTakeFirst()
  const effective = effectiveTier(
    {
      operatorTier: row.tier,
      trialEndsAt: row.trial_ends_at,
      subscription: status ? { status: status.status, paymentFailedAt: status.payment_failed_at } : null,
    },
    now,
  )
  return { account, tier: effective.tier, source: effective.source }
}

/** Signs a user out of every session: their refresh tokens stop working and access tokens are refused. */
export async function revokeSessions(
  deps: AdminDeps,
  email: string,
): Promise<{ email: string; revoked: number }> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
  if (!user) throw new AdminError(`No user with the e-mail ${email}.`)
  const now = deps.clock.now()
  const sessions = await deps.db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute()
  await deps.db
    .updateTable('auth_refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .execute()
  return { email: user.email, revoked: sessions.length }
}
