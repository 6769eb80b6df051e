import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultConfig, createDefaultReasons, DEFAULT_CONFIG } from '@retainkit/shared/default-config'
import { cancelFlowConfigSchema } from '@retainkit/shared/schemas'
import { DEFAULT_THEME } from '@retainkit/shared/theme'
import type { OfferType } from '@retainkit/shared/vocabulary'
import type { Kysely, Transaction } from 'kysely'
import { lockAccountRow } from '../db/account-lock'
import type { Database } from '../db/tables'
import type { AppDeps } from '../deps'
import { HttpError } from '../http/http-error'
import { loadEffectiveTier } from './billing/tier'
import { configChanged } from './config-changes'

/**
 * Flow configurations (every saved version kept, the highest current) and cancellation reasons, with
 * the free-tier rule ("default non-editable flow and styling", no save offers, no banners).
 * The widget API reads the published config through `loadCurrentConfig` and `loadReasons` too.
 */

type Db = Kysely<Database> | Transaction<Database>

/** Versions kept per account; saving the 51st prunes the oldest. */
export const MAX_CONFIG_VERSIONS = 50

export interface StoredConfig {
  config: CancelFlowConfig
  /** 0 when nothing was ever saved and the default stands in. */
  version: number
  updated_at: Date | null
}

export interface ConfigVersionSummary {
  version: number
  created_at: Date
  created_by_email: string | null
  restored_from: number | null
}

export interface FieldWarning {
  field: string
  key: string
  message: string
}

/**
 * A stored config as the current schema reads it: sections added since it was saved take their
 * defaults, so versions compare and restore like for like. One that no longer parses is returned as
 * stored (the widget's own reader falls back to the default for it).
 */
export function readStoredConfig(value: unknown): CancelFlowConfig {
  const parsed = cancelFlowConfigSchema.safeParse(value)
  return parsed.success ? parsed.data : (value as CancelFlowConfig)
}

export async function loadCurrentConfig(db: Db, accountId: string): Promise<StoredConfig> {
  const row = await db
    .selectFrom('flow_configs')
    .select(['config', 'version', 'created_at'])
    .where('account_id', '=', accountId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row) return { config: createDefaultConfig(), version: 0, updated_at: null }
  return { config: readStoredConfig(row.config), version: row.version, updated_at: row.created_at }
}

export async function loadConfigVersion(
  db: Db,
  accountId: string,
  version: number,
): Promise<StoredConfig | null> {
  const row = await db
    .selectFrom('flow_configs')
    .select(['config', 'version', 'created_at'])
    .where('account_id', '=', accountId)
    .where('version', '=', version)
    .executeTakeFirst()
  return row
    ? { config: readStoredConfig(row.config), version: row.version, updated_at: row.created_at }
    : null
}

/** Every saved version except `exceptVersion` (the one being shown as current), newest first. */
export async function listPreviousVersions(
  db: Db,
  accountId: string,
  exceptVersion: number,
): Promise<ConfigVersionSummary[]> {
  const rows = await db
    .selectFrom('flow_configs as f')
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .select(['f.version', 'f.created_at', 'f.restored_from', 'u.email as created_by_email'])
    .where('f.account_id', '=', accountId)
    .where('f.version', '<>', exceptVersion)
    .orderBy('f.version', 'desc')
    .execute()
  return rows.map((row) => ({
    version: row.version,
    created_at: row.created_at,
    created_by_email: row.created_by_email ?? null,
    restored_from: row.restored_from,
  }))
}

export async function loadReasons(db: Db, accountId: string): Promise<CancellationReason[]> {
  const row = await db
    .selectFrom('cancellation_reasons')
    .select('reasons')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return row ? (row.reasons as CancellationReason[]) : createDefaultReasons()
}

/** Keys `copy.cancel_reasons` names that are not among the reasons: worth telling, not refusing. */
export function staleReasonKeys(config: CancelFlowConfig, reasons: CancellationReason[]): FieldWarning[] {
  const known = new Set(reasons.map((reason) => reason.key))
  return (config.copy.cancel_reasons ?? [])
    .filter((key) => !known.has(key))
    .map((key) => ({
      field: 'config_json.copy.cancel_reasons',
      key,
      message: `copy.cancel_reasons lists "${key}", which is not one of the account's reasons; the widget skips it.`,
    }))
}

// ── Free tier ───────────────────────────────────────────────────────────────────────────────

