import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type FakeBackend,
  installFakeBackend,
  ok,
  reasonsData,
  signInTestSession,
} from '../../../features/test-support/fake-backend'
import { renderPage } from '../../../features/test-support/render-page'
import { clearDashboardCache } from '../dashboard-data'
import DashboardPage from '../dashboard-page'

const COUNTS = { positive: 1, neutral: 1, negative: 2, not_scored: 0, total: 4 }
const THEME = {
  key: 'price',
  name: 'Price',
  mentions: 3,
  previous: 1,
  sentiment: { positive: 0, neutral: 1, negative: 2, not_scored: 0, total: 3 },
  byMonth: [
    { month: '2026-03', mentions: 1 },
    { month: '2026-04', mentions: 2 },
  ],
  pinned: false,
  reason_key: null,
  merged: [],
  built_in: true,
}
const DATA: Record<string, unknown> = {
  'write-in-sentiment': { total: COUNTS },
  'write-in-sentiment-breakdown': {
    byReason: [{ reason_key: 'too_expensive', ...COUNTS }],
    byOutcome: [{ outcome: 'canceled', ...COUNTS }],
    bySegment: [{ segment_id: null, ...COUNTS }],
    byArm: [],
    byMonth: [{ month: '2026-04', ...COUNTS }],
  },
  'write-in-themes': { themes: [THEME] },
  'headline-figures': {
    sessions: { current: 12, previous: 10 },
    save_rate: { current: 25, previous: 20 },
    saved_mrr: [{ currency: 'usd', current: 1500, previous: 900 }],
    top_reason: { current: { reason_key: 'too_expensive', count: 5 }, previous: null },
    previous_period: { start: '2025-11-15T00:00:00.000Z', end: '2026-02-14T23:59:59.999Z' },
  },
}
const QUOTE = {
  event_id: '41',
  session_id: 'cs_quote1',
  text: 'Way too expensive for a team of two.',
  sentiment: 'negative',
  language: 'en',
  reason_key: 'too_expensive',
  outcome: 'canceled',
  themes: ['price'],
  created_at: '2026-04-02T10:00:00.000Z',
}

let backend: FakeBackend
let tier: 'free' | 'pro'
let summaries: { enabled: boolean; summaries: unknown[] }

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-05-15T12:00:00Z'))
  clearDashboardCache()
  signInTestSession()
  tier = 'pro'
  summaries = { enabled: false, summaries: [] }
  backend = installFakeBackend()
  backend
    .on('GET', '/api/account', { action: 'data' }, () =>
      ok({ account_id: 'acme', name: 'Acme', slug: 'acme', email: null, domain: null, tier }),
    )
    .on(
      'GET',
      '/api/account',
      { action: 'reasons' },
      ok(
        reasonsData({
          reasons: [
            {
              key: 'too_expensive',
              label: "It's too expensive",
              feedback: 'any_reason',
              offer: 'discount',
              enabled: true,
            },
          ],
        }),
      ),
    )
    .on('GET', '/api/analytics', {}, (request) => ok(DATA[request.query.endpoint ?? ''] ?? []))
    .on('GET', '/api/analytics/quotes', {}, ok({ quotes: [QUOTE], next: null }))
    .on('PUT', '/api/account', { action: 'themes' }, ok({ themes: [] }))
    .on('GET', '/api/account', { action: 'summaries' }, () => ok(summaries))
})

afterEach(() => {
  cleanup()
  backend.restore()
  vi.useRealTimers()
})

const card = (name: string) => screen.getByRole('region', { name })

async function openDashboard() {
  renderPage(<DashboardPage />, { path: '/dashboard', url: '/dashboard/?account_id=acme' })
  await screen.findByRole('heading', { name: 'Dashboard' })
}

