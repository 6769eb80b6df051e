import type { Kysely } from 'kysely'
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
