import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { REPO_ROOT } from '../../src/bootstrap'
import { type DatabaseHandle, openDatabase } from '../../src/db/database'
import { migrate } from '../../src/db/migrate'
import { migrationsHash } from '../../src/db/pglite-template'

/**
 * Test databases start from a migrated template instead of being created and migrated per test file:
 * PGlite from a dumped data directory (≈0.5 s to load instead of 3–5 s to initialise), PostgreSQL with
 * `CREATE DATABASE … TEMPLATE`. Templates are keyed by a hash of the migrations.
 */
export const TEST_DATA_DIR = join(REPO_ROOT, '.test-data')

function pgliteTemplatePath(): string {
  return join(TEST_DATA_DIR, `pglite-template-${migrationsHash()}.tar`)
}

/** Creates the PGlite template dump if missing (called once from Vitest's global setup). */
export async function ensurePgliteTemplate(): Promise<string> {
  const path = pgliteTemplatePath()
  if (existsSync(path)) return path
  mkdirSync(TEST_DATA_DIR, { recursive: true })
  const handle = await openDatabase({})
  await migrate(handle)
  const tarball = await dumpPglite(handle)
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, tarball)
  renameSync(tmp, path)
  await handle.close()
  return path
}

async function dumpPglite(handle: DatabaseHandle): Promise<Buffer> {
  const dumper = handle.dump
  if (!dumper) throw new Error('PGlite handle cannot dump its data directory')
  return Buffer.from(await (await dumper()).arrayBuffer())
}

/**
 * The template's bytes, read once per worker process (the server projects share one module graph per
 * worker) rather than once per database: 43 MB, about a tenth of a CPU-second to read each time.
 */
const templateBytes = new Map<string, ArrayBuffer>()

/**
 * The template as PGlite loads it (its loadTar reads `arrayBuffer()` and `type`, nothing else). A plain
 * Blob of a Buffer gives its bytes back by streaming them in chunks and joining them, another ~0.15
 * CPU-seconds a database; this one hands each database a copy of the bytes read once (a copy, so
 * nothing PGlite does to its buffer can reach the next database).
 */
class TemplateBlob extends Blob {
  readonly #bytes: ArrayBuffer
  constructor(bytes: ArrayBuffer) {
    super([], { type: 'application/x-tar' })
    this.#bytes = bytes
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.slice(0)
  }
}

function templateBlob(path: string): Blob {
  let bytes = templateBytes.get(path)
  if (!bytes) {
    const file = readFileSync(path)
    bytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer
    templateBytes.set(path, bytes)
  }
  return new TemplateBlob(bytes)
}

/** A PGlite database cloned from the template: in memory, or in `dataDir` (so it can be reopened). */
export async function openPgliteFromTemplate(dataDir?: string): Promise<DatabaseHandle> {
  const path = pgliteTemplatePath()
  if (!existsSync(path)) await ensurePgliteTemplate()
  return openDatabase({ loadDataDir: templateBlob(path), ...(dataDir ? { dataDir } : {}) })
}

const PG_TEMPLATE = () => `retainkit_tpl_${migrationsHash()}`

/** Creates (once) a migrated template database on the test PostgreSQL server. */
export async function ensurePostgresTemplate(baseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    const name = PG_TEMPLATE()
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount) return
    await admin.query(`create database ${name}`)
    const handle = await openDatabase({ databaseUrl: withDatabase(baseUrl, name), poolSize: 1 })
    await migrate(handle)
    await handle.close()
  } finally {
    await admin.end()
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** A fresh database for one test file, cloned from the template; dropped by the returned close(). */
export async function openPostgresFromTemplate(baseUrl: string): Promise<DatabaseHandle> {
  const name = `retainkit_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template ${PG_TEMPLATE()}`)
  } finally {
    await admin.end()
  }
  const handle = await openDatabase({ databaseUrl: withDatabase(baseUrl, name), poolSize: 4 })
  return {
    ...handle,
    close: async () => {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: baseUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => undefined)
      await cleanup.end()
    },
  }
}
