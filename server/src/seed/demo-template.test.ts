import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLLUP_TABLES, rollupRows } from '../../test/support/rollup-tables'
import { openPgliteFromTemplate } from '../../test/support/template-db'
import { openDatabase } from '../db/database'
import { migrate } from '../db/migrate'
import {
  DEMO_TEMPLATE_MAX_AGE_DAYS,
  demoTemplatePath,
  pgliteTemplatePath,
  startFromTemplates,
} from '../db/pglite-template'
import { createSecretBox } from '../services/secret-box'
import { completeDemoSeed, DEMO_ACCOUNT_ID } from './demo'
import { buildDemoHistory, demoHistoryUntil } from './demo-history'
import { writeDemoTemplate } from './demo-template'

/**
 * The build's demo template: a new DATA_DIR started from it gets the whole demo merchant (the history of
 * the build's seed) without writing it, then the Stripe key, encrypted with that DATA_DIR's own secret,
 * and the sessions started since the build — on a later day exactly the rows a seed at that moment adds,
 * with the rollups the triggers keep. A template older than DEMO_TEMPLATE_MAX_AGE_DAYS, or the demo off,
 * gets the plain migrated template.
 */
const scratch = mkdtempSync(join(tmpdir(), 'retainkit-demo-template-'))
const templates = join(scratch, 'dist')
const BUILT = new Date('2026-11-27T09:30:00.000Z')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
beforeAll(async () => {
  // The migrated template the build writes first, loaded from the suite's own migrated template (the same
  // migrations: test/support/template-db.ts) into its place rather than migrated from an empty database:
  // about 1 CPU-second instead of 9. Writing it is pglite-template.test.ts's subject, not this file's.
  await (await openPgliteFromTemplate(pgliteTemplatePath(templates))).close()
  expect(await writeDemoTemplate(templates, BUILT)).toBe(demoTemplatePath('2026-11-27', templates))
}, 180_000)

const count = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]?.n

/** A subscription row as comparable JSON (instants as ISO strings), in subscription order. */
const comparable = (row: Record<string, unknown>) =>
  Object.fromEntries(
    [
      'subscription_id',
      'customer_id',
      'status',
      'cancel_at_period_end',
      'canceled_at',
      'ended_at',
      'paused',
      'unpaid_since',
      'stripe_created',
      'synced_at',
    ].map((key) => [key, row[key] instanceof Date ? (row[key] as Date).toISOString() : row[key]]),
  ) as Record<string, unknown> & { subscription_id: string }
const bySubscription = (a: { subscription_id: string }, b: { subscription_id: string }) =>
  a.subscription_id < b.subscription_id ? -1 : a.subscription_id > b.subscription_id ? 1 : 0
