import type { PastCancellations } from '@retainkit/shared/api-types'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ok } from '../../features/test-support/fake-backend'
import { openDashboard, withDashboardBackend } from './dashboard-test-support'

const PATH = '/api/stripe/past-cancellations/acme'
const FEEDBACK = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
] as const

function history(fields: Partial<PastCancellations> = {}): PastCancellations {
  const counts: Record<string, number> = { too_expensive: 2, switched_service: 1, none: 1 }
  return {
    connected: true,
    import: {
      status: 'done',
      requested_at: '2026-05-15T11:59:00.000Z',
      window_start: '2025-05-15T11:59:00.000Z',
      started_at: '2026-05-15T11:59:00.000Z',
      finished_at: '2026-05-15T12:00:00.000Z',
      scanned: 6,
      found: 4,
      error: null,
      retry_at: null,
    },
    since: '2025-05-15T12:00:00.000Z',
    total: 4,
    by_feedback: [...FEEDBACK, null].map((feedback) => ({
      feedback,
      count: counts[feedback ?? 'none'] ?? 0,
    })),
    by_reason: [
      { reason: 'cancellation_requested', count: 3 },
      { reason: 'payment_failed', count: 1 },
      { reason: 'payment_disputed', count: 0 },
      { reason: null, count: 0 },
    ],
    mrr_lost: [
      { amount: 1500, currency: 'jpy' },
      { amount: 12_317, currency: 'usd' },
    ],
    recent: [
      {
        subscription_id: 'sub_1',
        customer: { id: 'cus_1', email: 'long@example.com', name: 'Long Timer', masked: false },
        canceled_at: '2026-03-10T09:00:00.000Z',
        plan: 'Pro monthly',
        price_id: 'price_1',
        mrr: { amount: 4900, currency: 'usd' },
        reason: 'cancellation_requested',
        feedback: 'switched_service',
        comment: 'Moved to a rival',
      },
    ],
    ...fields,
  }
}

const dashboard = withDashboardBackend()

describe('the dashboard’s “Before Retainkit” card', () => {
  it('shows the imported cancellations apart, by Stripe reason, with revenue per currency and the latest ones', async () => {
    dashboard.backend.on('GET', PATH, {}, ok(history()))
    await openDashboard()
    const card = await screen.findByRole('region', {
      name: 'Before Retainkit: 4 cancellations in the last 12 months',
    })
    const inCard = within(card)
    expect(inCard.getByText(/kept apart from Retainkit's own sessions/)).toBeTruthy()
    const reasons = inCard.getByRole('table', { name: 'By Stripe reason' })
    const rows = within(reasons)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [row.getAttribute('data-feedback'), row.textContent])
    expect(rows).toEqual([
      ['too_expensive', "It's too expensivetoo_expensive2"],
      ['switched_service', "I'm switching to a different serviceswitched_service1"],
      ['none', 'No reason given1'],
    ])
    expect(inCard.getByText('¥1,500 · $123.17')).toBeTruthy()
    expect(inCard.getByText('Requested: 3 · Payment failed: 1')).toBeTruthy()
    const recent = inCard.getByRole('table', { name: 'Latest cancellations' })
    const first = within(recent).getByRole('row', { name: /Long Timer/ })
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Mar 10, 2026',
      'Pro monthly',
      '$49.00',
      "I'm switching to a different service",
      'Moved to a rival',
    ])
    expect(within(first).getByRole('rowheader').textContent).toBe('Long Timer (long@example.com)')
    expect(inCard.getByRole('button', { name: 'Import again from Stripe' })).toBeTruthy()
  })

  it('shows the progress while the import runs, reading it again until it is done', async () => {
    let reads = 0
    dashboard.backend.on('GET', PATH, {}, () => {
      reads++
      if (reads > 1) return ok(history())
      const running = history({ total: 0, recent: [], mrr_lost: [] })
      return ok({
        ...running,
        import: { ...running.import, status: 'running', finished_at: null, scanned: 200, found: 57 },
      } as PastCancellations)
    })
    await openDashboard()
    expect(
      await screen.findByText(
        /Importing from Stripe: 200 canceled subscriptions read, 57 cancellations from the last 12 months so far\./,
      ),
    ).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Importing cancellations from Stripe' })).toBeTruthy()
    // No second import while one runs.
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull()
    await screen.findByRole(
      'region',
      { name: 'Before Retainkit: 4 cancellations in the last 12 months' },
      { timeout: 6000 },
    )
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('says why an import failed and lets an owner run it again; a viewer sees masked customers and no button', async () => {
    const failed = history({ total: 0, recent: [], mrr_lost: [] })
    dashboard.backend.on(
      'GET',
      PATH,
      {},
      ok({
        ...failed,
        import: {
          ...failed.import,
          status: 'failed',
          finished_at: null,
          error:
            "Stripe's canceled subscriptions could not be read: Your restricted key needs read access to Subscriptions.",
        },
      } as PastCancellations),
    )
    dashboard.backend.on('POST', `${PATH}/import`, {}, ok(history()))
    await openDashboard()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Your restricted key needs read access to Subscriptions.')
    expect(alert.textContent).toContain('then import again')
    fireEvent.click(screen.getByRole('button', { name: 'Import again from Stripe' }))
    await vi.waitFor(() => expect(dashboard.backend.calls(`${PATH}/import`, 'POST')).toHaveLength(1))
    cleanup()

    const masked = history()
    dashboard.backend.on(
      'GET',
      PATH,
      {},
      ok({
        ...masked,
        recent: masked.recent.map((row) => ({
          ...row,
          customer: { id: 'cus_1', email: 'l•••@e•••.com', name: 'L. T.', masked: true },
        })),
      }),
    )
    await openDashboard('viewer')
    const card = await screen.findByRole('region', { name: /Before Retainkit: 4 cancellations/ })
    expect(within(card).getByRole('rowheader', { name: 'L. T. (l•••@e•••.com)' })).toBeTruthy()
    expect(within(card).queryByRole('button')).toBeNull()
  })

  it('is not there while Stripe is not connected', async () => {
    dashboard.backend.on(
      'GET',
      PATH,
      {},
      ok(history({ connected: false, import: null, total: 0, recent: [], mrr_lost: [] })),
    )
    await openDashboard()
    await vi.waitFor(() => expect(dashboard.backend.calls(PATH)).toHaveLength(1))
    expect(screen.queryByRole('region', { name: /Before Retainkit/ })).toBeNull()
  })
})
