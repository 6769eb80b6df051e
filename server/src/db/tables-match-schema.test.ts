import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPostgresUrl } from '../../test/support/harness'
import { openPgliteFromTemplate, openPostgresFromTemplate } from '../../test/support/template-db'
import type { DatabaseHandle } from './database'

/**
 * tables.ts is Kysely's typed view of the migrated schema, written by hand: this test holds the two
 * together. It migrates a fresh database (PGlite or PostgreSQL, as the project runs), reads every table
 * and column from information_schema, reads the `Database` interface of tables.ts with the TypeScript
 * compiler, and requires the same tables, the same columns and the same nullability — so a migration
 * that adds, drops or relaxes a column without tables.ts following fails here.
 */

const TABLES_FILE = join(dirname(fileURLToPath(import.meta.url)), 'tables.ts')
/** The migration runner's own bookkeeping, which no query reads through Kysely's types. */
const UNTYPED_TABLES = new Set(['schema_migrations'])

type Shape = Record<string, Record<string, { nullable: boolean }>>

/** Each table of the `Database` interface: its columns and whether the selected value admits null. */
function declaredShape(): Shape {
  const program = ts.createProgram([TABLES_FILE], { strict: true, skipLibCheck: true, noEmit: true })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(TABLES_FILE)
  const database = source?.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  )
  if (!source || !database) throw new Error('tables.ts has no Database interface')
  const shape: Shape = {}
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, database)
    shape[table.name] = {}
    for (const column of tableType.getProperties()) {
      const declared = checker.getTypeOfSymbolAtLocation(column, database)
      // Kysely's ColumnType/Generated keep the selected type under `__select__`.
      const selectSymbol = declared.getProperty('__select__')
      const selected = selectSymbol ? checker.getTypeOfSymbolAtLocation(selectSymbol, database) : declared
      const parts = selected.isUnion() ? selected.types : [selected]
      const target = shape[table.name]
      if (target)
        target[column.name] = { nullable: parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0) }
    }
  }
  return shape
}

async function migratedShape(handle: DatabaseHandle): Promise<Shape> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>`
    select c.table_name, c.column_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
  `.execute(handle.db)
  const shape: Shape = {}
  for (const row of rows) {
    if (UNTYPED_TABLES.has(row.table_name)) continue
    shape[row.table_name] ??= {}
    const table = shape[row.table_name]
    if (table) table[row.column_name] = { nullable: row.is_nullable === 'YES' }
  }
  return shape
}

const sorted = (shape: Shape) =>
  Object.fromEntries(
    Object.keys(shape)
      .sort()
      .map((table) => [
        table,
        Object.fromEntries(
          Object.keys(shape[table] ?? {})
            .sort()
            .map((column) => [column, shape[table]?.[column]]),
        ),
      ]),
  )

describe('tables.ts matches the migrated schema', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle =
      process.env.TEST_DB === 'postgres'
        ? await openPostgresFromTemplate(testPostgresUrl())
        : await openPgliteFromTemplate()
  })
  afterAll(async () => handle?.close())

  it('has the same tables, columns and nullability', async () => {
    const migrated = await migratedShape(handle)
    expect(Object.keys(migrated).length).toBeGreaterThan(10)
    expect(sorted(declaredShape())).toEqual(sorted(migrated))
  }, 60_000)
})
