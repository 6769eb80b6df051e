import type { SentimentBreakdown, WriteInThemes } from '@retainkit/shared/feedback-insights'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { DEMO_ACCOUNT_ID, DEMO_OWNER_EMAIL, seedDemoIfEmpty } from './demo'

/**
 * The demo merchant's write-ins: realistic texts in the four built-in languages, in the language each
 * session was shown in, scored by the time the seed returns, so the demo's dashboard has sentiment by
 * reason and themes from its first view.
 */
let t: TestContext
let token: string
beforeAll(async () => {
  t = await createTestContext()
  await seedDemoIfEmpty(t.deps)
  token = (await t.signIn(DEMO_OWNER_EMAIL)).token
})
afterAll(() => t.close())

const dataset = async <T>(endpoint: string) => {
  const res = await t.request(
    `/api/analytics?endpoint=${endpoint}&account_id=${DEMO_ACCOUNT_ID}&startDate=2025-06-15&endDate=2026-06-15`,
    { token },
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: T }).data
}

describe('the demo’s write-ins', () => {
  it('are written in the language of their session, all four built-in ones, and every one is scored', async () => {
    const { rows } = await sql<{ language: string; writeins: number; scored: number }>`
      select s.locale as language, count(*)::int as writeins, count(f.event_id)::int as scored
      from session_events as e join cancel_sessions as s on s.id = e.session_id
      left join feedback_insights as f on f.event_id = e.id
      where e.account_id = ${DEMO_ACCOUNT_ID} and e.step = 'feedback_submitted'
      group by 1 order by 2 desc`.execute(t.database.db)
    expect(rows.map((row) => row.language)).toEqual(['en', 'fr', 'de', 'es'])
    for (const row of rows) expect(row.scored, row.language).toBe(row.writeins)
    const french = await sql<{ text: string }>`
      select e.text from session_events as e join cancel_sessions as s on s.id = e.session_id
      where s.locale = 'fr' and e.step = 'feedback_submitted' limit 1`.execute(t.database.db)
    expect(french.rows[0]?.text).toMatch(/[a-zé]/)
  })

  it('give the dashboard sentiment by reason, mostly negative about price, and themes', async () => {
    const breakdown = await dataset<SentimentBreakdown>('write-in-sentiment-breakdown')
    const price = breakdown.byReason.find((row) => row.reason_key === 'too_expensive')
    expect(price?.total).toBeGreaterThan(100)
    expect(price?.negative).toBeGreaterThan(price?.positive ?? 0)
    expect(breakdown.byReason.length).toBeGreaterThanOrEqual(6)
    const themes = await dataset<WriteInThemes>('write-in-themes')
    const keys = themes.themes.map((theme) => theme.key)
    for (const key of ['price', 'delivery_quality', 'pause', 'competitor']) expect(keys).toContain(key)
  })
})
