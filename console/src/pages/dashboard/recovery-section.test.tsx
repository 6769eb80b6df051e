import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fail, ok } from '../../features/test-support/fake-backend'
import { openDashboard, withDashboardBackend } from './dashboard-test-support'

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

const dashboard = withDashboardBackend()

describe('the dashboard’s payment recovery section', () => {
  it('shows at-risk, recovered and lost money per currency, the rate by channel and attempt, and time to recover', async () => {
    dashboard.backend.on('GET', '/api/recovery/acme/report', {}, ok(REPORT))
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
    const asked = dashboard.backend.calls('/api/recovery/acme/report')[0]
    expect(asked?.query.startDate).toBeTruthy()
    expect(asked?.query.mode).toBeUndefined()
  })

  it('is not there for an account without the module', async () => {
    dashboard.backend.on(
      'GET',
      '/api/recovery/acme/report',
      {},
      fail(403, 'FORBIDDEN', 'Payment recovery is not available'),
    )
    await openDashboard()
    await vi.waitFor(() => expect(dashboard.backend.calls('/api/recovery/acme/report')).toHaveLength(1))
    expect(screen.queryByRole('region', { name: 'Payment recovery' })).toBeNull()
  })
})
