import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './database'
import { listMigrations, migrate } from './migrate'
import { pgliteTemplatePath, startFromTemplate, writePgliteTemplate } from './pglite-template'

/**
 * A new DATA_DIR starts from the build's pre-migrated template (no initdb, no migrations at start), is
 * a database of its own that keeps what is written to it, and an existing DATA_DIR is never touched.
 */
const scratch = mkdtempSync(join(tmpdir(), 'retainkit-template-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the PGlite template', () => {
  it('gives a new data directory every migration, without running one, and leaves existing ones alone', async () => {
    const templates = join(scratch, 'dist')
    const path = await writePgliteTemplate(templates)
    expect(path).toBe(pgliteTemplatePath(templates))
    expect(readdirSync(templates)).toEqual([path.slice(templates.length + 1)])

    const dataDir = join(scratch, 'data', 'pglite')
    expect(startFromTemplate(dataDir, templates)).toBe(true)
    const first = await openDatabase({ dataDir })
    expect(await migrate(first)).toEqual([])
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(
      first.db,
    )
    expect(rows[0]?.n).toBe(listMigrations().length)
    await sql`insert into settings (key, value) values ('template-test', 'kept')`.execute(first.db)
    await first.close()

    // Started once: the next start reopens it as it is, with what was written.
    expect(startFromTemplate(dataDir, templates)).toBe(false)
    const again = await openDatabase({ dataDir })
    const kept = await sql<{ value: string }>`select value from settings where key = 'template-test'`.execute(
      again.db,
    )
    expect(kept.rows).toEqual([{ value: 'kept' }])
    await again.close()
    // The template itself never saw that write.
    const pristine = await openDatabase({ dataDir: path })
    const none = await sql`select 1 from settings where key = 'template-test'`.execute(pristine.db)
    expect(none.rows).toEqual([])
    await pristine.close()
  }, 120_000)

  it('is not used when the build left none (the server initialises the directory as before)', () => {
    const dataDir = join(scratch, 'other', 'pglite')
    expect(startFromTemplate(dataDir, join(scratch, 'no-templates-here'))).toBe(false)
    expect(existsSync(dataDir)).toBe(false)
  })
})
