import { type FakeChatServer, startFakeChatCompletions } from '@retainkit/fakes/chat-completions'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import type { WriteInSummaryConfig } from '../../config/summaries-env'
import { leaveWriteIn, type WidgetAccount, widgetAccount } from '../../routes/widget/testing'
import { drainFeedbackInsights } from './insights'
import { RETRY_AFTER_MS, runSummaryPass } from './summary-pass'

/**
 * The optional monthly summaries against a local OpenAI-compatible fake: asked once per Pro account and
 * month over, with last month's live write-ins (e-mail addresses and card numbers blanked), stored with
 * the quotes given; a failing or slow endpoint leaves a failed row tried again later, and nothing is
 * asked when no endpoint is configured.
 */
let t: TestContext
let fake: FakeChatServer
let pro: WidgetAccount
let starter: WidgetAccount
let config: WriteInSummaryConfig
let month: string
beforeAll(async () => {
  t = await createTestContext()
  fake = await startFakeChatCompletions({ apiKey: 'sk-local-test' })
  config = { baseUrl: fake.url, model: 'local-model', apiKey: 'sk-local-test', timeoutMs: 5_000 }
  t.clock.set('2026-03-10T12:00:00.000Z')
  pro = await widgetAccount(t, { stripe: false, tier: 'pro' })
  starter = await widgetAccount(t, { stripe: false, tier: 'free' })
  let n = 0
  const writeIn = (account: WidgetAccount, text: string) =>
    leaveWriteIn(t, account, `cus_summary${n++}`, text)
  await writeIn(pro, 'Far too expensive since the price went up, write to me at jo.doe@example.com')
  await writeIn(pro, 'My card 4242 4242 4242 4242 was charged twice, billing is a mess')
  await writeIn(pro, 'Missing exports to CSV, we moved to a competitor')
  await writeIn(starter, 'Too expensive for a small shop like ours')
  await drainFeedbackInsights(t.deps)
  // The month is over (the events are stored at the database's time).
  const { rows } = await sql<{ at: Date }>`select max(created_at) as at from session_events`.execute(
    t.database.db,
  )
  const at = new Date(rows[0]?.at ?? Date.now())
  month = at.toISOString().slice(0, 7)
  t.clock.set(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 2, 8)))
})
afterAll(async () => {
  await fake.close()
  await t.close()
})

const rows = async () =>
  (
    await sql<{
      account_id: string
      month: string
      status: string
      summary: string | null
      error: string | null
      attempts: number
      quotes: number
      writeins: number
    }>`
      select account_id, to_char(month, 'YYYY-MM') as month, status, summary, error, attempts,
        cardinality(quote_ids) as quotes, writeins
      from feedback_summaries order by account_id`.execute(t.database.db)
  ).rows

describe('monthly write-in summaries', () => {
  it('ask nothing when no endpoint is configured', async () => {
    expect(await runSummaryPass({ ...t.deps, config: null })).toEqual({ ready: 0, failed: 0 })
    expect(fake.requests).toHaveLength(0)
    expect(await rows()).toEqual([])
  })

  it('record a failing endpoint, try again after the wait, and then store the summary once', async () => {
    fake.failWith(503)
    expect(await runSummaryPass({ ...t.deps, config })).toEqual({ ready: 0, failed: 1 })
    expect(await rows()).toMatchObject([
      { account_id: pro.accountId, status: 'failed', error: 'the endpoint answered 503', attempts: 1 },
    ])
    fake.failWith(null)
    // Not before its next attempt is due.
    expect(await runSummaryPass({ ...t.deps, config })).toEqual({ ready: 0, failed: 0 })
    t.clock.set(new Date(t.clock.now().getTime() + RETRY_AFTER_MS))
    expect(await runSummaryPass({ ...t.deps, config })).toEqual({ ready: 1, failed: 0 })
    // The Starter account's write-ins are never sent.
    expect(await rows()).toMatchObject([
      {
        account_id: pro.accountId,
        month,
        status: 'ready',
        attempts: 2,
        quotes: 3,
        writeins: 3,
        error: null,
      },
    ])
    const [summary] = await rows()
    expect(summary?.summary).toMatch(
      /^Summary of 1 request: most write-ins are about price\. One subscriber wrote "/,
    )
    // Sent only to the endpoint, with its key, and with addresses and card numbers blanked.
    const sent = fake.requests.at(-1)
    expect(sent?.authorization).toBe('Bearer sk-local-test')
    const prompt = JSON.stringify(sent?.body)
    expect(prompt).toContain('Write-ins: 3')
    expect(prompt).toContain('[e-mail]')
    expect(prompt).toContain('My card [number] was charged twice')
    expect(prompt).not.toContain('jo.doe@example.com')
    expect(prompt).not.toContain('4242')
    expect(prompt).not.toContain('small shop')
    // Done: the next passes ask nothing.
    const asked = fake.requests.length
    await runSummaryPass({ ...t.deps, config })
    expect(fake.requests).toHaveLength(asked)
  })

  it('are read by the account’s members with the write-ins each was given, and never by another account', async () => {
    // Fresh sign-ins: the accounts' first tokens expired while the months went by.
    const proViewer = await t.addMember(pro.accountId, 'viewer')
    const starterOwner = await t.addMember(starter.accountId, 'owner')
    const read = (account: WidgetAccount, token: string) =>
      t.request(`/api/account?accountId=${account.accountId}&action=summaries`, { token })
    const res = await read(pro, proViewer.token)
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as {
      data: {
        enabled: boolean
        summaries: {
          month: string
          summary: string
          model: string
          writeins: number
          quotes: { text: string; session_id: string | null }[]
        }[]
      }
    }
    // This test server has no endpoint configured: the console says so beside what was written before.
    expect(data.enabled).toBe(false)
    expect(data.summaries).toHaveLength(1)
    expect(data.summaries[0]).toMatchObject({ month, model: 'local-model', writeins: 3 })
    expect(data.summaries[0]?.summary).toMatch(/^Summary of 1 request/)
    expect(data.summaries[0]?.quotes.map((quote) => quote.text).sort()).toEqual([
      'Far too expensive since the price went up, write to me at jo.doe@example.com',
      'Missing exports to CSV, we moved to a competitor',
      'My card 4242 4242 4242 4242 was charged twice, billing is a mess',
    ])
    expect(data.summaries[0]?.quotes.every((quote) => typeof quote.session_id === 'string')).toBe(true)
    // A Starter account gets none written, and reads an empty list rather than an error.
    const own = await read(starter, starterOwner.token)
    expect(own.status).toBe(200)
    expect(((await own.json()) as { data: { summaries: unknown[] } }).data.summaries).toEqual([])
    // Another account's owner is refused.
    expect((await read(pro, starterOwner.token)).status).toBe(403)
  })

  it('give a slow endpoint up at the timeout without holding the pass', async () => {
    await sql`delete from feedback_summaries`.execute(t.database.db)
    fake.delay(3_000)
    const started = Date.now()
    const result = await runSummaryPass({ ...t.deps, config: { ...config, timeoutMs: 200 } })
    expect(Date.now() - started).toBeLessThan(2_500)
    fake.delay(0)
    expect(result).toEqual({ ready: 0, failed: 1 })
    expect(await rows()).toMatchObject([{ status: 'failed', error: 'no answer within 0.2 s' }])
  })
})
