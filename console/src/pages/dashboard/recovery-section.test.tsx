import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type FakeBackend,
  fail,
  installFakeBackend,
  ok,
  reasonsData,
  signInTestSession,
} from '../../features/test-support/fake-backend'
import { renderPage } from '../../features/test-support/render-page'
import { clearDashboardCache } from './dashboard-data'
import DashboardPage from './dashboard-page'

vi.setConfig({ testTimeout: 15_000 })

/** A report as the server answers it: two currencies, never summed. */
const REPORT = {
  failed: { count: 5, at_risk_mrr: [money(9_800, 'eur'), money(4_900, 'usd')] },
  open_now: { count: 2, at_risk_mrr: [money(4_900, 'eur')] },
  recovered: {
    count: 2,
    amount: [money(4_900, 'eur'), money(4_900, 'usd')],
    mrr: [money(4_900, 'eur'), money(4_900, 'usd')],
  },
  lost: { count: 1, mrr: [money(4_900, 'eur')] },
  resolved_elsewhere: { count: 0 },
  recovery_rate: 66.67,
  by_channel: [
    { channel: 'stripe_retry', recovered: 0, amount: [], rate: 0 },
    { channel: 'our_retry', recovered: 1, amount: [money(4_900, 'usd')], rate: 33.33 },
    { channel: 'email_link', recovered: 1, amount: [money(4_900, 'eur')], rate: 33.33 },
    { channel: 'banner', recovered: 0, amount: [], rate: 0 },
  ],
  by_attempt: [{ attempt: 2, recovered: 2 }],
  time_to_recover_hours: { median: 60, mean: 60 },
}
function money(amount: number, currency: string) {
  return { amount, currency }
}

const HEADLINE = {
  sessions: { current: 0, previous: 0 },
  save_rate: { current: null, previous: null },
  saved_mrr: [],
  top_reason: { current: null, previous: null },
  previous_period: { start: '2025-11-15T00:00:00.000Z', end: '2026-02-14T23:59:59.999Z' },
}

let backend: FakeBackend

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-05-15T12:00:00Z'))
  clearDashboardCache()
  signInTestSession()
  backend = installFakeBackend()
  backend
    .on('GET', '/api/account', { action: 'data' }, () =>
      ok({ account_id: 'acme', name: 'Acme', slug: 'acme', email: null, domain: null, tier: 'pro' }),
    )
    .on('GET', '/api/account', { action: 'reasons' }, ok(reasonsData({ reasons: [] })))
    .on('GET', '/api/analytics', {}, (request) =>
      ok(request.query.endpoint === 'headline-figures' ? HEADLINE : []),
    )
})

afterEach(() => {
  cleanup()
  backend.restore()
  vi.useRealTimers()
})

async function openDashboard() {
  renderPage(<DashboardPage />, { path: '/dashboard', url: '/dashboard/?account_id=acme' })
  await screen.findByRole('heading', { name: 'Dashboard' })
}

describe('the dashboard’s payment recovery section', () => {
  it('shows at-risk, recovered and lost money per currency, the rate by channel and attempt, and time to recover', async () => {
    backend.on('GET', '/api/recovery/acme/report', {}, ok(REPORT))
    await openDashboard()
    const section = await screen.findByRole('region', { name: 'Payment recovery' })
    const figures = within(section)
    expect(figures.getByText(/€98\.00 · \$49\.00 \(5 invoices\)/)).toBeTruthy()
    expect(figures.getByText(/€49\.00 · \$49\.00 · MRR €49\.00 · \$49\.00/)).toBeTruthy()
    expect(figures.getByText('66.67%')).toBeTruthy()
    expect(figures.getByText('2.5 days')).toBeTruthy()
    expect(figures.getByText(/MRR €49\.00 \(1 invoice\)/)).toBeTruthy()
    const channels = figures.getByRole('table', { name: 'Recovered by channel' })
    const email = within(channels).getByRole('row', { name: /E-mail link/ })
    expect(
      within(email)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '€49.00', '33.33%'])
    const attempts = figures.getByRole('table', { name: 'Recovered by attempt' })
    expect(within(within(attempts).getByRole('row', { name: /^2/ })).getByRole('cell').textContent).toBe('2')
    // The dashboard's period, live data unless test mode is ticked.
    const asked = backend.calls('/api/recovery/acme/report')[0]
    expect(asked?.query.startDate).toBeTruthy()
    expect(asked?.query.mode).toBeUndefined()
  })

  it('is not there for an account without the module', async () => {
    backend.on(
      'GET',
      '/api/recovery/acme/report',
      {},
      fail(403, 'FORBIDDEN', 'Payment recovery is not available'),
    )
    await openDashboard()
    await vi.waitFor(() => expect(backend.calls('/api/recovery/acme/report')).toHaveLength(1))
    expect(screen.queryByRole('region', { name: 'Payment recovery' })).toBeNull()
  })
})
