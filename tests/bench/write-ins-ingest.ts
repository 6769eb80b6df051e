/**
 * What scoring write-ins costs the events call (write-ins benchmark): the same calls through the real
 * route with the scoring queue's trigger and the scoring worker on (as production runs them: the worker
 * in this process, nudged by the call that stored a write-in) and both off (the events call as it was
 * before write-ins were scored), the two taking turns, each going first every other round, so a
 * neighbour's load falls on both.
 */
import { performance } from 'node:perf_hooks'
import type { AppDeps, createApp } from '@retainkit/server/app'
import { startFeedbackInsights } from '@retainkit/server/testing'
import { SignJWT } from 'jose'
import { sql } from 'kysely'

const CONCURRENCY = 32

export interface IngestBench {
  app: ReturnType<typeof createApp>
  deps: AppDeps
  secret: string
  account: string
  events: number
  rounds: number
}

export interface IngestComparison {
  /** Mean events/s over the rounds, scored and as before. */
  rateOn: number
  rateOff: number
  refused: number
  /** Write-ins scored by the end, and the median wait after a scored round's last call for the queue to empty. */
  scored: number
  drainMs: number
}

async function pool(tasks: (() => Promise<void>)[]): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]?.()
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, tasks.length) }, worker))
}

let tags = 0

/**
 * Events a second through the events call, one call per session of [reason, write-in or a second reason,
 * other reason], `share` of the calls carrying the write-in (every call is a session's first).
 */
async function ingestRate(
  bench: IngestBench,
  share: number,
  events: number,
): Promise<{ rate: number; refused: number }> {
  const { app, deps, account } = bench
  const tag = `i${tags++}`
  const calls = Math.ceil(events / 3)
  const now = new Date()
  const sessions = Array.from({ length: calls }, (_, i) => ({
    id: `cs_${tag}_${String(i).padStart(16, '0')}`,
    customer: `cus_${tag}x${i}`,
  }))
  for (let i = 0; i < sessions.length; i += 1000)
    await deps.db
      .insertInto('cancel_sessions')
      .values(
        sessions.slice(i, i + 1000).map((s) => ({
          id: s.id,
          account_id: account,
          customer_id: s.customer,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute()
  const key = new TextEncoder().encode(bench.secret)
  const issued = Math.floor(Date.now() / 1000)
  const tokens = await Promise.all(
    sessions.map((s) =>
      new SignJWT({ iss: account, sub: s.customer })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(issued)
        .setExpirationTime(issued + 900)
        .sign(key),
    ),
  )
  // Spread evenly: call i carries a write-in when the running share crosses a whole number.
  const writes = (index: number) => Math.floor((index + 1) * share) > Math.floor(index * share)
  let refused = 0
  const started = performance.now()
  await pool(
    sessions.map((session, index) => async () => {
      const middle = writes(index)
        ? { step: 'feedback_submitted', text: `Way too expensive for a team of ${index % 40}.` }
        : { step: 'reason_selected', reasonKey: 'missing_features' }
      const res = await app.request(`/api/widget/sessions/${session.id}/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[index]}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          events: [
            { step: 'reason_selected', reasonKey: 'too_expensive' },
            middle,
            { step: 'reason_selected', reasonKey: 'not_using_enough' },
          ],
        }),
      })
      if (res.status !== 204) refused++
      await res.arrayBuffer()
    }),
  )
  return { rate: (calls * 3) / ((performance.now() - started) / 1000), refused }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

export async function compareIngest(bench: IngestBench, share: number): Promise<IngestComparison> {
  const db = bench.deps.db
  const pending = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from feedback_pending`.execute(db)).rows[0]?.n ?? 0)
  const drained = async () => {
    const started = performance.now()
    while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 50))
    return performance.now() - started
  }
  const on: number[] = []
  const off: number[] = []
  const drains: number[] = []
  let refused = 0
  const side = async (scoring: boolean) => {
    await sql`alter table session_events ${sql.raw(scoring ? 'enable' : 'disable')} trigger session_events_feedback_queue`.execute(
      db,
    )
    const stop = scoring ? startFeedbackInsights(bench.deps) : () => {}
    try {
      // The ALTER drops every connection's prepared statements: re-made here, not counted.
      await ingestRate(bench, share, 300)
      if (scoring) await drained()
      const measured = await ingestRate(bench, share, bench.events)
      ;(scoring ? on : off).push(measured.rate)
      refused += measured.refused
      if (scoring) drains.push(await drained())
    } finally {
      stop()
    }
  }
  for (let round = 0; round < bench.rounds; round++) {
    const first = round % 2 === 0
    await side(first)
    await side(!first)
  }
  await sql`alter table session_events enable trigger session_events_feedback_queue`.execute(db)
  const scored = Number(
    (
      await sql<{
        n: string
      }>`select count(*) as n from feedback_insights where account_id = ${bench.account}`.execute(db)
    ).rows[0]?.n ?? 0,
  )
  return { rateOn: mean(on), rateOff: mean(off), refused, scored, drainMs: median(drains) }
}
