import type { CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultReasons } from '@retainkit/shared/default-config'
import type { Kysely, Transaction } from 'kysely'
import { lockAccountRow } from '../db/account-lock'
import type { Database } from '../db/tables'
import type { AppDeps } from '../deps'
import { HttpError } from '../http/http-error'
import { configChanged } from './config-changes'
import { MAX_CONFIG_VERSIONS } from './flow-config'

/**
 * Cancellation reasons, versioned like configs: the current list lives in `cancellation_reasons` with
 * its version, every saved list in `cancellation_reason_versions`, and a save names the version it was
 * made on, so one editor never silently deletes what another just added.
 */
type Db = Kysely<Database> | Transaction<Database>

export interface StoredReasons {
  reasons: CancellationReason[]
  /** 0 while the defaults stand in (nothing saved yet). */
  version: number
  updated_at: Date | null
}

export interface ReasonsVersionSummary {
  version: number
  created_at: Date
  created_by_email: string | null
}

export async function loadStoredReasons(db: Db, accountId: string): Promise<StoredReasons> {
  const row = await db
    .selectFrom('cancellation_reasons')
    .select(['reasons', 'version', 'updated_at'])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!row) return { reasons: createDefaultReasons(), version: 0, updated_at: null }
  return { reasons: row.reasons as CancellationReason[], version: row.version, updated_at: row.updated_at }
}

export async function loadReasonsVersion(
  db: Db,
  accountId: string,
  version: number,
): Promise<StoredReasons | null> {
  const row = await db
    .selectFrom('cancellation_reason_versions')
    .select(['reasons', 'version', 'created_at'])
    .where('account_id', '=', accountId)
    .where('version', '=', version)
    .executeTakeFirst()
  return row
    ? { reasons: row.reasons as CancellationReason[], version: row.version, updated_at: row.created_at }
    : null
}

/** The kept versions other than `exceptVersion`, newest first. */
export async function listPreviousReasonVersions(
  db: Db,
  accountId: string,
  exceptVersion: number,
): Promise<ReasonsVersionSummary[]> {
  const rows = await db
    .selectFrom('cancellation_reason_versions as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select(['r.version', 'r.created_at', 'u.email as created_by_email'])
    .where('r.account_id', '=', accountId)
    .where('r.version', '<>', exceptVersion)
    .orderBy('r.version', 'desc')
    .execute()
  return rows.map((row) => ({
    version: row.version,
    created_at: row.created_at,
    created_by_email: row.created_by_email ?? null,
  }))
}

export interface SaveReasonsInput {
  accountId: string
  userId: string
  reasons: CancellationReason[]
  /** The version the editor loaded; a save on top of a newer one is refused (409). */
  baseVersion?: number | undefined
}

/**
 * Stores the next version under a lock on the account row, so parallel saves are ordered and the base
 * version is compared with what is really current; keeps the newest MAX_CONFIG_VERSIONS versions.
 */
export async function saveReasons(deps: AppDeps, input: SaveReasonsInput): Promise<StoredReasons> {
  const saved = await deps.db.transaction().execute(async (trx) => {
    const account = await lockAccountRow(trx, input.accountId)
    if (!account) throw new HttpError('NOT_FOUND')
    const current = await loadStoredReasons(trx, input.accountId)
    if (input.baseVersion !== undefined && input.baseVersion !== current.version) {
      throw new HttpError(
        'CONSTRAINT_VIOLATION',
        `These reasons were changed by someone else (now version ${current.version}). Reload them before saving.`,
        'base_version',
      )
    }
    const version = current.version + 1
    const now = deps.clock.now()
    const reasons = JSON.stringify(input.reasons)
    await trx
      .insertInto('cancellation_reasons')
      .values({ account_id: input.accountId, reasons, updated_at: now, version })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ reasons, updated_at: now, version }))
      .execute()
    await trx
      .insertInto('cancellation_reason_versions')
      .values({ account_id: input.accountId, version, reasons, created_by: input.userId, created_at: now })
      .execute()
    await trx
      .deleteFrom('cancellation_reason_versions')
      .where('account_id', '=', input.accountId)
      .where('version', '<=', version - MAX_CONFIG_VERSIONS)
      .execute()
    return { reasons: input.reasons, version, updated_at: now }
  })
  await configChanged(deps, input.accountId)
  return saved
}
