import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/tables'

/** A value generated once and shared by every instance (public keys, key checks). */
export async function loadOrCreateSetting(
  db: Kysely<Database>,
  key: string,
  create: () => string,
): Promise<string> {
  const existing = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
  if (existing) return existing.value
  await db
    .insertInto('settings')
    .values({ key, value: create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()
  return row.value
}

type Db = Kysely<Database> | Transaction<Database>

/** A setting's value, or null when it was never written. */
export async function readSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
  return row?.value ?? null
}

/** Writes a setting, replacing what it held. */
export async function writeSetting(db: Db, key: string, value: string, now: Date): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute()
}
