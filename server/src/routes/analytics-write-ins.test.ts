import type { SentimentBreakdown, WriteInSentiment, WriteInThemes } from '@retainkit/shared/feedback-insights'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { insertEvents, insertSessions } from '../services/analytics/test-fixtures'
import { drainFeedbackInsights } from '../services/feedback/insights'

/**
 * The write-in data sets, their quotes and the theme settings through the real routes, on write-ins the
 * insights pass scored. Every figure is checked against the write-ins themselves: the data sets read the
 * daily counts (and raw rows for partial days), the quotes read the rows.
 */
let t: TestContext
let pro: { accountId: string; token: string }
let free: { accountId: string; token: string }

interface WriteIn {
  session: string
  at: string
  text: string
  language: string
  reason?: string
  status?: 'open' | 'saved' | 'canceled' | 'stayed' | 'abandoned'
  segment?: string
  mode?: 'live' | 'test'
}

const WRITE_INS: WriteIn[] = [
  {
    session: 'wi_a',
    at: '2026-01-05T10:00:00Z',
    text: 'Way too expensive for what we use.',
    language: 'en',
    reason: 'too_expensive',
    status: 'canceled',
  },
  {
    session: 'wi_b',
    at: '2026-01-20T10:00:00Z',
    text: 'Beaucoup trop cher.',
    language: 'fr',
    reason: 'too_expensive',
    status: 'saved',
  },
  {
    session: 'wi_c',
    at: '2026-02-03T10:00:00Z',
    text: 'Die App stürzt ständig ab, zu viele Fehler.',
    language: 'de',
    reason: 'technical_issues',
    status: 'canceled',
  },
  {
    session: 'wi_d',
    at: '2026-02-14T23:30:00Z',
    text: 'Love the product, just taking a break for the summer.',
    language: 'en',
    reason: 'temporary_break',
    status: 'stayed',
  },
  {
    session: 'wi_e',
    at: '2026-02-15T00:30:00Z',
    text: 'Demasiado caro para nosotros.',
    language: 'es',
    reason: 'too_expensive',
    status: 'canceled',
    segment: 'seg_abcdefgh01',
  },
  {
    session: 'wi_f',
    at: '2026-03-01T09:00:00Z',
    text: 'Troppo caro, servizio pessimo.',
    language: 'it',
    reason: 'other',
    status: 'abandoned',
  },
  {
    session: 'wi_g',
    at: '2026-03-02T09:00:00Z',
    text: 'We make our own recipes now.',
    language: 'en',
    reason: 'other',
    status: 'canceled',
  },
  {
    session: 'wi_h',
    at: '2026-03-03T09:00:00Z',
    text: 'Making my own recipes now.',
    language: 'en',
    reason: 'other',
    status: 'canceled',
  },
  {
    session: 'wi_t',
    at: '2026-02-10T09:00:00Z',
    text: 'Testing the widget, too expensive.',
    language: 'en',
    reason: 'too_expensive',
    mode: 'test',
  },
  // Before the range: the themes' previous period.
  {
    session: 'wi_p',
    at: '2025-12-10T09:00:00Z',
    text: 'Too pricey for us.',
    language: 'en',
    reason: 'too_expensive',
    status: 'canceled',
  },
]

async function seed(accountId: string) {
  for (const w of WRITE_INS) {
    await insertSessions(
      t.database.db,
      accountId,
      [{ id: `${accountId}_${w.session}`, at: w.at }],
      w.mode ?? 'live',
    )
    await sql`update cancel_sessions set locale = ${w.language}, status = ${w.status ?? 'open'},
      segment_id = ${w.segment ?? null} where id = ${`${accountId}_${w.session}`}`.execute(t.database.db)
    await insertEvents(t.database.db, accountId, [
      { step: 'reason_selected', at: w.at, reason: w.reason, session: `${accountId}_${w.session}` },
      {
        step: 'feedback_submitted',
        at: w.at,
        reason: w.reason,
        text: w.text,
        session: `${accountId}_${w.session}`,
      },
    ])
  }
  await drainFeedbackInsights(t.deps)
}

