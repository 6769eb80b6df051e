import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type FakeBackend,
  fail,
  installFakeBackend,
  ok,
  signInTestSession,
} from '../../features/test-support/fake-backend'
import { renderPage } from '../../features/test-support/render-page'
import { clearDashboardCache } from './dashboard-data'
import DashboardPage from './dashboard-page'

const CSV = 'session_id,started_at,outcome\r\ncs_1,2026-04-02T10:00:00.000Z,saved\r\n'
const JSON_EXPORT = JSON.stringify({
  data: [{ session_id: 'cs_1', outcome: 'saved' }],
  meta: { truncated: false },
})

let backend: FakeBackend
let tier: 'free' | 'pro'
const downloads: Array<{ name: string; blob: Blob }> = []

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-05-15T12:00:00Z'))
  clearDashboardCache()
  signInTestSession()
  tier = 'pro'
  downloads.length = 0
  let pending: Blob | null = null
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    pending = blob as Blob
    return 'blob:test'
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending) downloads.push({ name: this.download, blob: pending })
  })
  backend = installFakeBackend()
  backend
    .on('GET', '/api/account', { action: 'data' }, () =>
      ok({ account_id: 'acme', name: 'Acme', slug: 'acme', email: null, domain: null, tier }),
    )
    .on('GET', '/api/account', { action: 'reasons' }, ok({ reasons: [] }))
    // The panels are not under test here.
    .on('GET', '/api/analytics', {}, fail(400, 'INVALID_INPUT', 'Not in this test'))
    .on('GET', '/api/analytics/export', { format: 'csv' }, { status: 200, text: CSV })
    .on('GET', '/api/analytics/export', { format: 'json' }, { status: 200, text: JSON_EXPORT })
})

afterEach(() => {
  cleanup()
  backend.restore()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

async function exportGroup(url = '/dashboard/?account_id=acme') {
  renderPage(<DashboardPage />, { path: '/dashboard', url })
  return screen.findByRole('group', { name: 'Export raw sessions' })
}

describe('dashboard: export raw sessions', () => {
  it('downloads the CSV the server writes for the period on screen, with a descriptive name', async () => {
    const user = userEvent.setup()
    const group = await exportGroup()
    await user.click(within(group).getByRole('button', { name: 'CSV (raw sessions)' }))
    await waitFor(() => expect(downloads).toHaveLength(1))
    expect(backend.calls('/api/analytics/export').map((call) => call.query)).toEqual([
      {
        account_id: 'acme',
        format: 'csv',
        startDate: '2026-02-15T00:00:00.000Z',
        endDate: '2026-05-15T23:59:59.999Z',
      },
    ])
    expect(downloads[0]?.name).toBe('retainkit-acme-sessions-3months.csv')
    expect((await downloads[0]?.blob.text())?.replace(/^\uFEFF/, '')).toBe(CSV)
    expect(within(group).getByRole('status').textContent).toBe('Raw sessions downloaded as CSV.')
  })

  it('downloads JSON for another period in test mode', async () => {
    const user = userEvent.setup()
    const group = await exportGroup('/dashboard/?account_id=acme&period=1month&mode=test')
    await user.click(within(group).getByRole('button', { name: 'JSON (raw sessions)' }))
    await waitFor(() => expect(downloads).toHaveLength(1))
    expect(backend.calls('/api/analytics/export')[0]?.query).toMatchObject({
      format: 'json',
      startDate: '2026-04-15T00:00:00.000Z',
      mode: 'test',
    })
    expect(downloads[0]?.name).toBe('retainkit-acme-sessions-test-1month.json')
    expect(downloads[0]?.blob.type).toBe('application/json')
    expect(JSON.parse((await downloads[0]?.blob.text()) ?? '')).toEqual(JSON.parse(JSON_EXPORT))
  })

  it('says so when the export fails, and downloads nothing', async () => {
    backend.on(
      'GET',
      '/api/analytics/export',
      { format: 'csv' },
      fail(503, 'SERVICE_UNAVAILABLE', 'The database is busy'),
    )
    const user = userEvent.setup()
    const group = await exportGroup()
    await user.click(within(group).getByRole('button', { name: 'CSV (raw sessions)' }))
    expect((await within(group).findByRole('alert')).textContent).toMatch(/^The export failed: /)
    expect(downloads).toEqual([])
    expect(within(group).getByRole('button', { name: 'CSV (raw sessions)' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('is not offered to free accounts (the raw export is Pro)', async () => {
    tier = 'free'
    renderPage(<DashboardPage />, { path: '/dashboard', url: '/dashboard/?account_id=acme' })
    await screen.findByRole('heading', { name: 'Dashboard' })
    await waitFor(() => expect(backend.calls('/api/account').length).toBeGreaterThan(0))
    await waitFor(() =>
      expect(screen.getAllByText(/part of the full dashboard on Pro/).length).toBeGreaterThan(0),
    )
    expect(screen.queryByRole('group', { name: 'Export raw sessions' })).toBeNull()
  })
})
