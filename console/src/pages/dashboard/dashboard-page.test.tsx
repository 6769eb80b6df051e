import { periodToRange } from '@retainkit/shared/period'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type FakeBackend,
  type FakeResponse,
  fail,
  installFakeBackend,
  ok,
  type RecordedRequest,
  reasonsData,
  signInTestSession,
} from '../../features/test-support/fake-backend'
import { renderPage } from '../../features/test-support/render-page'
import { clearDashboardCache } from './dashboard-data'
import DashboardPage from './dashboard-page'

const DURABILITY_GROUP = {
  key: 'discount',
  saves: 2,
  kept: 1,
  lost: 1,
  unknown: 0,
  keptMrr: [{ amount: 2320, currency: 'usd' }],
  pausedMrr: [{ amount: 0, currency: 'usd' }],
  lostMrr: [{ amount: 2320, currency: 'usd' }],
  stuck: [
    { days: 30, decided: 2, kept: 2, rate: 100 },
    { days: 60, decided: 1, kept: 0, rate: 0 },
    { days: 90, decided: 0, kept: 0, rate: null },
  ],
}

const COUNTS = { positive: 1, neutral: 2, negative: 3, not_scored: 0, total: 6 }
/** A saved-revenue figure block: `lost` is what was not kept. */
const REVENUE = (saves: number, gross: number, kept: number) => ({
  saves,
  gross,
  kept,
  paused: 0,
  lost: gross - kept,
  unknown: 0,
})

const DATA: Record<string, unknown> = {
  'cancellation-reasons': [
    { reason_key: 'too_expensive', count: 6 },
    { reason_key: 'other', count: 2 },
  ],
  'cancellation-reasons-over-time': [
    { month: '2026-03', too_expensive: 2, other: 1 },
    { month: '2026-04', too_expensive: 4, other: 1 },
  ],
  'save-mechanism-performance': [{ mechanism: 'pause', completed: 3, skipped: 1 }],
  'save-rate-over-time': [
    { month: '2026-03', saveRate: 0, cancellations: 0, continues: 0, kept: 0, acceptedOffers: 0 },
    { month: '2026-04', saveRate: 50, cancellations: 6, continues: 6, kept: 2, acceptedOffers: 4 },
  ],
  'write-in-reasons': [
    { text: 'price', value: 5 },
    { text: 'support, "slow"', value: 2 },
  ],
  'saved-revenue': {
    asOf: '2026-05-15T12:00:00.000Z',
    currencies: [
      {
        currency: 'usd',
        ...REVENUE(3, 4500, 3000),
        byMonth: [{ month: '2026-04', ...REVENUE(3, 4500, 3000) }],
        byMechanism: [{ mechanism: 'pause', ...REVENUE(3, 4500, 3000) }],
      },
    ],
  },
  'save-durability': {
    asOf: '2026-05-15T12:00:00.000Z',
    checkpoints: [30, 60, 90],
    currencies: ['usd'],
    firstOutcomeDue: null,
    totals: { ...DURABILITY_GROUP, key: 'all' },
    byOffer: [DURABILITY_GROUP],
    byReason: [{ ...DURABILITY_GROUP, key: 'too_expensive' }],
    outsideFlow: { cancellations: 4 },
  },
  'write-in-sentiment': { total: COUNTS },
  'write-in-sentiment-breakdown': {
    byReason: [{ reason_key: 'too_expensive', ...COUNTS }],
    byOutcome: [{ outcome: 'canceled', ...COUNTS }],
    bySegment: [{ segment_id: null, ...COUNTS }],
    byArm: [],
    byMonth: [{ month: '2026-04', ...COUNTS }],
  },
  'write-in-themes': {
    themes: [
      {
        key: 'price',
        name: 'Price',
        mentions: 4,
        previous: 2,
        sentiment: { ...COUNTS, positive: 0, neutral: 1, total: 4 },
        byMonth: [{ month: '2026-04', mentions: 4 }],
        pinned: false,
        reason_key: null,
        merged: [],
        built_in: true,
      },
    ],
  },
}

