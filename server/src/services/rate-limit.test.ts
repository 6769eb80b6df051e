import type { Context } from 'hono'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { HttpError } from '../http/http-error'
import { countHitSql, hit, planHit, settleHits } from './rate-limit'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const rowsOf = (bucket: string) =>
  t.deps.db.selectFrom('rate_limit_hits').selectAll().where('bucket', '=', bucket).execute()

describe('hit (DB-backed fixed window)', () => {
  it('allows `limit` hits per window, then refuses with the seconds left in the window', async () => {
    t.clock.set('2026-06-15T12:00:10.000Z')
    const results = []
    for (let i = 0; i < 4; i++) results.push(await hit(t.deps, 'unit:a', 3, 60))
    expect(results.map((r) => [r.allowed, r.hits])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ])
    expect(results[3]?.retryAfterSeconds).toBe(50)
    t.clock.set('2026-06-15T12:00:59.500Z')
    expect(await hit(t.deps, 'unit:a', 3, 60)).toMatchObject({ allowed: false, retryAfterSeconds: 1 })
    t.clock.set('2026-06-15T12:01:00.000Z')
    expect(await hit(t.deps, 'unit:a', 3, 60)).toMatchObject({
      allowed: true,
      hits: 1,
      retryAfterSeconds: 60,
    })
  })

  it('counts buckets independently', async () => {
    expect((await hit(t.deps, 'unit:b', 1, 60)).allowed).toBe(true)
    expect((await hit(t.deps, 'unit:b', 1, 60)).allowed).toBe(false)
    expect((await hit(t.deps, 'unit:c', 1, 60)).allowed).toBe(true)
  })

  it('counts concurrent hits exactly (one atomic upsert each)', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => hit(t.deps, 'unit:race', 5, 3600)))
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(results.filter((r) => r.allowed)).toHaveLength(5)
    expect(await rowsOf('unit:race')).toHaveLength(1)
  })

  it("deletes a bucket's earlier windows when it opens a new one", async () => {
    t.clock.set('2026-06-15T13:00:00.000Z')
    await hit(t.deps, 'unit:sweep', 5, 60)
    t.clock.advance(60_000)
    await hit(t.deps, 'unit:sweep', 5, 60)
    const rows = await rowsOf('unit:sweep')
    expect(rows.map((r) => new Date(r.window_start).toISOString())).toEqual(['2026-06-15T13:01:00.000Z'])
  })

  it('refuses nonsensical limits and windows', async () => {
    await expect(hit(t.deps, 'unit:bad', 0, 60)).rejects.toThrow()
    await expect(hit(t.deps, 'unit:bad', 1, 0)).rejects.toThrow()
    await expect(hit(t.deps, 'unit:bad', 1.5, 60)).rejects.toThrow()
  })
})

describe('hits counted inside a statement of the caller (countHitSql, settleHits)', () => {
  const headers: Record<string, string> = {}
  const c = {
    header: (name: string, value: string) => {
      headers[name] = value
    },
  } as unknown as Context
  const count = async (bucket: string, limit: number, onlyIf = sql`true`) => {
    const planned = planHit(t.deps, bucket, limit, 60)
    const { rows } = await sql<{ hits: number | null }>`with h as (${countHitSql(planned, onlyIf)})
      select (select hits from h) as hits`.execute(t.deps.db)
    return { planned, hits: rows[0]?.hits ?? null }
  }

  it('counts only when its condition holds, and answers 429 with Retry-After past the limit', async () => {
    t.clock.set('2026-06-16T09:00:15.000Z')
    expect((await count('unit:in-statement', 2, sql`false`)).hits).toBeNull()
    expect(await rowsOf('unit:in-statement')).toEqual([])
    const results = [await count('unit:in-statement', 2), await count('unit:in-statement', 2)]
    for (const { planned, hits } of results) settleHits(c, t.deps, [planned], [Number(hits)])
    const third = await count('unit:in-statement', 2)
    expect(third.hits).toBe(3)
    let refusal: unknown
    try {
      settleHits(c, t.deps, [third.planned], [3])
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(HttpError)
    expect((refusal as HttpError).code).toBe('RATE_LIMIT_EXCEEDED')
    expect(headers['Retry-After']).toBe('45')
  })

  it('leaves a window opened to the background sweep of stale windows, when one is due', async () => {
    t.clock.set('2026-06-20T00:00:00.000Z')
    await t.deps.db
      .insertInto('rate_limit_hits')
      .values([
        { bucket: 'unit:stale', window_start: new Date('2026-06-18T23:00:00.000Z'), hits: 3 },
        { bucket: 'unit:recent', window_start: new Date('2026-06-19T12:00:00.000Z'), hits: 3 },
      ])
      .execute()
    const opened = await count('unit:opening', 5)
    expect(opened.hits).toBe(1)
    settleHits(c, t.deps, [opened.planned], [1])
    await t.deps.background.idle()
    expect(await rowsOf('unit:stale')).toEqual([])
    expect(await rowsOf('unit:recent')).toHaveLength(1)
    expect(await rowsOf('unit:opening')).toHaveLength(1)
  })
})