describe('write-in sentiment and themes on the dashboard', () => {
  it('opens a theme’s write-ins, with each one’s session, and moves focus to them', async () => {
    const user = userEvent.setup()
    await openDashboard()
    const themes = card('Write-in themes')
    await user.click(await within(themes).findByRole('button', { name: /^Price ?: show the write-ins$/ }))
    const quotes = await screen.findByRole('region', { name: 'Write-ins: Price' })
    expect(await within(quotes).findByText('Way too expensive for a team of two.')).toBeTruthy()
    expect(
      within(quotes)
        .getByRole('link', { name: /Open the session/ })
        .getAttribute('href'),
    ).toBe('/sessions/?account_id=acme&session=cs_quote1')
    expect(document.activeElement).toBe(within(quotes).getByRole('heading', { level: 2 }))
    const asked = backend.calls('/api/analytics/quotes')[0]
    expect(asked?.query).toMatchObject({ account_id: 'acme', theme: 'price' })
    expect(within(themes).getByText('+200 %')).toBeTruthy()
  })

  it('a bar of the breakdown asks for the write-ins of that reason and sentiment', async () => {
    const user = userEvent.setup()
    await openDashboard()
    const breakdown = card('Sentiment by reason, outcome and over time')
    await user.click(
      await within(breakdown).findByRole('button', {
        name: "It's too expensive: 2 negative (50 %): show the write-ins",
      }),
    )
    await screen.findByRole('region', { name: /Write-ins: It's too expensive/ })
    await waitFor(() =>
      expect(backend.calls('/api/analytics/quotes')[0]?.query).toMatchObject({
        reason_key: 'too_expensive',
        sentiment: 'negative',
      }),
    )
    await user.selectOptions(within(breakdown).getByLabelText('Split write-ins'), 'By outcome')
    expect(
      within(breakdown).getByRole('button', { name: 'Cancelled: 2 negative (50 %): show the write-ins' }),
    ).toBeTruthy()
  })

  it('an editor pins and maps a theme through the theme settings call', async () => {
    const user = userEvent.setup()
    await openDashboard()
    const themes = card('Write-in themes')
    await user.click(await within(themes).findByRole('button', { name: 'Edit the theme Price' }))
    await user.click(within(themes).getByRole('checkbox', { name: /Pin to the top/ }))
    await user.selectOptions(within(themes).getByLabelText('Cancellation reason'), "It's too expensive")
    await user.click(within(themes).getByRole('button', { name: 'Save theme' }))
    await waitFor(() =>
      expect(backend.calls('/api/account').some((call) => call.method === 'PUT')).toBe(true),
    )
    const put = backend.calls('/api/account').find((call) => call.method === 'PUT')
    expect(put?.body).toEqual({ key: 'price', pinned: true, reason_key: 'too_expensive' })
  })

  it('Starter sees the split without quotes, and never asks for the Pro data sets', async () => {
    tier = 'free'
    await openDashboard()
    const split = card('Write-in sentiment')
    expect(await within(split).findByText('4')).toBeTruthy()
    expect(within(split).queryByRole('button', { name: /show the write-ins/ })).toBeNull()
    expect(await within(card('Write-in themes')).findByText(/part of the full dashboard on Pro/)).toBeTruthy()
    const asked = backend.requests.flatMap((call) =>
      call.path === '/api/analytics/dashboard' ? (call.query.datasets ?? '').split(',') : [],
    )
    expect(asked).toContain('write-in-sentiment')
    expect(asked).not.toContain('write-in-themes')
    expect(asked).not.toContain('write-in-sentiment-breakdown')
    expect(backend.calls('/api/account').some((call) => call.query.action === 'summaries')).toBe(false)
  })

  it('shows each month’s summary with the write-ins it was given, and nothing where none is set up', async () => {
    const user = userEvent.setup()
    await openDashboard()
    await within(card('Write-in themes')).findByRole('button', { name: /^Price ?: show the write-ins$/ })
    await waitFor(() =>
      expect(backend.calls('/api/account').some((call) => call.query.action === 'summaries')).toBe(true),
    )
    expect(screen.queryByRole('region', { name: 'Monthly write-in summaries' })).toBeNull()
    cleanup()
    summaries = {
      enabled: true,
      summaries: [
        {
          month: '2026-04',
          summary: 'Most write-ins are about price.',
          model: 'local-model',
          writeins: 4,
          quotes: [{ event_id: '41', session_id: 'cs_quote1', text: 'Way too expensive for a team of two.' }],
          created_at: '2026-05-01T08:00:00.000Z',
        },
      ],
    }
    await openDashboard()
    const region = await screen.findByRole('region', { name: 'Monthly write-in summaries' })
    expect(await within(region).findByText('Most write-ins are about price.')).toBeTruthy()
    expect(
      within(region).getByRole('heading', { name: /April 2026 \(4 write-ins, by local-model\)/ }),
    ).toBeTruthy()
    await user.click(within(region).getByText('The 1 write-ins it was given'))
    expect(within(region).getByText('Way too expensive for a team of two.')).toBeTruthy()
    expect(
      within(region)
        .getByRole('link', { name: /Open the session/ })
        .getAttribute('href'),
    ).toBe('/sessions/?account_id=acme&session=cs_quote1')
  })
})