beforeAll(async () => {
  t = await createTestContext()
  t.clock.set('2026-03-20T12:00:00Z')
  const a = await t.createAccount({ tier: 'pro' })
  pro = { accountId: a.accountId, token: a.owner.token }
  const b = await t.createAccount({ tier: 'free' })
  free = { accountId: b.accountId, token: b.owner.token }
  await seed(pro.accountId)
  await seed(free.accountId)
})
afterAll(() => t.close())

const RANGE = 'startDate=2026-01-01&endDate=2026-03-31'

async function dataset<T>(name: string, account = pro, extra = '') {
  const res = await t.request(
    `/api/analytics?endpoint=${name}&account_id=${account.accountId}&${RANGE}${extra}`,
    {
      token: account.token,
    },
  )
  return {
    status: res.status,
    body: (await res.json()) as { data: T; error?: { code: string; message: string } },
  }
}

async function quotes(query: string, account = pro) {
  const res = await t.request(`/api/analytics/quotes?account_id=${account.accountId}&${RANGE}&${query}`, {
    token: account.token,
  })
  return {
    status: res.status,
    body: (await res.json()) as {
      data: { quotes: Array<{ text: string; session_id: string; sentiment: string }>; next: string | null }
      error?: { code: string; message: string; field?: string }
    },
  }
}

const putTheme = (body: unknown, account = pro, token = account.token) =>
  t.request(`/api/account?accountId=${account.accountId}&action=themes`, { method: 'PUT', token, body })

describe('write-in sentiment data sets', () => {
  it('splits the period’s live write-ins by sentiment; one in a language without a model is not scored', async () => {
    const { status, body } = await dataset<WriteInSentiment>('write-in-sentiment')
    expect(status).toBe(200)
    // a, b, c, e negative (price, price, bugs, price); d positive; g, h neutral; f Italian.
    expect(body.data.total).toEqual({ positive: 1, neutral: 2, negative: 4, not_scored: 1, total: 8 })
    const test = await dataset<WriteInSentiment>('write-in-sentiment', pro, '&mode=test')
    expect(test.body.data.total.total).toBe(1)
  })

  it('breaks them down by reason, outcome, segment and month (zero-filled), and slices by segment', async () => {
    const { body } = await dataset<SentimentBreakdown>('write-in-sentiment-breakdown')
    expect(body.data.byReason.find((row) => row.reason_key === 'too_expensive')).toMatchObject({
      negative: 3,
      total: 3,
    })
    expect(body.data.byOutcome.map((row) => [row.outcome, row.total])).toEqual([
      ['saved', 1],
      ['stayed', 1],
      ['canceled', 5],
      ['abandoned', 1],
    ])
    expect(body.data.bySegment).toEqual([
      expect.objectContaining({ segment_id: null, total: 7 }),
      expect.objectContaining({ segment_id: 'seg_abcdefgh01', total: 1 }),
    ])
    expect(body.data.byMonth.map((row) => [row.month, row.total])).toEqual([
      ['2026-01', 2],
      ['2026-02', 3],
      ['2026-03', 3],
    ])
    const sliced = await dataset<SentimentBreakdown>(
      'write-in-sentiment-breakdown',
      pro,
      '&segment_id=seg_abcdefgh01',
    )
    expect(sliced.body.data.byReason).toEqual([
      expect.objectContaining({ reason_key: 'too_expensive', total: 1 }),
    ])
  })

  it('counts a range cut inside days exactly (raw rows for the partial days)', async () => {
    // From 23:00 on Feb 14 to 01:00 on Feb 15: d (23:30) and e (00:30) only.
    const res = await t.request(
      `/api/analytics?endpoint=write-in-sentiment&account_id=${pro.accountId}&startDate=2026-02-14T23:00:00Z&endDate=2026-02-15T01:00:00Z`,
      { token: pro.token },
    )
    expect(((await res.json()) as { data: WriteInSentiment }).data.total).toMatchObject({
      positive: 1,
      negative: 1,
      total: 2,
    })
  })

  it('gives Starter the split and keeps the breakdown, the themes and the quotes for Pro', async () => {
    expect((await dataset<WriteInSentiment>('write-in-sentiment', free)).body.data.total.total).toBe(8)
    for (const name of ['write-in-sentiment-breakdown', 'write-in-themes']) {
      const refused = await dataset(name, free)
      expect(refused.status).toBe(403)
      expect(refused.body.error?.code).toBe('BUSINESS_RULE_VIOLATION')
    }
    expect((await quotes('', free)).status).toBe(403)
  })
})

