import {
  DEFAULT_RECOVERY_SETTINGS,
  type RecoverySettings,
  withRecoveryDefaults,
} from '@retainkit/shared/recovery'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import { loadEffectiveTier } from '../billing/tier'

/**
 * Whether payment recovery runs for an account, and how. It is an early-access module (an operator
 * grants it: `npm run admin -- early-access <account> on|off`), a Pro feature (the effective tier,
 * decided on the server), and the merchant switches it on in Settings → Payment recovery.
 */

type Db = Kysely<Database> | Transaction<Database>

export const RECOVERY_FEATURE = 'payment_recovery' as const

export async function hasEarlyAccess(db: Db, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_features')
    .select('account_id')
    .where('account_id', '=', accountId)
    .where('feature', '=', RECOVERY_FEATURE)
    .executeTakeFirst()
  return Boolean(row)
}

/** Grants (`on`) or withdraws early access; withdrawing switches the module off for the account. */
export async function setEarlyAccess(
  db: Kysely<Database>,
  accountId: string,
  on: boolean,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (on) {
      await trx
        .insertInto('account_features')
        .values({ account_id: accountId, feature: RECOVERY_FEATURE, granted_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'feature']).doNothing())
        .execute()
      return
    }
    await trx
      .deleteFrom('account_features')
      .where('account_id', '=', accountId)
      .where('feature', '=', RECOVERY_FEATURE)
      .execute()
  })
}

export async function loadRecoverySettings(db: Db, accountId: string): Promise<RecoverySettings> {
  const row = await db
    .selectFrom('recovery_settings')
    .select('settings')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return row ? withRecoveryDefaults(row.settings) : DEFAULT_RECOVERY_SETTINGS
}

export async function saveRecoverySettings(
  db: Db,
  accountId: string,
  settings: RecoverySettings,
  userId: string | null,
  now: Date,
): Promise<void> {
  const values = { settings: JSON.stringify(settings), updated_at: now, updated_by: userId }
  await db
    .insertInto('recovery_settings')
    .values({ account_id: accountId, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute()
}

export interface RecoveryAccess {
  earlyAccess: boolean
  pro: boolean
  settings: RecoverySettings
  /** Granted, Pro and switched on: campaigns are opened and worked. */
  active: boolean
}

export async function recoveryAccess(db: Db, accountId: string, now: Date): Promise<RecoveryAccess> {
  const [earlyAccess, tier, settings] = await Promise.all([
    hasEarlyAccess(db, accountId),
    loadEffectiveTier(db, accountId, now),
    loadRecoverySettings(db, accountId),
  ])
  const pro = tier?.tier === 'pro'
  return { earlyAccess, pro, settings, active: earlyAccess && pro && settings.enabled }
}
