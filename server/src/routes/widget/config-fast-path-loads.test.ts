import { request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { createAppServer } from '../../http/node-listener'

/**
 * The config pre-handler's per-hit work for a page the account allows (the load a real browser makes on
 * every page view): the install indicator's load still recorded at most once a minute and again after,
 * and a repeat hit paying one clock read and no load bookkeeping of its own.
 */
let t: TestContext
let server: Server
let clockReads = 0

beforeAll(async () => {
  t = await createTestContext()
  // The test's clock, counted: each read is a Date made on the hot path.
  const clock = {
    now: () => {
      clockReads++
      return t.clock.now()
    },
  }
  server = createAppServer(t.app, { ...t.deps, clock })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})
afterAll(async () => {
  server?.close()
  await t?.close()
})

function get(path: string, headers: Record<string, string>) {
  const { port } = server.address() as AddressInfo
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })
}

const loads = (accountId: string) =>
  t.database.db.selectFrom('widget_loads').selectAll().where('account_id', '=', accountId).execute()

describe('the config pre-handler on an allowed page', () => {
  it('reads the clock once per repeat hit', async () => {
    const { accountId } = await t.createAccount({ domain: 'reads.example' })
    const headers = { origin: 'https://reads.example', 'accept-encoding': 'gzip, deflate, br, zstd' }
    const path = `/api/widget/config/${accountId}`
    // The first two load the config and meet the origin.
    for (let i = 0; i < 2; i++) expect(await get(path, headers)).toBe(200)
    clockReads = 0
    for (let i = 0; i < 5; i++) expect(await get(path, headers)).toBe(200)
    expect(clockReads).toBe(5)
  })

  it('records the load at most once a minute per account and origin, and again after', async () => {
    const { accountId } = await t.createAccount({ domain: 'loads.example' })
    const headers = { origin: 'https://loads.example' }
    const path = `/api/widget/config/${accountId}`
    const start = t.clock.now()
    expect(await get(path, headers)).toBe(200)
    await vi.waitFor(async () => expect(await loads(accountId)).toHaveLength(1))
    // From memory, through the pre-handler: within the minute nothing more is written.
    for (const step of [500, 2_000, 30_000]) {
      t.clock.advance(step)
      expect(await get(path, headers)).toBe(200)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await loads(accountId))[0]?.last_loaded_at.toISOString()).toBe(start.toISOString())
    t.clock.advance(31_000)
    expect(await get(path, headers)).toBe(200)
    const later = t.clock.now().toISOString()
    await vi.waitFor(async () =>
      expect((await loads(accountId))[0]?.last_loaded_at.toISOString()).toBe(later),
    )
  })
})