// The headline row's answer (spread into DATA below).
const HEADLINE = {
  'headline-figures': {
    sessions: { current: 12, previous: 10 },
    save_rate: { current: 25, previous: 20 },
    saved_mrr: [{ currency: 'usd', current: 1500, previous: 900 }],
    top_reason: { current: { reason_key: 'too_expensive', count: 5 }, previous: null },
    previous_period: { start: '2025-11-15T00:00:00.000Z', end: '2026-02-14T23:59:59.999Z' },
  },
}

const EMPTY: Record<string, unknown> = {
  'cancellation-reasons': [],
  'cancellation-reasons-over-time': [{ month: '2026-04' }],
  'save-mechanism-performance': [],
  'save-rate-over-time': [{ month: '2026-04', saveRate: 0, cancellations: 0, continues: 0 }],
  'write-in-reasons': [],
  'saved-revenue': { asOf: '2026-05-15T12:00:00.000Z', currencies: [] },
  'save-durability': {
    asOf: '2026-05-15T12:00:00.000Z',
    checkpoints: [30, 60, 90],
    currencies: [],
    firstOutcomeDue: null,
    totals: {
      ...DURABILITY_GROUP,
      key: 'all',
      saves: 0,
      kept: 0,
      lost: 0,
      keptMrr: [],
      pausedMrr: [],
      lostMrr: [],
      stuck: [],
    },
    byOffer: [],
    byReason: [],
    outsideFlow: { cancellations: 0 },
  },
  'write-in-sentiment': { total: { positive: 0, neutral: 0, negative: 0, not_scored: 0, total: 0 } },
  'write-in-sentiment-breakdown': { byReason: [], byOutcome: [], bySegment: [], byArm: [], byMonth: [] },
  'write-in-themes': { themes: [] },
}

let backend: FakeBackend
let tier: 'free' | 'pro'
let answers: Record<string, unknown>

function analytics(request: RecordedRequest): FakeResponse {
  const endpoint = request.query.endpoint ?? ''
  return endpoint in answers ? ok(answers[endpoint]) : fail(400, 'INVALID_INPUT', 'Unknown endpoint')
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-05-15T12:00:00Z'))
  clearDashboardCache()
  signInTestSession()
  tier = 'pro'
  answers = { ...DATA, ...HEADLINE }
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
    .on('GET', '/api/analytics', {}, analytics)
})

afterEach(() => {
  cleanup()
  backend.restore()
  vi.useRealTimers()
})

/**
 * The data sets the page asked the server for, one entry each: a single call (Retry), or one of the data
 * sets named by a whole-dashboard call.
 */
const analyticsCalls = () =>
  backend.requests.flatMap((call) =>
    call.path === '/api/analytics'
      ? [call]
      : call.path === '/api/analytics/dashboard'
        ? (call.query.datasets ?? '')
            .split(',')
            .map((endpoint) => ({ ...call, query: { ...call.query, endpoint } }))
        : [],
  )
const card = (name: string) => screen.getByRole('region', { name })

async function openDashboard(url = '/dashboard/?account_id=acme') {
  const view = renderPage(<DashboardPage />, { path: '/dashboard', url })
  await screen.findByRole('heading', { name: 'Dashboard' })
  return view
}

