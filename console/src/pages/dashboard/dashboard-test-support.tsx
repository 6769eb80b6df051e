import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import {
  type FakeBackend,
  installFakeBackend,
  ok,
  reasonsData,
  signInTestSession,
} from '../../features/test-support/fake-backend'
import { renderPage } from '../../features/test-support/render-page'
import { clearDashboardCache } from './dashboard-data'
import DashboardPage from './dashboard-page'

/** Headline figures of a period with no cancel sessions: the sections under test stand alone. */
export const HEADLINE = {
  sessions: { current: 0, previous: 0 },
  save_rate: { current: null, previous: null },
  saved_mrr: [],
  top_reason: { current: null, previous: null },
  previous_period: { start: '2025-11-15T00:00:00.000Z', end: '2026-02-14T23:59:59.999Z' },
}

/**
 * The set-up of a dom test of one dashboard section: the clock at 2026-05-15 12:00 UTC, an empty
 * dashboard cache, and a fake backend answering a Pro account with no reasons and no sessions; the
 * test adds its section's own routes to `backend`. Call at a test file's top level.
 */
export function withDashboardBackend(): { readonly backend: FakeBackend } {
  let backend: FakeBackend | undefined
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-05-15T12:00:00Z'))
    clearDashboardCache()
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
    backend?.restore()
    vi.useRealTimers()
  })
  return {
    get backend() {
      if (!backend) throw new Error('the dashboard backend is installed before each test')
      return backend
    },
  }
}

/** Signs in with `role` and opens the dashboard of account acme, waiting for its heading. */
export async function openDashboard(role: 'owner' | 'viewer' = 'owner') {
  signInTestSession({ role })
  renderPage(<DashboardPage />, { path: '/dashboard', url: '/dashboard/?account_id=acme' })
  await screen.findByRole('heading', { name: 'Dashboard' })
}
