import type { ThemeUpdate } from '@retainkit/shared/schemas'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { HttpError } from '../../http/http-error'
import { loadReasons } from '../flow-config'
import { THEME_CONCEPTS } from './theme-concepts'

/**
 * What a merchant makes of the themes their write-ins fall into (`feedback_themes`, migration 220): a
 * name of their own, merged into another theme (whose figures then count its mentions), pinned to the
 * top of the list, mapped to a cancellation reason. Merges are flattened when written (a theme never
 * points at a theme that points elsewhere), so a reader follows one step.
 */
export interface ThemeSetting {
  key: string
  name: string
  custom_name: string | null
  merged_into: string | null
  pinned: boolean
  reason_key: string | null
  built_in: boolean
}

const CONCEPT_NAMES = new Map(THEME_CONCEPTS.map((concept) => [concept.key, concept.name]))
export const isBuiltInTheme = (key: string) => !key.startsWith('word:')
/** The name a theme shows: the merchant's, else the one it was first seen under. */
export const themeName = (setting: Pick<ThemeSetting, 'name' | 'custom_name'>) =>
  setting.custom_name ?? setting.name

type Row = Omit<ThemeSetting, 'built_in'>

const toSetting = (row: Row): ThemeSetting => ({ ...row, built_in: isBuiltInTheme(row.key) })

/**
 * The settings of the named themes and of every theme the merchant changed (merged, renamed, pinned or
 * mapped): what a themes data set needs, however many themes were ever seen.
 */
export async function themeSettingsFor(
  db: Kysely<Database>,
  accountId: string,
  keys: readonly string[],
): Promise<Map<string, ThemeSetting>> {
  const { rows } = await sql<Row>`
    select key, name, custom_name, merged_into, pinned, reason_key from feedback_themes
    where account_id = ${accountId} and (key = any(${keys}::text[]) or merged_into is not null
      or custom_name is not null or pinned or reason_key is not null)`.execute(db)
  return new Map(rows.map((row) => [row.key, toSetting(row)]))
}

/** Every theme of the account, the ones the merchant changed first, then the built-in ones. */
export async function listThemeSettings(db: Kysely<Database>, accountId: string): Promise<ThemeSetting[]> {
  const { rows } = await sql<Row>`
    select key, name, custom_name, merged_into, pinned, reason_key from feedback_themes
    where account_id = ${accountId}
    order by (merged_into is not null or custom_name is not null or pinned or reason_key is not null) desc,
      (key like 'word:%') asc, key
    limit 1000`.execute(db)
  return rows.map(toSetting)
}

/** A built-in theme not seen yet still exists: a merchant may pin it or merge into it ahead of time. */
const builtInName = (key: string): string | null => CONCEPT_NAMES.get(key) ?? null

async function themeRow(db: Kysely<Database>, accountId: string, key: string): Promise<Row | null> {
  const { rows } = await sql<Row>`
    select key, name, custom_name, merged_into, pinned, reason_key from feedback_themes
    where account_id = ${accountId} and key = ${key} for update`.execute(db)
  if (rows[0]) return rows[0]
  const name = builtInName(key)
  if (!name) return null
  await sql`insert into feedback_themes (account_id, key, name) values (${accountId}, ${key}, ${name})
    on conflict do nothing`.execute(db)
  return { key, name, custom_name: null, merged_into: null, pinned: false, reason_key: null }
}

/**
 * Applies `update` to one theme in one transaction (the account's themes locked while merges are
 * checked); 404 for a theme the account never had, 400 for a reason it does not have or a merge that
 * would loop. Answers every theme's settings after the change.
 */
export async function updateThemeSettings(
  db: Kysely<Database>,
  accountId: string,
  update: ThemeUpdate,
): Promise<ThemeSetting[]> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('feedback_themes'), hashtext(${accountId}))`.execute(trx)
    const theme = await themeRow(trx, accountId, update.key)
    if (!theme) throw new HttpError('NOT_FOUND', 'No such theme', 'key')
    if (update.reason_key) {
      const reasons = await loadReasons(trx, accountId)
      if (!reasons.some((reason) => reason.key === update.reason_key))
        throw new HttpError('VALIDATION_FAILED', 'Unknown cancellation reason', 'reason_key')
    }
    let mergedInto = theme.merged_into
    if (update.merged_into !== undefined)
      mergedInto = await mergeTarget(trx, accountId, update.key, update.merged_into)
    await sql`update feedback_themes set
        custom_name = ${update.name === undefined ? theme.custom_name : update.name},
        merged_into = ${mergedInto},
        pinned = ${update.pinned ?? theme.pinned},
        reason_key = ${update.reason_key === undefined ? theme.reason_key : update.reason_key},
        updated_at = now()
      where account_id = ${accountId} and key = ${update.key}`.execute(trx)
    // Themes merged into this one follow it where it goes: merges stay one step deep.
    if (mergedInto)
      await sql`update feedback_themes set merged_into = ${mergedInto}, updated_at = now()
        where account_id = ${accountId} and merged_into = ${update.key}`.execute(trx)
  })
  return listThemeSettings(db, accountId)
}

/** Where a merge into `target` really lands (its own target, if merged), refused if that is `key`. */
async function mergeTarget(
  db: Kysely<Database>,
  accountId: string,
  key: string,
  target: string | null,
): Promise<string | null> {
  if (target === null) return null
  const row = await themeRow(db, accountId, target)
  if (!row) throw new HttpError('NOT_FOUND', 'No such theme to merge into', 'merged_into')
  const landing = row.merged_into ?? row.key
  if (landing === key)
    throw new HttpError('VALIDATION_FAILED', 'A theme cannot be merged into itself', 'merged_into')
  return landing
}
