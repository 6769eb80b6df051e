import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { testPostgresUrl } from '../../test/support/harness'
import { type ServerProcess, startServerProcess } from '../../test/support/server-process'
import { REPO_ROOT } from '../bootstrap'

/**
 * docs/operations.md, run: every `test:` block of the guide is executed verbatim with bash against a
 * real server process's data — back up, lose everything, restore, start again with the same data — and
 * every command block is marked either `test:` or `not run:` (with the reason).
 */
const GUIDE = readFileSync(join(REPO_ROOT, 'docs/operations.md'), 'utf8')
const MARKED_BLOCK = /<!-- (test: ([a-z-]+)|not run: [^>]+) -->\n```sh\n([\s\S]*?)```/g
const blocks = new Map(
  [...GUIDE.matchAll(MARKED_BLOCK)].filter((m) => m[2]).map((m) => [m[2] as string, m[3] as string]),
)
const onPostgres = process.env.TEST_DB === 'postgres'

const work = mkdtempSync(join(tmpdir(), 'rk-ops-doc-'))
const servers: ServerProcess[] = []
afterAll(async () => {
  for (const server of servers) await server.stop()
  rmSync(work, { recursive: true, force: true })
})

/** Runs the guide's block `name` in the work folder with `env`, as an operator's shell would. */
function run(name: string, env: Record<string, string>): void {
  const script = blocks.get(name)
  if (!script) throw new Error(`docs/operations.md has no block "test: ${name}"`)
  execFileSync('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: work,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'pipe',
  })
}

async function start(env: Record<string, string>): Promise<{ server: ServerProcess; apiKey: string }> {
  const server = await startServerProcess(env)
  servers.push(server)
  await server.ready()
  const ready = await fetch(`${server.url}/readyz`)
  expect(ready.status, server.output()).toBe(200)
  const { apiKey } = (await (await fetch(`${server.url}/runtime-config.json`)).json()) as { apiKey: string }
  return { server, apiKey }
}

describe('docs/operations.md', () => {
  it('marks every command block as run by this test or not run, with the reason', () => {
    const all = [...GUIDE.matchAll(/```sh\n/g)].length
    const marked = [...GUIDE.matchAll(MARKED_BLOCK)].length
    expect(marked).toBe(all)
    expect([...blocks.keys()].sort()).toEqual(
      ['backup-key', 'backup-pglite', 'backup-postgres', 'restore-pglite', 'restore-postgres'].sort(),
    )
  })

  it.runIf(!onPostgres)(
    'PGlite: backup with the server stopped, lose the DATA_DIR, restore, same data and key',
    async () => {
      const DATA_DIR = join(work, 'data')
      const first = await start({ DATA_DIR })
      expect(await first.server.stop()).toBe(0)
      run('backup-pglite', { DATA_DIR })
      run('backup-key', { DATA_DIR })
      rmSync(DATA_DIR, { recursive: true, force: true })
      run('restore-pglite', { DATA_DIR })
      const restored = await start({ DATA_DIR })
      expect(restored.apiKey).toBe(first.apiKey)
      expect(readFileSync(join(DATA_DIR, 'secret.key'))).toEqual(
        readFileSync(join(work, 'retainkit-secret.key')),
      )
      expect(await restored.server.stop()).toBe(0)
    },
    240_000,
  )

  it.runIf(onPostgres)(
    'PostgreSQL: dump while running, lose the database, restore; the key is needed',
    async () => {
      const admin = new pg.Client({ connectionString: testPostgresUrl() })
      await admin.connect()
      const name = `rk_ops_doc_${process.pid}`
      const url = new URL(testPostgresUrl())
      url.pathname = `/${name}`
      const DATABASE_URL = url.toString()
      const key = 'cd'.repeat(32)
      try {
        await admin.query(`create database ${name}`)
        // One PUBLIC_URL for every start, as the guide asks (the dump, taken while it ran, lists it as live).
        const env = {
          DATABASE_URL,
          RETAINKIT_SECRET_KEY: key,
          DATA_DIR: join(work, 'pg-data'),
          PUBLIC_URL: 'https://retain.example.com',
        }
        const first = await start(env)
        run('backup-postgres', { DATABASE_URL })
        expect(await first.server.stop()).toBe(0)
        await admin.query(`drop database ${name} with (force)`)
        await admin.query(`create database ${name}`)
        run('restore-postgres', { DATABASE_URL })
        const restored = await start(env)
        expect(restored.apiKey).toBe(first.apiKey)
        expect(await restored.server.stop()).toBe(0)
        // Without its key the restored database is refused, as the guide says.
        const keyless = await startServerProcess({ ...env, RETAINKIT_SECRET_KEY: 'ef'.repeat(32) })
        servers.push(keyless)
        expect(await keyless.exited).not.toBe(0)
        expect(keyless.output()).toContain(
          'RETAINKIT_SECRET_KEY does not match the key that encrypted this database',
        )
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      }
    },
    240_000,
  )
})
