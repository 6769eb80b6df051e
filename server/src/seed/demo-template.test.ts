import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database'
import { migrate } from '../db/migrate'
import { demoTemplatePath, startFromTemplates, writePgliteTemplate } from '../db/pglite-template'
import { createSecretBox } from '../services/secret-box'
import { completeDemoSeed, DEMO_ACCOUNT_ID } from './demo'
import { buildDemoHistory } from './demo-history'
import { writeDemoTemplate } from './demo-template'

/**
 * The build's demo template: a new DATA_DIR started on the day it was made gets the whole demo merchant
 * (the history of that day's seed) without writing it, then only the Stripe key, encrypted with that
 * DATA_DIR's own secret; on another day, or with the demo off, the plain migrated template is used.
 */
const scratch = mkdtempSync(join(tmpdir(), 'retainkit-demo-template-'))
const templates = join(scratch, 'dist')
const BUILT = new Date('2026-11-27T09:30:00.000Z')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
beforeAll(async () => {
  await writePgliteTemplate(templates)
  expect(await writeDemoTemplate(templates, BUILT)).toBe(demoTemplatePath('2026-11-27', templates))
}, 180_000)

const count = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]?.n

describe('the demo template', () => {
  it('starts a DATA_DIR on its day with the demo seeded, and the Stripe key written with its own secret', async () => {
    const dataDir = join(scratch, 'today', 'pglite')
    expect(
      startFromTemplates(dataDir, { demoOn: new Date('2026-11-27T23:59:00Z'), templateDir: templates }),
    ).toBe('demo')
    const database = await openDatabase({ dataDir })
    try {
      expect(await migrate(database)).toEqual([])
      const history = buildDemoHistory(DEMO_ACCOUNT_ID, BUILT)
      expect(await count(database.db, 'cancel_sessions')).toBe(history.sessions.length)
      expect(await count(database.db, 'session_events')).toBe(history.events.length)
      expect(await count(database.db, 'saves')).toBe(history.saves.length)
      // Its rollups were built: the dashboard reads them.
      expect(await count(database.db, 'analytics_daily')).toBeGreaterThan(0)
      // Nothing in it was encrypted at build time, with a secret no DATA_DIR has.
      expect(await count(database.db, 'gateway_credentials')).toBe(0)

      const secrets = createSecretBox(randomBytes(32))
      const deps = { db: database.db, secrets, clock: { now: () => new Date() } }
      expect(await completeDemoSeed(deps)).toBe(true)
      expect(await completeDemoSeed(deps)).toBe(false)
      const stored = await database.db
        .selectFrom('gateway_credentials')
        .select('secret_key_ciphertext')
        .where('account_id', '=', DEMO_ACCOUNT_ID)
        .executeTakeFirstOrThrow()
      expect(secrets.decrypt(stored.secret_key_ciphertext)).toMatch(/^sk_test_retainkit_placeholder_demo$/)
    } finally {
      await database.close()
    }
  }, 120_000)

  it('is not used on another day, nor when the demo is off: the migrated template is', async () => {
    for (const [name, options] of [
      ['next day', { demoOn: new Date('2026-11-28T00:00:01Z') }],
      ['demo off', {}],
    ] as const) {
      const dataDir = join(scratch, name, 'pglite')
      expect(startFromTemplates(dataDir, { ...options, templateDir: templates }), name).toBe('migrated')
      const database = await openDatabase({ dataDir })
      expect(await count(database.db, 'accounts'), name).toBe(0)
      await database.close()
    }
  }, 120_000)

  it('keeps one demo template: the day it was made', async () => {
    await writeDemoTemplate(templates, new Date('2026-11-28T08:00:00Z'))
    const demos = readdirSync(templates).filter((entry) => entry.startsWith('pglite-demo-'))
    expect(demos).toEqual([demoTemplatePath('2026-11-28', templates).slice(templates.length + 1)])
  }, 120_000)
})
