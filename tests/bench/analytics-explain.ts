/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement the analytics data sets run, on a database the
 * analytics benchmark left behind (`--keep`):
 *
 *   npx tsx tests/bench/analytics-explain.ts <postgres url> [account] [data set,…]
 *
 * Each data set runs once as the route runs it (pro tier, the default 3-month range, now), its
 * statements are captured with their parameters, then each is run again under EXPLAIN.
 */

import { createLogger } from '@retainkit/server/app'
import { ANALYTICS, resolveRange } from '@retainkit/server/testing'
import { ANALYTICS_ENDPOINTS, type AnalyticsEndpoint } from '@retainkit/shared/analytics-endpoints'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'

const [url, account = 'bench', names] = process.argv.slice(2)
if (!url) throw new Error('usage: analytics-explain.ts <postgres url> [account] [data sets]')
const pool = new pg.Pool({ connectionString: url, max: 4 })
const captured: { sql: string; parameters: readonly unknown[] }[] = []
// The data sets' own types are the server's; this handle only needs to run what they build.
const db = new Kysely<never>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters })
  },
})
const now = new Date()
const range = resolveRange(undefined, undefined, now)
const chosen = (names?.split(',') ?? ANALYTICS_ENDPOINTS) as AnalyticsEndpoint[]
for (const name of chosen) {
  captured.length = 0
  await ANALYTICS[name].run({
    db: db as never,
    logger: createLogger({ level: 'warn' }),
    accountId: account,
    range,
    tier: 'pro',
    now,
  })
  for (const query of [...captured]) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.parameters as unknown[],
    )
    console.log(`\n## ${name}\n${query.sql.replace(/\s+/g, ' ').slice(0, 300)}…\n`)
    for (const row of rows) console.log(row['QUERY PLAN'])
  }
}
await db.destroy()