describe('write-in themes', () => {
  it('lists themes by mentions with their sentiment, months and the previous period', async () => {
    const { body } = await dataset<WriteInThemes>('write-in-themes')
    const price = body.data.themes.find((theme) => theme.key === 'price')
    expect(price).toMatchObject({ name: 'Price', mentions: 3, built_in: true })
    expect(price?.sentiment.negative).toBe(3)
    expect(price?.byMonth).toEqual([
      { month: '2026-01', mentions: 2 },
      { month: '2026-02', mentions: 1 },
      { month: '2026-03', mentions: 0 },
    ])
    // The same number of days before the range: December's "too pricey".
    expect(price?.previous).toBe(1)
    // Two write-ins about recipes, grouped by the word they share.
    expect(body.data.themes.find((theme) => theme.key.startsWith('word:recip'))).toMatchObject({
      name: 'recipes',
      mentions: 2,
      built_in: false,
    })
    expect(body.data.themes[0]?.key).toBe('price')
  })

  it('renames, merges, pins and maps a theme; the data set and the quotes follow', async () => {
    const recipes = (await dataset<WriteInThemes>('write-in-themes')).body.data.themes.find((theme) =>
      theme.key.startsWith('word:recip'),
    )?.key as string
    expect((await putTheme({ key: recipes, name: 'Recipe variety', pinned: true })).status).toBe(200)
    expect((await putTheme({ key: 'bugs', merged_into: recipes })).status).toBe(200)
    const mapped = await putTheme({ key: 'price', reason_key: 'too_expensive' })
    expect(mapped.status).toBe(200)
    const listed = (await mapped.json()) as {
      data: { themes: Array<{ key: string; reason_key: string | null }> }
    }
    expect(listed.data.themes.find((theme) => theme.key === 'price')?.reason_key).toBe('too_expensive')

    const { body } = await dataset<WriteInThemes>('write-in-themes')
    expect(body.data.themes[0]).toMatchObject({
      key: recipes,
      name: 'Recipe variety',
      pinned: true,
      mentions: 3,
    })
    expect(body.data.themes[0]?.merged).toEqual([{ key: 'bugs', name: 'Bugs and crashes' }])
    expect(body.data.themes.some((theme) => theme.key === 'bugs')).toBe(false)
    expect(body.data.themes.find((theme) => theme.key === 'price')?.reason_key).toBe('too_expensive')
    // The merged theme's write-in is among the quotes of the theme it went into.
    const merged = await quotes(`theme=${encodeURIComponent(recipes)}`)
    expect(merged.body.data.quotes.map((quote) => quote.text).sort()).toEqual([
      'Die App stürzt ständig ab, zu viele Fehler.',
      'Making my own recipes now.',
      'We make our own recipes now.',
    ])
    // Unmerged: back on its own.
    expect((await putTheme({ key: 'bugs', merged_into: null })).status).toBe(200)
    expect((await quotes(`theme=${encodeURIComponent(recipes)}`)).body.data.quotes).toHaveLength(2)
  })

  it('refuses a loop, an unknown theme or reason, a viewer, another account and a free account', async () => {
    const loop = await putTheme({ key: 'price', merged_into: 'price' })
    expect(loop.status).toBe(400)
    expect((await putTheme({ key: 'word:nothing', pinned: true })).status).toBe(404)
    const reason = await putTheme({ key: 'price', reason_key: 'no_such_reason' })
    expect(reason.status).toBe(400)
    expect(((await reason.json()) as { error: { message: string } }).error.message).toBe(
      'Unknown cancellation reason',
    )
    expect((await putTheme({ key: 'price', name: '' })).status).toBe(400)
    const viewer = await t.addMember(pro.accountId, 'viewer')
    expect((await putTheme({ key: 'price', pinned: true }, pro, viewer.token)).status).toBe(403)
    expect((await putTheme({ key: 'price', pinned: true }, pro, free.token)).status).toBe(403)
    expect((await putTheme({ key: 'price', pinned: true }, free)).status).toBe(403)
    // Nothing was written by the refusals.
    const { rows } = await sql<{ pinned: boolean; merged_into: string | null }>`
      select pinned, merged_into from feedback_themes where account_id = ${pro.accountId} and key = 'price'`.execute(
      t.database.db,
    )
    expect(rows[0]).toEqual({ pinned: false, merged_into: null })
  })
})

