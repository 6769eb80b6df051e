import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { openDatabase } from './src/db/database'
import { startFromTemplate } from './src/db/pglite-template'
import { buildDemoHistory } from './src/seed/demo-history'
import { timedInsert } from './zz-bulk'
const dir = '/tmp/dd4/pglite'
startFromTemplate(dir)
const database = await openDatabase({ dataDir: dir })
const history = buildDemoHistory('demo', new Date())
await database.db.insertInto('accounts').values({ id: 'demo', name: 'Demo', slug: 'demo', email: 'd@x.io', tier: 'pro', created_at: new Date(), updated_at: new Date() } as never).execute()
await database.db.transaction().execute(async (trx) => { await timedInsert(trx as never, history, 'pglite') })
const idx = await sql`select indexname from pg_indexes where tablename in ('session_events','cancel_sessions')`.execute(database.db)
console.log(idx.rows.map((r: any) => r.indexname).join(' '))
await database.close()
