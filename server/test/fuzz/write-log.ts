import { sql } from 'kysely'
import type { DatabaseHandle } from '../../src/db/database'

/**
 * Counts the rows every request writes, so the fuzz suite can check "no partial write": a request
 * answered 4xx must leave the database exactly as it was. A row trigger on every table appends to
 * `fuzz_write_log`; a write rolled back takes its log rows with it, so only committed writes count.
 *
 * Not counted: tables a refused request writes to on purpose — rate-limit windows (attempts count
 * whether they succeed or not), widget load records (written after answering), a widget secret's
 * last-used time (set once the token verifies, before the body is read), and the mark of a refused
 * delivery of a merchant's Stripe events (the banner reads Stripe until the next reconcile).
 */
export const UNLOGGED_TABLES = [
  'rate_limit_hits',
  'widget_loads',
  'widget_secrets',
  'merchant_delivery_failures',
  'schema_migrations',
  'fuzz_write_log',
]

export interface WriteLog {
  /** The id of the last committed write: it moves iff something was written. */
  mark(): Promise<number>
  /** Rows written per table after `since` (a mark). */
  since(mark: number): Promise<Record<string, number>>
}

export async function installWriteLog(database: DatabaseHandle): Promise<WriteLog> {
  const { db } = database
  await database.execScript(`
    create table fuzz_write_log (id bigserial primary key, table_name text not null);
    create function fuzz_log_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_write_log (table_name) values (TG_TABLE_NAME);
      return null;
    end $$;
  `)
  const tables = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public'
  `.execute(db)
  for (const { name } of tables.rows) {
    if (UNLOGGED_TABLES.includes(name)) continue
    await database.execScript(
      `create trigger fuzz_log_write after insert or update or delete on "${name}" for each row execute function fuzz_log_write()`,
    )
  }
  return {
    async mark() {
      const row = await sql<{ id: number | null }>`select max(id)::int as id from fuzz_write_log`.execute(db)
      return Number(row.rows[0]?.id ?? 0)
    },
    async since(mark) {
      const rows = await sql<{ table_name: string; n: number }>`
        select table_name, count(*)::int as n from fuzz_write_log where id > ${mark} group by table_name
      `.execute(db)
      return Object.fromEntries(rows.rows.map((row) => [row.table_name, Number(row.n)]))
    },
  }
}
