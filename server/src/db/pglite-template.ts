import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { SERVER_ROOT } from '../server-root'
import { openDatabase } from './database'
import { listMigrations, migrate } from './migrate'

/**
 * A new DATA_DIR starts from a pre-migrated PGlite data directory instead of running initdb and every
 * migration (6–15 s of a first `npm start` on this machine): the server build (`npm install`) migrates
 * an empty database once, closes it cleanly and keeps its directory here, named by a hash of the
 * migrations so a template older than the migrations is never used. A new DATA_DIR gets a plain file
 * copy of it (loading a dumped tarball through PGlite's own file system took 5 s; copying and opening
 * takes about one). Nothing is downloaded; without a template the server starts as before.
 */
export const PGLITE_TEMPLATE_DIR = join(SERVER_ROOT, 'dist')

export function migrationsHash(): string {
  const hash = createHash('sha1')
  for (const migration of listMigrations()) hash.update(migration.name).update(migration.sql)
  return hash.digest('hex').slice(0, 12)
}

export const pgliteTemplatePath = (dir = PGLITE_TEMPLATE_DIR) =>
  join(dir, `pglite-template-${migrationsHash()}`)

/** A PGlite data directory that has never been initialised (PostgreSQL writes PG_VERSION first). */
export const isEmptyDataDir = (dataDir: string) => !existsSync(join(dataDir, 'PG_VERSION'))

/**
 * Fills a data directory about to be created from the build's current template, when there is one.
 * True when it did.
 */
export function startFromTemplate(dataDir: string, templateDir = PGLITE_TEMPLATE_DIR): boolean {
  if (!isEmptyDataDir(dataDir)) return false
  const template = pgliteTemplatePath(templateDir)
  if (!existsSync(join(template, 'PG_VERSION'))) return false
  cpSync(template, dataDir, { recursive: true })
  return true
}

/** A UTC calendar day as `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/**
 * The template with the demo merchant already in it (seed/demo-template.ts), made by the build on the
 * UTC day it ran: its history is a year up to that moment.
 */
export const demoTemplatePath = (day: string, dir = PGLITE_TEMPLATE_DIR) =>
  join(dir, `pglite-demo-${migrationsHash()}-${day}`)

/**
 * How old a demo template may be and still be used: the start then writes the sessions since it was
 * made (seed/demo.ts, completeDemoSeed: a few dozen rows a day, through the triggers). Past this, a fresh
 * bulk seed costs less than catching up.
 */
export const DEMO_TEMPLATE_MAX_AGE_DAYS = 31

/** The newest demo template made on `on`'s UTC day or up to DEMO_TEMPLATE_MAX_AGE_DAYS before it. */
export function usableDemoTemplate(on: Date, dir = PGLITE_TEMPLATE_DIR): string | null {
  const today = utcDay(on)
  const oldest = utcDay(new Date(on.getTime() - DEMO_TEMPLATE_MAX_AGE_DAYS * 86_400_000))
  const prefix = basename(demoTemplatePath('', dir))
  const days = existsSync(dir)
    ? readdirSync(dir)
        .filter((entry) => entry.startsWith(prefix))
        .map((entry) => entry.slice(prefix.length))
        .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= oldest && day <= today)
        .sort()
    : []
  for (const day of days.reverse()) {
    const path = demoTemplatePath(day, dir)
    if (existsSync(join(path, 'PG_VERSION'))) return path
  }
  return null
}

/**
 * Fills a data directory about to be created: from a usable demo template (usableDemoTemplate) when the
 * demo is wanted and there is one (then the demo's Stripe key and the days since the template are left
 * to write), else from the migrated template. Which one it used, or null when it used none (the
 * directory exists, or the build made no template).
 */
export function startFromTemplates(
  dataDir: string,
  { demoOn, templateDir = PGLITE_TEMPLATE_DIR }: { demoOn?: Date; templateDir?: string } = {},
): 'demo' | 'migrated' | null {
  if (!isEmptyDataDir(dataDir)) return null
  const demo = demoOn && usableDemoTemplate(demoOn, templateDir)
  if (demo) {
    cpSync(demo, dataDir, { recursive: true })
    return 'demo'
  }
  return startFromTemplate(dataDir, templateDir) ? 'migrated' : null
}

/**
 * Migrates an empty PGlite data directory and keeps it as the template (the build runs this; a current
 * template is kept, older ones are removed).
 */
export async function writePgliteTemplate(dir = PGLITE_TEMPLATE_DIR): Promise<string> {
  const path = pgliteTemplatePath(dir)
  mkdirSync(dir, { recursive: true })
  for (const entry of readdirSync(dir))
    if (/^pglite-(template|demo)-[0-9a-f]+/.test(entry) && !entry.includes(migrationsHash()))
      rmSync(join(dir, entry), { recursive: true, force: true })
  if (existsSync(join(path, 'PG_VERSION'))) return path
  const building = `${path}.${process.pid}.tmp`
  rmSync(building, { recursive: true, force: true })
  const handle = await openDatabase({ dataDir: building })
  try {
    await migrate(handle)
  } finally {
    await handle.close()
  }
  rmSync(path, { recursive: true, force: true })
  renameSync(building, path)
  return path
}