describe('dashboard: periods', () => {
  it('defaults to 3 months and asks for every data set with that range', async () => {
    await openDashboard()
    expect(screen.getByText('Showing Last 3 months')).toBeTruthy()
    await waitFor(() => expect(analyticsCalls()).toHaveLength(11))
    const range = periodToRange('3months')
    if (!range.ok) throw new Error('unreachable')
    expect(new Set(analyticsCalls().map((call) => call.query.endpoint))).toEqual(
      new Set([
        'cancellation-reasons',
        'cancellation-reasons-over-time',
        'save-mechanism-performance',
        'save-rate-over-time',
        'write-in-reasons',
        'saved-revenue',
        'save-durability',
        'headline-figures',
        'write-in-sentiment',
        'write-in-sentiment-breakdown',
        'write-in-themes',
      ]),
    )
    for (const call of analyticsCalls()) {
      expect(call.query).toMatchObject({
        account_id: 'acme',
        startDate: '2026-02-15T00:00:00.000Z',
        endDate: '2026-05-15T23:59:59.999Z',
      })
    }
  })

  it('asks for the headline row in the same request as the charts that do not wait for the tier', async () => {
    await openDashboard()
    await waitFor(() => expect(analyticsCalls()).toHaveLength(11))
    // The Pro-only charts follow once the tier is known, in a request of their own.
    const requests = backend
      .calls('/api/analytics/dashboard')
      .map((call) => new Set(call.query.datasets?.split(',')))
    expect(requests).toHaveLength(2)
    expect(requests[0]).toEqual(
      new Set([
        'headline-figures',
        'cancellation-reasons',
        'save-rate-over-time',
        'write-in-reasons',
        'write-in-sentiment',
      ]),
    )
    expect(backend.calls('/api/analytics')).toHaveLength(0)
    const headline = await screen.findByTestId('headline-figures')
    expect(headline.textContent).toContain('12')
  })

  it('a new period goes into the URL and refetches with its startDate and endDate', async () => {
    const user = userEvent.setup()
    const { router } = await openDashboard()
    await waitFor(() => expect(analyticsCalls()).toHaveLength(11))
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 6 months')
    await waitFor(() => expect(router.state.location.search).toBe('?account_id=acme&period=6months'))
    await waitFor(() => expect(analyticsCalls()).toHaveLength(22))
    for (const call of analyticsCalls().slice(11)) {
      expect(call.query).toMatchObject({
        startDate: '2025-11-15T00:00:00.000Z',
        endDate: '2026-05-15T23:59:59.999Z',
      })
    }
    expect(screen.getByText('Showing Last 6 months')).toBeTruthy()
  })

  it('checks a custom range with the period messages before applying it', async () => {
    const user = userEvent.setup()
    const { router } = await openDashboard()
    await user.selectOptions(screen.getByLabelText('Period'), 'Custom range…')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(screen.getByText('Invalid custom date range')).toBeTruthy()

    await user.type(screen.getByLabelText('From'), '2026-02-10')
    await user.type(screen.getByLabelText('To'), '2026-02-01')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(screen.getByText('Custom start date must be on or before end date')).toBeTruthy()

    await user.clear(screen.getByLabelText('To'))
    await user.type(screen.getByLabelText('To'), '2026-02-28')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(router.state.location.search).toBe('?account_id=acme&period=custom%3A2026-02-10%3A2026-02-28'),
    )
    await waitFor(() =>
      expect(
        analyticsCalls().some(
          (call) =>
            call.query.startDate === '2026-02-10T00:00:00.000Z' &&
            call.query.endDate === '2026-02-28T23:59:59.999Z',
        ),
      ).toBe(true),
    )
    expect(screen.getByText('Showing Custom: Feb 10, 2026 – Feb 28, 2026')).toBeTruthy()
  })

  it('reads the period from the URL, and explains an unusable one', async () => {
    await openDashboard('/dashboard/?account_id=acme&period=2weeks')
    expect(screen.getByText('Unsupported period: showing last 3 months instead.')).toBeTruthy()
    await waitFor(() => expect(analyticsCalls().length).toBeGreaterThan(0))
    expect(analyticsCalls()[0]?.query.startDate).toBe('2026-02-15T00:00:00.000Z')
  })
})

describe('dashboard: test-mode data', () => {
  it('counts live sessions by default; the toggle asks for test-mode data, says so, and goes into the URL', async () => {
    const user = userEvent.setup()
    const { router } = await openDashboard()
    await waitFor(() => expect(analyticsCalls()).toHaveLength(11))
    // The spec's call exactly: no mode parameter for live data.
    for (const call of analyticsCalls()) expect(call.query.mode).toBeUndefined()
    expect(screen.queryByText(/Showing test-mode sessions only/)).toBeNull()

    await user.click(screen.getByRole('checkbox', { name: 'Test-mode data' }))
    await waitFor(() => expect(router.state.location.search).toBe('?account_id=acme&mode=test'))
    await waitFor(() => expect(analyticsCalls()).toHaveLength(22))
    for (const call of analyticsCalls().slice(11)) expect(call.query.mode).toBe('test')
    expect(screen.getByText(/Showing test-mode sessions only/).closest('[role="status"]')).toBeTruthy()

    await user.click(screen.getByRole('checkbox', { name: 'Test-mode data' }))
    await waitFor(() => expect(router.state.location.search).toBe('?account_id=acme'))
    await waitFor(() => expect(analyticsCalls()).toHaveLength(33))
    for (const call of analyticsCalls().slice(22)) expect(call.query.mode).toBeUndefined()
  })
})

