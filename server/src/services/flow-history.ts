import { type ConfigChange, diffConfigs } from '@retainkit/shared/config-diff'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import type { AppDeps } from '../deps'
import { HttpError } from '../http/http-error'
import {
  loadConfigVersion,
  loadCurrentConfig,
  readStoredConfig,
  type StoredConfig,
  saveConfigVersion,
} from './flow-config'

/**
 * A flow's history: every kept version with who saved it and when, what differs from the live one, and
 * rollback — which saves the chosen version's config again as a new version (so the history only ever
 * grows, and records who rolled back and to what).
 */
export interface HistoryEntry {
  version: number
  created_at: Date
  created_by_email: string | null
  restored_from: number | null
  live: boolean
  changes: ConfigChange[]
}

export async function loadFlowHistory(
  db: Kysely<Database>,
  accountId: string,
): Promise<{ live_version: number; versions: HistoryEntry[] }> {
  const rows = await db
    .selectFrom('flow_configs as f')
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .select(['f.version', 'f.config', 'f.created_at', 'f.restored_from', 'u.email as created_by_email'])
    .where('f.account_id', '=', accountId)
    .orderBy('f.version', 'desc')
    .execute()
  const live = rows[0]
  const liveConfig = live ? readStoredConfig(live.config) : null
  return {
    live_version: live?.version ?? 0,
    versions: rows.map((row) => ({
      version: row.version,
      created_at: row.created_at,
      created_by_email: row.created_by_email ?? null,
      restored_from: row.restored_from,
      live: row.version === live?.version,
      changes: row.version === live?.version ? [] : diffConfigs(liveConfig, readStoredConfig(row.config)),
    })),
  }
}

export interface RollbackInput {
  accountId: string
  userId: string
  version: number
  /** The live version the person saw: a rollback on top of a newer save is refused like any save. */
  baseVersion?: number | undefined
}

export async function rollBackConfig(deps: AppDeps, input: RollbackInput): Promise<StoredConfig> {
  const [target, current] = await Promise.all([
    loadConfigVersion(deps.db, input.accountId, input.version),
    loadCurrentConfig(deps.db, input.accountId),
  ])
  if (!target) {
    throw new HttpError(
      'NOT_FOUND',
      `Version ${input.version} of this configuration was not found.`,
      'version',
    )
  }
  if (target.version === current.version) {
    throw new HttpError(
      'CONSTRAINT_VIOLATION',
      `Version ${input.version} is already the live configuration.`,
      'version',
    )
  }
  return saveConfigVersion(deps, {
    accountId: input.accountId,
    userId: input.userId,
    config: target.config,
    baseVersion: input.baseVersion,
    restoredFrom: target.version,
  })
}
