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

/** Events calls every 20 ms (as a busy server sees them) for `ms`. */
async function keepBusy(ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    noteEventsCall(t.database.db, false)
    await sleep(20)
  }
}

describe('write-in scoring pace', () => {
  it('waits while events calls keep coming and scores once they stop', async () => {
    const stop = startFeedbackInsights(t.deps, 60_000, 10, { quietMs: 200, maxDeferMs: 60_000 })
    try {
      const sessionId = await writeIn('Far too expensive for what it does')
      await keepBusy(1_500)
      expect(await scored(sessionId)).toBe(false)
      const quietFrom = Date.now()
      while (!(await scored(sessionId))) {
        expect(Date.now() - quietFrom).toBeLessThan(3_000)
        await sleep(25)
      }
    } finally {
      stop()
    }
  })

  it('scores anyway once it has waited its longest deferral, calls or not', async () => {
    const stop = startFeedbackInsights(t.deps, 60_000, 10, { quietMs: 200, maxDeferMs: 800 })
    try {
      const sessionId = await writeIn('Missing the exports we need every week')
      const started = Date.now()
      while (!(await scored(sessionId))) {
        expect(Date.now() - started).toBeLessThan(4_000)
        noteEventsCall(t.database.db, false)
        await sleep(20)
      }
      expect(Date.now() - started).toBeGreaterThanOrEqual(700)
    } finally {
      stop()
    }
  })
})
