import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { SERVER_ROOT } from '../server-root'
import type { DatabaseHandle } from './database'

const MIGRATIONS_DIR = join(SERVER_ROOT, 'src/db/migrations')

/** The migration files, in order (`NNN_name.sql`). */
export function listMigrations(): { name: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      name: file.replace(/\.sql$/, ''),
      sql: readFileSync(join(MIGRATIONS_DIR, file), 'utf8'),
    }))
}

/**
 * Applies pending migrations, each in its own transaction, recording them in `schema_migrations`.
 * A PostgreSQL advisory lock keeps two instances starting at once from migrating twice.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const applied: string[] = []
  await handle.execScript(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  )
  await handle.db.connection().execute(async (db) => {
    await sql`select pg_advisory_lock(4242001)`.execute(db)
    try {
      const done = new Set(
        (await sql<{ name: string }>`select name from schema_migrations`.execute(db)).rows.map(
          (row) => row.name,
        ),
      )
      for (const migration of listMigrations()) {
        if (done.has(migration.name)) continue
        await db.transaction().execute(async (trx) => {
          for (const statement of splitStatements(migration.sql)) await sql.raw(statement).execute(trx)
          await sql`insert into schema_migrations (name) values (${migration.name})`.execute(trx)
        })
        applied.push(migration.name)
      }
    } finally {
      await sql`select pg_advisory_unlock(4242001)`.execute(db)
    }
  })
  return applied
}

/**
 * Splits a migration on semicolons at line ends; our migrations keep one statement per `;\n`. A
 * dollar-quoted body (`$$ … $$`, a PL/pgSQL function) is kept whole, so its own statements may end lines.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = []
  let current: string[] = []
  let insideBody = false
  for (const line of script.split('\n')) {
    if (!insideBody && line.trim().startsWith('--')) continue
    current.push(line)
    // An odd number of `$$` on a line opens or closes a body.
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) insideBody = !insideBody
    if (!insideBody && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, ''))
      current = []
    }
  }
  statements.push(current.join('\n'))
  return statements.map((statement) => statement.trim()).filter((statement) => statement.length > 0)
}
