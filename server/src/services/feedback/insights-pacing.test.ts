import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { leaveWriteIn, type WidgetAccount, widgetAccount } from '../../routes/widget/testing'
import { startFeedbackInsights } from './insights'
import { noteEventsCall } from './nudge'

/**
 * The scoring worker gives way to subscribers: while events calls keep coming it waits (for at most its
 * longest deferral), and once they stop it scores within a moment. Real events calls, a real worker.
 */
let t: TestContext
let account: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  account = await widgetAccount(t, { stripe: false })
})
afterAll(() => t.close())

let customers = 0
const writeIn = async (text: string) =>
  (await leaveWriteIn(t, account, `cus_pacing${customers++}`, text)).sessionId

const scored = async (sessionId: string) =>
  (
    await sql<{
      n: string | number
    }>`select count(*) as n from feedback_insights where session_id = ${sessionId}`.execute(t.database.db)
  ).rows.map((row) => Number(row.n))[0] === 1

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Events calls every 20 ms (as a busy server sees them) until the returned function is called. Started
 * before the write-in is left, so no quiet moment falls between the write-in's own calls and these (a
 * slow write-in under load once left one, and the worker rightly scored in it).
 */
function keepBusy(): () => void {
  noteEventsCall(t.database.db, false)
  const ticker = setInterval(() => noteEventsCall(t.database.db, false), 20)
  return () => clearInterval(ticker)
}

// The quiet window is far longer than the ticker's period, so a test process starved of CPU for a few
// hundred milliseconds still looks busy to the worker.
const QUIET_MS = 500

describe('write-in scoring pace', () => {
  it('waits while events calls keep coming and scores once they stop', async () => {
    const idle = keepBusy()
    const stop = startFeedbackInsights(t.deps, 60_000, 10, { quietMs: QUIET_MS, maxDeferMs: 60_000 })
    try {
      const sessionId = await writeIn('Far too expensive for what it does')
      await sleep(1_500)
      expect(await scored(sessionId)).toBe(false)
      idle()
      const quietFrom = Date.now()
      while (!(await scored(sessionId))) {
        expect(Date.now() - quietFrom).toBeLessThan(5_000)
        await sleep(25)
      }
    } finally {
      idle()
      stop()
    }
  })

  it('scores anyway once it has waited its longest deferral, calls or not', async () => {
    const maxDeferMs = 1_200
    const started = Date.now()
    const idle = keepBusy()
    const stop = startFeedbackInsights(t.deps, 60_000, 10, { quietMs: QUIET_MS, maxDeferMs })
    try {
      const sessionId = await writeIn('Missing the exports we need every week')
      while (!(await scored(sessionId))) {
        expect(Date.now() - started).toBeLessThan(8_000)
        await sleep(20)
      }
      expect(Date.now() - started).toBeGreaterThanOrEqual(maxDeferMs)
    } finally {
      idle()
      stop()
    }
  })
})