describe('quotes behind a figure', () => {
  it('filters by sentiment, reason, outcome and month, newest first, with the session', async () => {
    const negative = await quotes('sentiment=negative&reason_key=too_expensive')
    expect(negative.status).toBe(200)
    expect(negative.body.data.quotes.map((quote) => quote.text)).toEqual([
      'Demasiado caro para nosotros.',
      'Beaucoup trop cher.',
      'Way too expensive for what we use.',
    ])
    expect(negative.body.data.quotes[0]?.session_id).toBe(`${pro.accountId}_wi_e`)
    expect((await quotes('outcome=saved')).body.data.quotes.map((quote) => quote.text)).toEqual([
      'Beaucoup trop cher.',
    ])
    expect((await quotes('month=2026-03&sentiment=not_scored')).body.data.quotes).toHaveLength(1)
    expect((await quotes('mode=test')).body.data.quotes.map((quote) => quote.text)).toEqual([
      'Testing the widget, too expensive.',
    ])
  })

  it('pages with the cursor it answers', async () => {
    await insertSessions(t.database.db, pro.accountId, [
      { id: `${pro.accountId}_many`, at: '2026-03-10T00:00:00Z' },
    ])
    await insertEvents(
      t.database.db,
      pro.accountId,
      Array.from({ length: 25 }, (_, i) => ({
        step: 'feedback_submitted',
        at: `2026-03-10T00:${String(i).padStart(2, '0')}:00Z`,
        text: `Write-in number ${i}`,
        session: `${pro.accountId}_many`,
      })),
    )
    await drainFeedbackInsights(t.deps)
    const all = await quotes('month=2026-03')
    expect(all.body.data.quotes).toHaveLength(20)
    expect(all.body.data.next).not.toBeNull()
    const second = await quotes(`month=2026-03&before=${encodeURIComponent(all.body.data.next as string)}`)
    const texts = [...all.body.data.quotes, ...second.body.data.quotes].map((quote) => quote.text)
    expect(new Set(texts).size).toBe(texts.length)
    expect(texts).toHaveLength(28)
    expect(second.body.data.next).toBeNull()
  })

  it('checks membership first and answers bad filters with 400', async () => {
    const other = await t.createAccount({ tier: 'pro' })
    const res = await t.request(`/api/analytics/quotes?account_id=${pro.accountId}&${RANGE}`, {
      token: other.owner.token,
    })
    expect(res.status).toBe(403)
    const bad = await quotes('sentiment=angry')
    expect(bad.status).toBe(400)
    expect(bad.body.error?.field).toBe('sentiment')
    expect((await quotes('before=yesterday')).status).toBe(400)
  })
})
