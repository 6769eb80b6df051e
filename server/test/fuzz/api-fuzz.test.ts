import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATIONS, operationKey } from '../../src/services/openapi/operations'
import { servedCalls } from '../support/served-calls'
import { createFixture, type Fixture } from './fixture'
import { mutationOf } from './mutations'
import { type Outgoing, send } from './send'
import { type RequestSpec, TARGETS, type Target } from './targets'
import { installWriteLog, type WriteLog } from './write-log'

/**
 * Property-based fuzzing of the whole API (DESIGN: bad input gets a 4xx, never a 500, never a partial
 * write). Every route the server answers has a valid request (targets.ts); each is sent as is — it must
 * succeed with the answer the OpenAPI document promises — and then in thousands of hostile variations
 * (mutations.ts). For every one: no 5xx, nothing written when refused, a success matches the document,
 * and no value reached the database unvalidated (the database's own refusal is only a safety net).
 */

/** Requests sent by the fuzz phase in all; each route gets an equal share. */
const FUZZ_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5_200)
const SEED = Number(process.env.FUZZ_SEED ?? 20261124)

const documented = new Map(OPERATIONS.map((op) => [operationKey(op), op]))

let f: Fixture
let writes: WriteLog
const specs = new Map<Target, RequestSpec>()

beforeAll(async () => {
  f = await createFixture()
  writes = await installWriteLog(f.t.database)
}, 120_000)
afterAll(() => f.t.close())

interface Seen {
  status: number
  problem: string | null
}

/** Sends one request and checks everything that must hold whatever was sent. */
async function check(target: Target, request: Outgoing): Promise<Seen> {
  // Work an earlier request left running (a connection's backfill) is not this request's write.
  await f.t.deps.background.idle()
  const before = await writes.mark()
  const logged = f.t.logger.lines.length
  const res = await send(f, target, request)
  const text = await res.text()
  const status = res.status
  const problem = (() => {
    if (status >= 500) return `answered ${status}: ${text.slice(0, 300)}`
    const leaked = f.t.logger.lines
      .slice(logged)
      .map((line) => JSON.parse(line) as { level: string; msg: string })
      .find((entry) => entry.level === 'error' || entry.msg === 'a value reached the database unvalidated')
    if (leaked) return `logged ${JSON.stringify(leaked).slice(0, 400)}`
    return null
  })()
  if (problem) return { status, problem }
  if (status >= 400) {
    await f.t.deps.background.idle()
    const after = await writes.mark()
    if (after !== before) {
      return {
        status,
        problem: `refused with ${status} but wrote ${JSON.stringify(await writes.since(before))}`,
      }
    }
  }
  const op = documented.get(target.doc)
  if (status >= 200 && status < 300 && op?.response && text && status === (op.status ?? 200)) {
    // A call documented with a text media type (the CSV export) answers a string; anything else is JSON.
    const contentType = res.headers.get('content-type') ?? ''
    const isText = op.textContent !== undefined && contentType.startsWith(op.textContent)
    const parsed = op.response.safeParse(isText ? text : JSON.parse(text))
    if (!parsed.success) {
      return {
        status,
        problem: `answer does not match the document: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`,
      }
    }
  }
  return { status, problem: null }
}

describe('API fuzz', () => {
  it('has a valid request for every call the server answers and the document lists', () => {
    const targeted = TARGETS.map((target) => target.doc)
    expect(servedCalls(f.t.app).filter((call) => !targeted.includes(call))).toEqual([])
    expect([...documented.keys()].filter((call) => !targeted.includes(call))).toEqual([])
    expect(targeted.filter((call) => !documented.has(call))).toEqual([])
  })

  it('answers every valid request with the documented success', async () => {
    for (const target of TARGETS) {
      const spec = await target.valid(f)
      const seen = await check(target, spec)
      expect(seen.problem, target.doc).toBeNull()
      expect(seen.status, target.doc).toBe(documented.get(target.doc)?.status ?? 200)
      // Variations start from a fresh valid request of their own.
      specs.set(target, await target.valid(f))
    }
  }, 120_000)

  it(`never answers 5xx nor writes when refusing, over ${FUZZ_REQUESTS} hostile requests`, async () => {
    const perTarget = Math.ceil(FUZZ_REQUESTS / TARGETS.length)
    const statuses = new Map<number, number>()
    let sent = 0
    const started = performance.now()
    for (const target of TARGETS) {
      const spec = specs.get(target)
      if (!spec) throw new Error(`no valid request for ${target.doc}`)
      await fc.assert(
        fc.asyncProperty(mutationOf(spec, target.method), async ({ label, request }) => {
          const seen = await check(target, request)
          sent += 1
          statuses.set(seen.status, (statuses.get(seen.status) ?? 0) + 1)
          if (seen.problem) throw new Error(`${target.doc} with ${label}: ${seen.problem}`)
        }),
        { numRuns: perTarget, seed: SEED, endOnFailure: true },
      )
    }
    const seconds = (performance.now() - started) / 1000
    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`)
    console.info(
      `[fuzz] ${sent} requests over ${TARGETS.length} calls in ${seconds.toFixed(1)} s: ${summary.join(', ')}`,
    )
    expect(sent).toBeGreaterThanOrEqual(FUZZ_REQUESTS)
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([])
  }, 300_000)
})