const subscriptionRows = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  (
    await db
      .selectFrom('subscriber_subscriptions')
      .selectAll()
      .where('account_id', '=', DEMO_ACCOUNT_ID)
      .execute()
  )
    .map((row) => comparable(row))
    .sort(bySubscription)

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
      expect(await count(database.db, 'widget_secrets')).toBe(0)

      const secrets = createSecretBox(randomBytes(32))
      const sameDay = new Date('2026-11-27T23:59:00Z')
      const deps = { db: database.db, dbKind: database.kind, secrets, clock: { now: () => sameDay } }
      const since = buildDemoHistory(DEMO_ACCOUNT_ID, sameDay, demoHistoryUntil(BUILT)).sessions.length
      expect(since).toBeGreaterThan(0)
      expect(await completeDemoSeed(deps)).toEqual({ secretWritten: true, sessionsAdded: since })
      expect(await completeDemoSeed(deps)).toEqual({ secretWritten: false, sessionsAdded: 0 })
      const stored = await database.db
        .selectFrom('widget_secrets')
        .select(['secret_ciphertext', 'mode', 'revoked_at'])
        .where('account_id', '=', DEMO_ACCOUNT_ID)
        .executeTakeFirstOrThrow()
      expect(secrets.decrypt(stored.secret_ciphertext)).toMatch(/^rkws_[A-Za-z0-9_-]{43}$/)
      expect(stored).toMatchObject({ mode: 'live', revoked_at: null })
      // No Stripe key: the demo's data is generated, and the console says so.
      expect(await count(database.db, 'gateway_credentials')).toBe(0)

      // A DATA_DIR an earlier version seeded stored a placeholder key Stripe refuses: a start removes it.
      const earlier = new Date('2026-11-27T00:00:00Z')
      await database.db
        .insertInto('gateway_credentials')
        .values({
          account_id: DEMO_ACCOUNT_ID,
          gateway: 'stripe',
          secret_key_ciphertext: secrets.encrypt('sk_test_retainkit_placeholder_demo'),
          secret_key_hint: 'sk_test_…demo',
          publishable_key: 'pk_test_retainkit_placeholder_demo',
          livemode: false,
          created_at: earlier,
          updated_at: earlier,
        })
        .execute()
      expect(await completeDemoSeed(deps)).toEqual({ secretWritten: false, sessionsAdded: 0 })
      expect(await count(database.db, 'gateway_credentials')).toBe(0)
    } finally {
      await database.close()
    }
  }, 120_000)

  it('on a later day, adds the sessions since the build: the rows and rollups a seed then would have', async () => {
    const later = new Date('2026-12-03T15:10:00Z')
    const dataDir = join(scratch, 'later', 'pglite')
    expect(startFromTemplates(dataDir, { demoOn: later, templateDir: templates })).toBe('demo')
    const database = await openDatabase({ dataDir })
    try {
      const secrets = createSecretBox(randomBytes(32))
      const deps = { db: database.db, dbKind: database.kind, secrets, clock: { now: () => later } }
      const added = buildDemoHistory(DEMO_ACCOUNT_ID, later, demoHistoryUntil(BUILT))
      expect(added.sessions.length).toBeGreaterThan(40)
      expect(await completeDemoSeed(deps)).toEqual({
        secretWritten: true,
        sessionsAdded: added.sessions.length,
      })

      // Every session a seed at `later` writes is there, exactly (the template's older days stay too).
      const seededNow = buildDemoHistory(DEMO_ACCOUNT_ID, later)
      const stored = await database.db
        .selectFrom('cancel_sessions')
        .select(['id', 'status', 'reason_key', 'mrr', 'created_at'])
        .where('account_id', '=', DEMO_ACCOUNT_ID)
        .execute()
      const byId = new Map(stored.map((row) => [row.id, row]))
      for (const session of seededNow.sessions)
        expect(byId.get(session.id as string), session.id as string).toMatchObject({
          status: session.status,
          reason_key: session.reason_key ?? null,
          mrr: session.mrr,
          created_at: session.created_at,
        })
      // Each save's subscription is where a seed at `later` puts it: the template's saves moved on (a
      // cancellation or a failed renewal come due since the build), the new saves' written.
      // (The template's days older than a year before `later` keep theirs, long decided.)
      const followed = await subscriptionRows(database.db)
      const atBuild = new Map(
        buildDemoHistory(DEMO_ACCOUNT_ID, BUILT).subscriptions.map((row) => [
          row.subscription_id,
          comparable(row),
        ]),
      )
      const inYear = new Set(seededNow.subscriptions.map((row) => row.subscription_id))
      expect(followed.filter((row) => inYear.has(row.subscription_id))).toEqual(
        seededNow.subscriptions.map(comparable).sort(bySubscription),
      )
      const older = followed.filter((row) => !inYear.has(row.subscription_id))
      expect(older.length).toBeGreaterThan(0)
      for (const row of older) expect(row).toEqual(atBuild.get(row.subscription_id))
      const movedOn = followed.filter((row) => {
        const then = atBuild.get(row.subscription_id)
        return then !== undefined && JSON.stringify(then) !== JSON.stringify(row)
      })
      expect(movedOn.length).toBeGreaterThan(0)

      const built = buildDemoHistory(DEMO_ACCOUNT_ID, BUILT)
      expect(stored).toHaveLength(built.sessions.length + added.sessions.length)
      expect(await count(database.db, 'session_events')).toBe(built.events.length + added.events.length)
      expect(await count(database.db, 'saves')).toBe(built.saves.length + added.saves.length)
      const days = await sql<{ day: string }>`
        select distinct day::text as day from analytics_daily where account_id = ${DEMO_ACCOUNT_ID}
          and day >= '2026-11-28' order by 1`.execute(database.db)
      expect(days.rows.map((row) => row.day)).toEqual([
        '2026-11-28',
        '2026-11-29',
        '2026-11-30',
        '2026-12-01',
        '2026-12-02',
        '2026-12-03',
      ])

      // The triggers kept the rollups: rebuilding them from the rows changes nothing.
      const before = Object.fromEntries(
        await Promise.all(
          Object.keys(ROLLUP_TABLES).map(async (table) => [
            table,
            await rollupRows(database.db, table, DEMO_ACCOUNT_ID),
          ]),
        ),
      )
      await sql`select retainkit_rebuild_rollups(${DEMO_ACCOUNT_ID})`.execute(database.db)
      await sql`select retainkit_rebuild_session_rollup(${DEMO_ACCOUNT_ID})`.execute(database.db)
      for (const table of Object.keys(ROLLUP_TABLES))
        expect(await rollupRows(database.db, table, DEMO_ACCOUNT_ID), table).toEqual(before[table])

      // Nothing left to add at the same moment.
      expect(await completeDemoSeed(deps)).toEqual({ secretWritten: false, sessionsAdded: 0 })
    } finally {
      await database.close()
    }
  }, 120_000)

  it('gives a demo seeded before its saves were followed their subscriptions at the next start', async () => {
    const dataDir = join(scratch, 'unfollowed', 'pglite')
    expect(startFromTemplates(dataDir, { demoOn: BUILT, templateDir: templates })).toBe('demo')
    const database = await openDatabase({ dataDir })
    try {
      await database.db.deleteFrom('subscriber_subscriptions').execute()
      const next = new Date(BUILT.getTime() + 3_600_000)
      const deps = {
        db: database.db,
        dbKind: database.kind,
        secrets: createSecretBox(randomBytes(32)),
        clock: { now: () => next },
      }
      await completeDemoSeed(deps)
      const wanted = buildDemoHistory(DEMO_ACCOUNT_ID, next).subscriptions
      expect(wanted.length).toBeGreaterThan(700)
      expect(await subscriptionRows(database.db)).toEqual(wanted.map(comparable).sort(bySubscription))
      // And the durability rollup follows them, as a rebuild from the rows would.
      const before = await rollupRows(database.db, 'analytics_daily_durability', DEMO_ACCOUNT_ID)
      await sql`select retainkit_rebuild_rollups(${DEMO_ACCOUNT_ID})`.execute(database.db)
      expect(await rollupRows(database.db, 'analytics_daily_durability', DEMO_ACCOUNT_ID)).toEqual(before)
      expect(before.some((row) => row.includes('"lost":true'))).toBe(true)
    } finally {
      await database.close()
    }
  }, 120_000)

  it(`is not used ${DEMO_TEMPLATE_MAX_AGE_DAYS + 1} days on, nor when the demo is off: the migrated template is`, async () => {
    for (const [name, options] of [
      ['too old', { demoOn: new Date(BUILT.getTime() + (DEMO_TEMPLATE_MAX_AGE_DAYS + 1) * 86_400_000) }],
      ['made later', { demoOn: new Date('2026-11-26T23:59:59Z') }],
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
    // Another day's demo template left by an earlier build (a data directory: PG_VERSION first). Writing
    // the template again removes it before anything else, whether this day's is built or already there,
    // so the one built above stands for a new build without seeding the demo a second time.
    const stale = demoTemplatePath('2026-11-20', templates)
    mkdirSync(stale, { recursive: true })
    writeFileSync(join(stale, 'PG_VERSION'), '17\n')
    expect(await writeDemoTemplate(templates, BUILT)).toBe(demoTemplatePath('2026-11-27', templates))
    const demos = readdirSync(templates).filter((entry) => entry.startsWith('pglite-demo-'))
    expect(demos).toEqual([demoTemplatePath('2026-11-27', templates).slice(templates.length + 1)])
  }, 120_000)
})
