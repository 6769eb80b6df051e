import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../../test/support/server-process'
import { openPgliteFromTemplate } from '../../test/support/template-db'
import { openDatabase } from '../db/database'

/**
 * Two `npm start` on one DATA_DIR used to run side by side, each with its own copy of the embedded
 * database, and the writes of one were gone after the next restart. Real processes here: the second
 * refuses to start, naming the first; a rolling restart waits for the old one and loses nothing.
 */

let dir = ''
const running: ServerProcess[] = []
const start = async (env: Record<string, string> = {}) => {
  const server = await startServerProcess({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1', ...env })
  running.push(server)
  return server
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'retainkit-datadir-'))
  // A migrated embedded database in place, as after a first start (saves the 3–5 s of creating one).
  const prepared = await openPgliteFromTemplate(join(dir, 'pglite'))
  await prepared.close()
}, 60_000)
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()))
  rmSync(dir, { recursive: true, force: true })
})

async function sendContactMessages(server: ServerProcess, count: number): Promise<number[]> {
  const { apiKey } = (await (await fetch(`${server.url}/runtime-config.json`)).json()) as { apiKey: string }
  const statuses: number[] = []
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': apiKey,
        'x-forwarded-for': `198.51.100.${i + 1}`,
      },
      body: JSON.stringify({ name: `Writer ${i}`, email: 'w@example.com', message: 'Kept across restarts.' }),
    })
    statuses.push(res.status)
  }
  return statuses
}

describe.runIf(process.env.TEST_DB !== 'postgres')('one process per DATA_DIR', () => {
  it('refuses a second process, then hands over on a rolling restart without losing a write', async () => {
    const first = await start()
    await first.ready()

    const second = await start({ DATA_DIR_LOCK_TIMEOUT: '1' })
    const code = await second.exited
    expect(code).not.toBe(0)
    expect(second.output()).toContain(
      `CONFIGURATION_ERROR: DATA_DIR ${dir} is in use by another Retainkit process (pid ${first.child.pid})`,
    )

    expect(await sendContactMessages(first, 15)).toEqual(Array(15).fill(200))

    // The new process starts before the old one is stopped, and waits for it.
    const next = await start({ DATA_DIR_LOCK_TIMEOUT: '60' })
    const deadline = Date.now() + 30_000
    while (!next.output().includes('waiting for it to exit') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(next.output()).toContain('waiting for it to exit')
    expect(await first.stop()).toBe(0)
    await next.ready()
    expect(await next.stop()).toBe(0)

    const database = await openDatabase({ dataDir: join(dir, 'pglite') })
    try {
      const rows = await database.db.selectFrom('contact_messages').select('name').execute()
      expect(rows.map((row) => row.name).sort()).toEqual(
        Array.from({ length: 15 }, (_, i) => `Writer ${i}`).sort(),
      )
    } finally {
      await database.close()
    }
  }, 120_000)
})
