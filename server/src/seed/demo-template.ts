import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '../db/database'
import { demoTemplatePath, PGLITE_TEMPLATE_DIR, pgliteTemplatePath, utcDay } from '../db/pglite-template'
import { createLogger } from '../services/logger'
import { seedDemoIfEmpty } from './demo'

/**
 * The build (`npm install`) also keeps a copy of the migrated template with the demo merchant seeded
 * in it, so the first `npm start` on a new DATA_DIR copies a year of demo history instead of writing it
 * (about two seconds of a cold start on this machine). The history runs up to the moment the build ran;
 * a start on a later day (up to DEMO_TEMPLATE_MAX_AGE_DAYS) writes the sessions since, which are the rows
 * a seed at that moment would have made (db/pglite-template.ts, startFromTemplates; seed/demo.ts,
 * completeDemoSeed). The demo's Stripe key is not in it: it is encrypted with each DATA_DIR's own
 * secret, and the start writes it. Nothing else the template holds depends on a DATA_DIR: its keys and
 * settings are made at first start.
 */
export async function writeDemoTemplate(dir = PGLITE_TEMPLATE_DIR, now = new Date()): Promise<string | null> {
  const migrated = pgliteTemplatePath(dir)
  if (!existsSync(join(migrated, 'PG_VERSION'))) return null
  const path = demoTemplatePath(utcDay(now), dir)
  for (const entry of readdirSync(dir))
    if (entry.startsWith('pglite-demo-') && join(dir, entry) !== path)
      rmSync(join(dir, entry), { recursive: true, force: true })
  if (existsSync(join(path, 'PG_VERSION'))) return path
  const building = `${path}.${process.pid}.tmp`
  rmSync(building, { recursive: true, force: true })
  cpSync(migrated, building, { recursive: true })
  const handle = await openDatabase({ dataDir: building })
  try {
    await seedDemoIfEmpty({
      db: handle.db,
      dbKind: handle.kind,
      clock: { now: () => now },
      logger: createLogger({ level: 'warn' }),
    })
  } finally {
    await handle.close()
  }
  rmSync(path, { recursive: true, force: true })
  renameSync(building, path)
  return path
}
