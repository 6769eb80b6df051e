import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import {
  leaveWriteIn,
  publishConfig,
  type WidgetAccount,
  widgetAccount,
  widgetCall,
} from '../../routes/widget/testing'
import { drainFeedbackInsights, runInsightsPass, scoreQueued, settleOutcomes } from './insights'

/**
 * Write-ins through the real events call, scored by the background pass: the events call only queues
 * (a row trigger), the pass scores in the session's language, counts per day, and moves a write-in's
 * count to its session's outcome once the session ends. Pre-migration rows come in through the backfill.
 */
let t: TestContext
let account: WidgetAccount
beforeAll(async () => {
  t = await createTestContext()
  t.clock.set('2026-03-10T12:00:00.000Z')
  account = await widgetAccount(t, { stripe: false })
})
afterAll(() => t.close())

let customers = 0
const writeIn = (text: string, locale: string, reasonKey = 'too_expensive') =>
  leaveWriteIn(t, account, `cus_insight${customers++}`, text, { locale, reasonKey })

const insightOf = async (sessionId: string) =>
  (
    await sql<{
      language: string | null
      sentiment: string
      themes: string[]
      outcome: string
      settled: boolean
    }>`
      select language, sentiment, themes, outcome, settled from feedback_insights where session_id = ${sessionId}`.execute(
      t.database.db,
    )
  ).rows[0]

const counts = async () =>
  (
    await sql<{ outcome: string; sentiment: string; writeins: number }>`
      select outcome, sentiment, sum(writeins)::int as writeins from analytics_daily_sentiment
      where account_id = ${account.accountId} group by 1, 2 having sum(writeins) <> 0 order by 1, 2`.execute(
      t.database.db,
    )
  ).rows

describe('write-in insights', () => {
  it('queues a write-in in the events call and scores it in the language the session was shown in', async () => {
    const french = await writeIn('Beaucoup trop cher pour ce que nous utilisons.', 'fr')
    const english = await writeIn('Love the product, just taking a break for the summer.', 'en')
    // The events call wrote nothing but the queue row.
    expect(await insightOf(french.sessionId)).toBeUndefined()
    const pending = await sql<{ n: number }>`select count(*)::int as n from feedback_pending`.execute(
      t.database.db,
    )
    expect(pending.rows[0]?.n).toBe(2)

    await drainFeedbackInsights(t.deps)
    expect(await insightOf(french.sessionId)).toMatchObject({
      language: 'fr',
      sentiment: 'negative',
      themes: ['price'],
      outcome: 'open',
      settled: false,
    })
    expect(await insightOf(english.sessionId)).toMatchObject({ language: 'en', sentiment: 'positive' })
    expect(await counts()).toEqual([
      { outcome: 'open', sentiment: 'negative', writeins: 1 },
      { outcome: 'open', sentiment: 'positive', writeins: 1 },
    ])
  })

  it('marks a write-in in a language without a model "not scored"', async () => {
    // The merchant added Italian: an Italian subscriber reads the flow (and writes) in it.
    await publishConfig(t, account.accountId, (config) => {
      config.languages = { default: 'en', translations: { it: { 'copy.general.headline': 'Ci dispiace' } } }
    })
    const italian = await writeIn('Troppo caro per noi, servizio pessimo.', 'it')
    await drainFeedbackInsights(t.deps)
    expect(await insightOf(italian.sessionId)).toMatchObject({
      language: null,
      sentiment: 'not_scored',
      themes: [],
    })
  })

  it("moves a write-in's count to its session's outcome when the session ends, once", async () => {
    const leaving = await writeIn('Too many bugs, I gave up.', 'en', 'not_using_enough')
    await drainFeedbackInsights(t.deps)
    const res = await widgetCall(t, `/api/widget/sessions/${leaving.sessionId}/cancel`, {
      token: leaving.token,
      body: { handledByMerchant: true },
    })
    expect([200, 201]).toContain(res.status)
    expect(await settleOutcomes(t.deps)).toBe(1)
    expect(await settleOutcomes(t.deps)).toBe(0)
    expect(await insightOf(leaving.sessionId)).toMatchObject({ outcome: 'canceled', settled: true })
    const byOutcome = await counts()
    expect(byOutcome.filter((row) => row.outcome === 'canceled')).toEqual([
      { outcome: 'canceled', sentiment: 'negative', writeins: 1 },
    ])
    // The count left 'open' (the session's row there nets to zero).
    expect(byOutcome.find((row) => row.outcome === 'open' && row.sentiment === 'negative')?.writeins).toBe(1)
  })

  it('backfills rows stored before the queue existed, a slice at a time, and scores each once', async () => {
    const old = await writeIn('Viel zu teuer für uns.', 'de')
    // As a pre-migration row: no queue entry, no language on its session, inside the backfill's bound.
    await sql`delete from feedback_pending`.execute(t.database.db)
    await sql`update cancel_sessions set locale = null where id = ${old.sessionId}`.execute(t.database.db)
    await sql`update feedback_backfill set through = 0, upto = (select max(id) from session_events)`.execute(
      t.database.db,
    )
    const result = await runInsightsPass(t.deps)
    expect(result.scored).toBeGreaterThan(0)
    await drainFeedbackInsights(t.deps)
    // Its language recognised among the four (the session never recorded one), then scored as German.
    expect(await insightOf(old.sessionId)).toMatchObject({
      language: 'de',
      sentiment: 'negative',
      themes: ['price'],
    })
    // Every other write-in was queued again by the backfill but counted once.
    const rows = await sql<{ n: number; total: number }>`
      select (select count(*)::int from feedback_insights where account_id = ${account.accountId}) as n,
        (select sum(writeins)::int from analytics_daily_sentiment where account_id = ${account.accountId}) as total`.execute(
      t.database.db,
    )
    expect(rows.rows[0]?.n).toBe(rows.rows[0]?.total)
    expect(await scoreQueued(t.deps)).toBe(0)
  })

  it('two passes at once take different write-ins and count each once', async () => {
    for (let i = 0; i < 6; i++)
      await writeIn(`Support never answered my tickets ${i}.`, 'en', 'technical_issues')
    await Promise.all([scoreQueued(t.deps), scoreQueued(t.deps), scoreQueued(t.deps)])
    await drainFeedbackInsights(t.deps)
    const rows = await sql<{ n: number; total: number; themes: number }>`
      select (select count(*)::int from feedback_insights where account_id = ${account.accountId}) as n,
        (select sum(writeins)::int from analytics_daily_sentiment where account_id = ${account.accountId}) as total,
        (select sum(mentions)::int from analytics_daily_themes where account_id = ${account.accountId} and theme = 'support') as themes`.execute(
      t.database.db,
    )
    expect(rows.rows[0]?.n).toBe(rows.rows[0]?.total)
    expect(rows.rows[0]?.themes).toBe(6)
  })
})