describe('dashboard: panels', () => {
  it('shows each data set with a table alternative', async () => {
    const user = userEvent.setup()
    await openDashboard()
    const reasons = card('Cancellation reasons')
    await user.click(await within(reasons).findByRole('button', { name: 'Show table' }))
    const rows = within(reasons)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'ReasonKeySubscribersShare (%)',
      "It's too expensivetoo_expensive675",
      'Otherother225',
    ])
    expect(within(reasons).getByRole('button', { name: 'Show chart' }).getAttribute('aria-pressed')).toBe(
      'true',
    )

    // The reasons count subscribers, whatever they did; only the save-rate card counts cancellations.
    expect(
      within(reasons).getByText(/gave a reason, whether they then cancelled or stayed/).textContent,
    ).toMatch(/^8 subscribers/)
    expect(within(reasons).queryByText(/cancellations/i)).toBeNull()
    const rate = card('Save rate over time')
    expect(await within(rate).findByText('50.00%', { selector: '.rk-revenue__amount' })).toBeTruthy()
    const figure = (name: string) =>
      within(rate).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent
    expect([
      figure('Stayed'),
      figure('Kept their plan'),
      figure('Accepted an offer'),
      figure('Cancellations'),
    ]).toEqual(['6', '2', '4', '6'])

    const mechanisms = card('Save offer performance')
    await user.click(await within(mechanisms).findByRole('button', { name: 'Show table' }))
    expect(within(mechanisms).getByRole('row', { name: /Pause 3 1 75/ })).toBeTruthy()

    const revenue = card('Saved revenue')
    expect(await within(revenue).findByText('$30.00', { selector: '.rk-revenue__amount' })).toBeTruthy()
    expect(within(revenue).getByText(/still paid now, of \$45\.00 saved by 3 saves/)).toBeTruthy()
    expect(within(revenue).getByText('Lost since').nextElementSibling?.textContent).toBe('$15.00')
    expect(within(revenue).getByText('Pause').nextElementSibling?.textContent).toBe('$30.00 of $45.00')

    const words = card('Write-in feedback words')
    const cloud = await within(words).findByRole('list', {
      name: 'Words subscribers wrote, most mentioned first',
    })
    expect(
      within(cloud)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['price: 5 mentions', 'support, "slow": 2 mentions'])
  })

  it('exports a CSV with a header row, proper escaping and a descriptive filename', async () => {
    const user = userEvent.setup()
    const blobs: Blob[] = []
    const names: string[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob)
      return 'blob:test'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download)
    })
    await openDashboard()
    const words = card('Write-in feedback words')
    await user.click(await within(words).findByRole('button', { name: /Export CSV/ }))
    expect(names).toEqual(['retainkit-acme-write-in-reasons-3months.csv'])
    const text = await (blobs[0] as Blob).text()
    expect(text.replace(/^\uFEFF/, '')).toBe('Word,Mentions\r\nprice,5\r\n"support, ""slow""",2\r\n')
    click.mockRestore()
  })

  it('shows one empty state for a period without sessions, not one per panel, with the ways forward', async () => {
    const user = userEvent.setup()
    answers = {
      ...EMPTY,
      'headline-figures': { ...HEADLINE['headline-figures'], sessions: { current: 0, previous: 0 } },
    }
    await openDashboard()
    const empty = await screen.findByTestId('dashboard-empty')
    expect(within(empty).getByRole('heading', { name: 'No cancel sessions in this period' })).toBeTruthy()
    expect(
      within(empty).getByRole('link', { name: 'Install the widget on your site' }).getAttribute('href'),
    ).toBe('/settings/?tab=install')
    expect(within(empty).getByText(/^Last 3 months: nothing yet/)).toBeTruthy()
    expect(screen.getAllByText(/No cancel sessions/)).toHaveLength(1)
    for (const name of ['Cancellation reasons', 'Save rate over time', 'Saved revenue'])
      expect(screen.queryByRole('region', { name })).toBeNull()
    await user.click(within(empty).getByRole('button', { name: 'Show test-mode sessions' }))
    expect(
      await screen.findByRole('heading', { name: 'No test-mode cancel sessions in this period' }),
    ).toBeTruthy()
  })

  it("keeps a panel's own empty state when the period has sessions but not that data", async () => {
    answers = { ...EMPTY, ...HEADLINE }
    await openDashboard()
    const panel = card('Cancellation reasons')
    expect(await within(panel).findByText('No cancel sessions in this period yet')).toBeTruthy()
    expect(screen.queryByTestId('dashboard-empty')).toBeNull()
  })

  it('shows an error with Retry per panel, and Retry asks the server again', async () => {
    const user = userEvent.setup()
    backend.on(
      'GET',
      '/api/analytics',
      { endpoint: 'save-rate-over-time' },
      fail(500, 'DATABASE_ERROR', 'Failed to fetch save rate: connection lost'),
    )
    await openDashboard()
    const panel = card('Save rate over time')
    expect(await within(panel).findByText('Failed to fetch save rate: connection lost')).toBeTruthy()
    expect(
      await within(card('Cancellation reasons')).findByRole('button', { name: 'Show table' }),
    ).toBeTruthy()

    backend.on('GET', '/api/analytics', { endpoint: 'save-rate-over-time' }, analytics)
    await user.click(within(panel).getByRole('button', { name: /Retry/ }))
    await user.click(await within(panel).findByRole('button', { name: 'Show table' }))
    expect(within(panel).getByRole('row', { name: /2026-04 50 6 6 2 4/ })).toBeTruthy()
    // March had no session: no rate (a gap on the chart), not 0 %.
    expect(within(panel).getByRole('row', { name: /^2026-03 0 0 0 0$/ })).toBeTruthy()
    expect(analyticsCalls().filter((call) => call.query.endpoint === 'save-rate-over-time')).toHaveLength(2)
  })

  it('shows loading skeletons while data sets are on their way', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    backend.on('GET', '/api/analytics', {}, async (request) => {
      await gate
      return analytics(request)
    })
    await openDashboard()
    const panel = card('Cancellation reasons')
    expect(panel.getAttribute('aria-busy')).toBe('true')
    expect(within(panel).getByRole('status').textContent).toBe('Loading cancellation reasons…')
    release()
    await waitFor(() => expect(panel.getAttribute('aria-busy')).toBe('false'))
  })
})

