import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { lockAccountRow } from '../../db/account-lock'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { configChanged } from '../config-changes'

/**
 * Widget secrets sign subscriber tokens. They are stored encrypted
 * (secret box) and shown once, at creation. Two may be active at once per mode so a merchant can
 * rotate: create the new one, deploy it, then revoke the old one (or create another, which retires the
 * oldest of that mode). A test-mode secret (`rkws_test_…`) signs test-mode tokens only: it can sit in
 * a development site's configuration without ever reaching a live subscriber's billing.
 */
export const WIDGET_SECRET_PREFIX = 'rkws_'
export const TEST_WIDGET_SECRET_PREFIX = 'rkws_test_'
export const MAX_ACTIVE_WIDGET_SECRETS = 2

export type WidgetSecretMode = 'live' | 'test'
/** last_used_at is written at most this often per secret (every token check would otherwise write). */
const LAST_USED_THROTTLE_MS = 60_000

export interface CreatedWidgetSecret {
  id: string
  secret: string
  mode: WidgetSecretMode
  created_at: string
}

export interface WidgetSecretListItem {
  id: string
  hint: string
  mode: WidgetSecretMode
  created_at: string
  last_used_at: string | null
}

export interface ActiveWidgetSecret {
  id: string
  secret: string
  mode: WidgetSecretMode
}

/** `rkws_…abcd` (`rkws_test_…abcd`): enough to tell two secrets apart, never enough to use one. */
export function widgetSecretHint(secret: string): string {
  const prefix = secret.startsWith(TEST_WIDGET_SECRET_PREFIX)
    ? TEST_WIDGET_SECRET_PREFIX
    : WIDGET_SECRET_PREFIX
  return `${prefix}…${secret.slice(-4)}`
}

export async function createWidgetSecret(
  deps: AppDeps,
  accountId: string,
  mode: WidgetSecretMode = 'live',
): Promise<CreatedWidgetSecret> {
  const prefix = mode === 'test' ? TEST_WIDGET_SECRET_PREFIX : WIDGET_SECRET_PREFIX
  const secret = `${prefix}${randomBytes(32).toString('base64url')}`
  const id = `wsk_${randomBytes(12).toString('base64url')}`
  const created = await deps.db.transaction().execute(async (trx) => {
    // Serialises concurrent creations for the account, so two racing calls cannot leave three active.
    await lockAccountRow(trx, accountId)
    // created_at comes from the database (transaction time): strictly increasing across calls, which
    // the "revoke the oldest" rule below relies on.
    const row = await trx
      .insertInto('widget_secrets')
      .values({ id, account_id: accountId, secret_ciphertext: deps.secrets.encrypt(secret), mode })
      .returning('created_at')
      .executeTakeFirstOrThrow()
    const active = await trx
      .selectFrom('widget_secrets')
      .select('id')
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    const retired = active.slice(MAX_ACTIVE_WIDGET_SECRETS).map((r) => r.id)
    if (retired.length > 0) {
      await trx
        .updateTable('widget_secrets')
        .set({ revoked_at: deps.clock.now() })
        .where('id', 'in', retired)
        .execute()
    }
    return { id, secret, mode, created_at: row.created_at.toISOString() }
  })
  // Token checks read the active secrets from beside the cached config: drop it, here and elsewhere.
  await configChanged(deps, accountId)
  return created
}

export async function listWidgetSecrets(deps: AppDeps, accountId: string): Promise<WidgetSecretListItem[]> {
  const rows = await deps.db
    .selectFrom('widget_secrets')
    .select(['id', 'secret_ciphertext', 'mode', 'created_at', 'last_used_at'])
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    hint: widgetSecretHint(deps.secrets.decrypt(row.secret_ciphertext)),
    mode: row.mode,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  }))
}

/** Revokes one active secret; false when the account has no such active secret. */
export async function revokeWidgetSecret(
  deps: AppDeps,
  accountId: string,
  secretId: string,
): Promise<{ id: string; revoked_at: string } | null> {
  const revokedAt = deps.clock.now()
  const row = await deps.db
    .updateTable('widget_secrets')
    .set({ revoked_at: revokedAt })
    .where('id', '=', secretId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  if (!row) return null
  // A revoked secret stops verifying tokens at once here, and within a second on other instances.
  await configChanged(deps, accountId)
  return { id: row.id, revoked_at: revokedAt.toISOString() }
}

/** The account's active secrets, decrypted, newest first (token verification tries each). */
export async function activeWidgetSecrets(
  db: Kysely<Database>,
  decrypt: (ciphertext: string) => string,
  accountId: string,
): Promise<ActiveWidgetSecret[]> {
  const rows = await db
    .selectFrom('widget_secrets')
    .select(['id', 'secret_ciphertext', 'mode'])
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute()
  return rows.map((row) => ({ id: row.id, secret: decrypt(row.secret_ciphertext), mode: row.mode }))
}

const lastTouched = new Map<string, number>()

/** Records that a secret verified a token, at most once a minute per secret and process. */
export async function touchWidgetSecret(deps: AppDeps, secretId: string): Promise<void> {
  const now = deps.clock.now()
  const previous = lastTouched.get(secretId)
  if (previous !== undefined && now.getTime() - previous < LAST_USED_THROTTLE_MS) return
  if (lastTouched.size > 10_000) lastTouched.clear()
  lastTouched.set(secretId, now.getTime())
  await deps.db
    .updateTable('widget_secrets')
    .set({ last_used_at: now })
    .where('id', '=', secretId)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', new Date(now.getTime() - LAST_USED_THROTTLE_MS)),
      ]),
    )
    .execute()
}