/** Plain-data equality where an undefined property counts as absent. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameData(v, b[i]))
    )
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = new Set([...Object.keys(left), ...Object.keys(right)])
  for (const key of keys) if (!sameData(left[key], right[key])) return false
  return true
}

const OFFER_SECTIONS = {
  discount: 'the discount offer',
  pause: 'the pause offer',
  plan_switch: 'the plan switch offer',
  billing_cycle_switch: 'the billing cycle switch offer',
  trial_extension: 'the trial extension offer',
  talk_to_us: 'the talk to us offer',
} as const satisfies Record<OfferType, string>

type ThemeKey = keyof typeof DEFAULT_THEME

const sameThemeValue = (key: ThemeKey, value: unknown) => {
  const expected = DEFAULT_THEME[key]
  return typeof expected === 'string' && typeof value === 'string'
    ? expected.toLowerCase() === value.toLowerCase()
    : expected === value
}

/**
 * Why a free account may not save `next`, or null. Free accounts edit copy text and cancel reasons
 * only: styling, the flow, the offers and the reactivation banner must stay as the default has them.
 * A section left exactly as currently saved also passes, so an account downgraded from Pro can still
 * edit its copy (the widget ignores Pro-only settings of a free account anyway).
 */
export function freeTierViolation(
  next: CancelFlowConfig,
  current: CancelFlowConfig,
): { field: string; message: string } | null {
  if (next.theme && !sameData(next.theme, current.theme)) {
    for (const [key, value] of Object.entries(next.theme)) {
      if (value !== undefined && !sameThemeValue(key as ThemeKey, value)) {
        return {
          field: `config_json.theme.${key}`,
          message: 'Custom styling is a Pro feature. Upgrade to Pro to change the theme.',
        }
      }
    }
  }
  const flow = next.cancellation_flow
  if (
    flow &&
    !sameData(flow, DEFAULT_CONFIG.cancellation_flow) &&
    !sameData(flow, current.cancellation_flow)
  ) {
    return {
      field: 'config_json.cancellation_flow',
      message: 'Custom flows are a Pro feature. Upgrade to Pro to change the cancellation flow.',
    }
  }
  for (const [section, label] of Object.entries(OFFER_SECTIONS) as [keyof typeof OFFER_SECTIONS, string][]) {
    if (!sameData(next[section], DEFAULT_CONFIG[section]) && !sameData(next[section], current[section])) {
      return {
        field: `config_json.${section}`,
        message: `Save offers are a Pro feature. Upgrade to Pro to change ${label}.`,
      }
    }
  }
  const banner = next.reactivation
  if (
    banner?.enabled &&
    !sameData(banner, DEFAULT_CONFIG.reactivation) &&
    !sameData(banner, current.reactivation)
  ) {
    return {
      field: 'config_json.reactivation',
      message: 'Reactivation banners are a Pro feature. Upgrade to Pro to customise the reactivation banner.',
    }
  }
  return null
}

// ── Saving ──────────────────────────────────────────────────────────────────────────────────────────

export interface SaveConfigInput {
  accountId: string
  userId: string
  config: CancelFlowConfig
  /** The version the editor started from; a save on top of a newer one is refused. */
  baseVersion?: number | undefined
  /** A rollback: the version whose config this saves again. */
  restoredFrom?: number | undefined
  /** Writes that must commit with this version or not at all (promoting an experiment's arm stops it). */
  alongside?: (trx: Transaction<Database>) => Promise<void>
}

/**
 * Inserts the next version under a lock on the account row, so concurrent saves get consecutive
 * versions (never a primary-key clash) and `baseVersion` is compared with what is really current.
 */
export async function saveConfigVersion(deps: AppDeps, input: SaveConfigInput): Promise<StoredConfig> {
  const saved = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockAccountRow(trx, input.accountId)
    const account = locked ? await loadEffectiveTier(trx, input.accountId, deps.clock.now()) : null
    if (!account) throw new HttpError('NOT_FOUND')
    const current = await loadCurrentConfig(trx, input.accountId)
    if (input.baseVersion !== undefined && input.baseVersion !== current.version) {
      throw new HttpError(
        'CONSTRAINT_VIOLATION',
        `This configuration was changed by someone else (now version ${current.version}). Reload it before saving.`,
        'base_version',
      )
    }
    if (account.tier === 'free') {
      const violation = freeTierViolation(input.config, current.config)
      if (violation) throw new HttpError('BUSINESS_RULE_VIOLATION', violation.message, violation.field)
    }
    const version = current.version + 1
    const row = await trx
      .insertInto('flow_configs')
      .values({
        account_id: input.accountId,
        version,
        config: JSON.stringify(input.config),
        created_by: input.userId,
        created_at: deps.clock.now(),
        restored_from: input.restoredFrom ?? null,
      })
      .returning(['version', 'created_at'])
      .executeTakeFirstOrThrow()
    await trx
      .deleteFrom('flow_configs')
      .where('account_id', '=', input.accountId)
      .where('version', '<=', version - MAX_CONFIG_VERSIONS)
      .execute()
    await input.alongside?.(trx)
    return { config: input.config, version: row.version, updated_at: row.created_at }
  })
  await configChanged(deps, input.accountId)
  return saved
}
