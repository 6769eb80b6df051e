import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../../test/support/server-process'
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../test/support/throwaway-postgres'

/**
 * Chaos on PostgreSQL, with real processes: the server under a steady load of writes, the database
 * killed (SIGKILL to the postmaster and every backend) and started again. The server process must stay
 * up and answer 503 with the catalogue's message meanwhile, serve again within 5 s of the database's
 * return, and every write it acknowledged must be in the database afterwards.
 */

const CHAOS_PORT = Number(process.env.CHAOS_PG_PORT ?? 55453)
const OUTAGE_BODY = {
  error: { code: 'DATABASE_ERROR', message: "We're experiencing database issues. Please try again later." },
}

let database: ThrowawayPostgres
let server: ServerProcess
let dataDir = ''
let apiKey = ''

beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return
  database = startThrowawayPostgres(CHAOS_PORT)
  dataDir = mkdtempSync(join(tmpdir(), 'retainkit-chaos-'))
  server = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    TRUST_PROXY: '127.0.0.1',
    // Fewer connections than the load's writers: the pool holds to its size, the writers wait their turn.
    DATABASE_POOL_SIZE: String(POOL_SIZE),
  })
  await server.ready()
  apiKey = ((await (await fetch(`${server.url}/runtime-config.json`)).json()) as { apiKey: string }).apiKey
}, 120_000)
afterAll(async () => {
  await server?.stop()
  database?.destroy()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

interface Outcome {
  name: string
  status: number | 'no answer'
  body: unknown
  at: number
}

let sequence = 0
async function write(): Promise<Outcome> {
  const n = sequence++
  const name = `Chaos ${n}`
  try {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': apiKey,
        // One address per write: the contact form's limit is per address and not under test here.
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify({ name, email: 'chaos@example.com', message: 'Written under chaos.' }),
      signal: AbortSignal.timeout(10_000),
    })
    return { name, status: res.status, body: await res.json(), at: Date.now() }
  } catch {
    return { name, status: 'no answer', body: null, at: Date.now() }
  }
}

/** `workers` loops writing until `stop()`; returns every outcome. */
function load(workers: number) {
  const outcomes: Outcome[] = []
  let running = true
  const loops = Array.from({ length: workers }, async () => {
    while (running) outcomes.push(await write())
  })
  return {
    outcomes,
    async stop() {
      running = false
      await Promise.all(loops)
      return outcomes
    },
  }
}

const POOL_SIZE = 3

/**
 * The server's connections to the database now (client backends other than this query's): its pool's,
 * and the one LISTEN connection every channel shares (config changes and queued mail:
 * services/pg-listener.ts). Each connection's last statement names it when the bound is exceeded.
 */
async function serverConnections(): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ query: string }>(
      "select query from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
    )
    return rows.map((row) => row.query.slice(0, 60))
  } finally {
    await client.end()
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL killed under load', () => {
  it('keeps the server up answering 503, recovers within 5 s, and loses no acknowledged write', async () => {
    const traffic = load(6)
    await sleep(1500)
    const connections = await serverConnections()
    expect(connections.length).toBeGreaterThan(0)
    expect(connections.length, connections.join('\n')).toBeLessThanOrEqual(POOL_SIZE + 1)
    expect(connections.filter((query) => /^listen /i.test(query))).toHaveLength(1)

    database.kill()
    const killedAt = Date.now()
    await sleep(2500)
    const duringOutage = traffic.outcomes.filter((o) => o.at > killedAt + 500)
    expect(duringOutage.length).toBeGreaterThan(0)
    for (const outcome of duringOutage) {
      expect(outcome.status, outcome.name).toBe(503)
      expect(outcome.body).toEqual(OUTAGE_BODY)
    }
    const health = await fetch(`${server.url}/health`)
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({ status: 'degraded', database: 'postgres' })

    database.start()
    const backAt = Date.now()
    let recoveredAt = 0
    while (Date.now() - backAt < 10_000) {
      const recent = traffic.outcomes.filter((o) => o.at > backAt && o.status === 200)
      if (recent.length > 0) {
        recoveredAt = Math.min(...recent.map((o) => o.at))
        break
      }
      await sleep(20)
    }
    expect(recoveredAt).toBeGreaterThan(0)
    expect(recoveredAt - backAt).toBeLessThan(5_000)
    await sleep(1000)
    const outcomes = await traffic.stop()

    // The process never went away and never failed otherwise.
    expect(server.child.exitCode).toBeNull()
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
    const statuses = new Set(outcomes.map((o) => o.status))
    expect([...statuses].sort()).toEqual([200, 503])

    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.name)
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ name: string }>('select name from contact_messages')
      const stored = new Set(rows.map((row) => row.name))
      const lost = acknowledged.filter((name) => !stored.has(name))
      expect(lost).toEqual([])
    } finally {
      await client.end()
    }
    expect(acknowledged.length).toBeGreaterThan(20)
    console.info(
      `[chaos] ${outcomes.length} writes: ${acknowledged.length} acknowledged, ${outcomes.filter((o) => o.status === 503).length} answered 503; recovered ${recoveredAt - backAt} ms after the database returned; 0 acknowledged writes lost`,
    )
  }, 90_000)
})