describe('dashboard: free tier', () => {
  it('replaces Pro-only panels with an upgrade card and does not ask for them', async () => {
    tier = 'free'
    await openDashboard()
    for (const name of [
      'Reasons over time',
      'Save offer performance',
      'Saved revenue',
      'Write-in themes',
      'Sentiment by reason, outcome and over time',
    ]) {
      expect(
        await within(card(name)).findByText(`${name} is part of the full dashboard on Pro.`),
      ).toBeTruthy()
      expect(within(card(name)).getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(
        '/settings/?tab=billing',
      )
    }
    expect(
      await within(card('Cancellation reasons')).findByRole('button', { name: 'Show table' }),
    ).toBeTruthy()
    await waitFor(() => expect(analyticsCalls()).toHaveLength(5))
    expect(new Set(analyticsCalls().map((call) => call.query.endpoint))).toEqual(
      new Set([
        'cancellation-reasons',
        'save-rate-over-time',
        'write-in-reasons',
        'headline-figures',
        'write-in-sentiment',
      ]),
    )
  })

  it("treats the server's 403 BUSINESS_RULE_VIOLATION as the same upgrade card", async () => {
    backend.on(
      'GET',
      '/api/analytics',
      { endpoint: 'saved-revenue' },
      fail(403, 'BUSINESS_RULE_VIOLATION', 'The full dashboard is a Pro feature. Upgrade to Pro to see it.'),
    )
    await openDashboard()
    expect(
      await within(card('Saved revenue')).findByText('Saved revenue is part of the full dashboard on Pro.'),
    ).toBeTruthy()
  })
})

describe('dashboard: saves that stuck', () => {
  it('shows kept and lost revenue, the 30/60/90-day rates and cancellations outside the flow, with a table', async () => {
    const user = userEvent.setup()
    await openDashboard()
    const stuck = card('Saves that stuck')
    expect(await within(stuck).findByText('2 of 2')).toBeTruthy()
    expect(within(stuck).getByText('MRR lost').nextElementSibling?.textContent).toBe('$23.20')
    expect(within(stuck).getByText('At 30 days').nextElementSibling?.textContent).toBe('100%')
    expect(within(stuck).getByText('At 90 days').nextElementSibling?.textContent).toBe('Not yet')
    expect(within(stuck).getByText('Cancelled outside the flow').nextElementSibling?.textContent).toBe('4')
    await user.click(within(stuck).getByRole('button', { name: 'Show table' }))
    const table = within(stuck).getByRole('table', { name: 'Saves that stuck' })
    expect(within(table).getByRole('columnheader', { name: 'Still paying at 60 days (%)' })).toBeTruthy()
    expect(within(table).getByRole('columnheader', { name: 'MRR kept (USD)' })).toBeTruthy()
    expect(within(table).getByRole('rowheader', { name: 'Save offer' })).toBeTruthy()
    expect(within(table).getByRole('rowheader', { name: 'Outside the flow' })).toBeTruthy()
  })

  it('says too early to tell, with the day the first outcome is due, before any save is 30 days old', async () => {
    const young = {
      ...DURABILITY_GROUP,
      kept: 149,
      lost: 0,
      saves: 149,
      stuck: [
        { days: 30, decided: 0, kept: 0, rate: null },
        { days: 60, decided: 0, kept: 0, rate: null },
        { days: 90, decided: 0, kept: 0, rate: null },
      ],
    }
    answers = {
      ...answers,
      'save-durability': {
        ...(DATA['save-durability'] as object),
        firstOutcomeDue: '2026-06-02',
        totals: { ...young, key: 'all' },
        byOffer: [young],
        byReason: [],
      },
    }
    await openDashboard()
    const stuck = card('Saves that stuck')
    expect(await within(stuck).findByText('Too early to tell')).toBeTruthy()
    expect(within(stuck).getByText(/first save reaches 30 days on June 2, 2026/)).toBeTruthy()
    expect(within(stuck).queryByText(/of 149/)).toBeNull()
  })

  it('keeps each currency apart: no dollar sign on euros, no sum across them', async () => {
    const both = [
      { amount: 4254, currency: 'eur' },
      { amount: 3600, currency: 'usd' },
    ]
    answers = {
      ...answers,
      'save-durability': {
        ...(DATA['save-durability'] as object),
        currencies: ['eur', 'usd'],
        totals: { ...DURABILITY_GROUP, key: 'all', keptMrr: both },
      },
      'headline-figures': {
        ...HEADLINE['headline-figures'],
        saved_mrr: [
          { currency: 'eur', current: 3600, previous: 0 },
          { currency: 'usd', current: 4254, previous: 4254 },
        ],
      },
    }
    await openDashboard()
    const stuck = card('Saves that stuck')
    expect((await within(stuck).findByText('MRR still paid')).nextElementSibling?.textContent).toBe(
      '€42.54 · $36.00',
    )
    expect(within(stuck).queryByText('$78.54')).toBeNull()
    const headline = await screen.findByTestId('headline-figures')
    expect(headline.textContent).toContain('€36.00 · $42.54')
    expect(headline.textContent).toContain('EUR: Up €36.00 from none the previous period')
  })
})
