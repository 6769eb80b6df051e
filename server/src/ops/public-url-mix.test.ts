import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPostgresUrl } from '../../test/support/harness'
import { type ServerProcess, startServerProcess } from '../../test/support/server-process'

/**
 * Instances behind one balancer with different PUBLIC_URLs reject each other's sign-ins (the token's
 * issuer is the PUBLIC_URL): a second instance with another PUBLIC_URL than the live one refuses to
 * start and names both; one with the same PUBLIC_URL starts; once the other has stopped, a new
 * PUBLIC_URL is accepted (a move to a new domain).
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const name = `rk_public_url_${process.pid}`
let admin: pg.Client | null = null
let DATABASE_URL = ''
const servers: ServerProcess[] = []

beforeAll(async () => {
  if (!onPostgres) return
  admin = new pg.Client({ connectionString: testPostgresUrl() })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(testPostgresUrl())
  url.pathname = `/${name}`
  DATABASE_URL = url.toString()
})
afterAll(async () => {
  for (const server of servers) await server.stop()
  await admin?.query(`drop database if exists ${name} with (force)`)
  await admin?.end()
})

async function instance(publicUrl: string): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATABASE_URL,
    PUBLIC_URL: publicUrl,
    RETAINKIT_SECRET_KEY: '12'.repeat(32),
    DATA_DIR: `/tmp/${name}-${servers.length}`,
  })
  servers.push(server)
  return server
}

describe.runIf(onPostgres)('PUBLIC_URL across instances of one database', () => {
  it('refuses a second instance with another PUBLIC_URL, accepts the same one, and a change once alone', async () => {
    const first = await instance('https://retain.example.com')
    await first.ready()
    const mixed = await instance('http://localhost:8788')
    expect(await mixed.exited).toBe(1)
    expect(mixed.output()).toContain(
      'CONFIGURATION_ERROR: PUBLIC_URL is http://localhost:8788, but running instances on this database use https://retain.example.com',
    )
    const same = await instance('https://retain.example.com')
    await same.ready()
    expect((await fetch(`${same.url}/readyz`)).status).toBe(200)
    expect(await same.stop()).toBe(0)
    expect(await first.stop()).toBe(0)
    // Both gone (their rows deleted on shutdown): the move to a new address is allowed.
    const moved = await instance('https://retain.example.org')
    await moved.ready()
    expect((await fetch(`${moved.url}/readyz`)).status).toBe(200)
  }, 240_000)
})
