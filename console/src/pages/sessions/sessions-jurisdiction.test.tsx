import { API_RESPONSES, type ApiData } from '@retainkit/shared/api'
import { createDefaultReasons } from '@retainkit/shared/default-config'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type FakeBackend,
  installFakeBackend,
  ok,
  reasonsData,
  signInTestSession,
} from '../../features/test-support/fake-backend'
import { renderPage } from '../../features/test-support/render-page'
import SessionsPage from './sessions-page'

/**
 * The Sessions list names the jurisdiction mode each session ran in (as the session's own page does)
 * and filters by it: the filter is in the URL and reaches the server as `jurisdiction`, for the list
 * and its CSV alike. The canned answer is checked against the shared response schema first.
 */
type Summary = ApiData<'GET /api/sessions/{accountId}'>['sessions'][number]

const summary = (id: string, jurisdiction_mode: Summary['jurisdiction_mode']): Summary => ({
  id,
  kind: 'cancel',
  mode: 'live',
  started_at: '2026-11-20T10:00:00.000Z',
  completed_at: '2026-11-20T10:00:09.000Z',
  outcome: 'canceled',
  customer: { id: `cus_${id}`, email: null, name: null, masked: false },
  plan: null,
  mrr: null,
  reason_key: null,
  offer_shown: null,
  offer_accepted: null,
  segment_id: null,
  experiment_id: null,
  arm_id: null,
  jurisdiction_mode,
})

const ALL: ApiData<'GET /api/sessions/{accountId}'> = {
  sessions: [
    summary('mn', 'offers_after_cancel'),
    summary('de', 'statutory_button'),
    summary('banner', null),
  ],
  next_cursor: null,
}
const MINNESOTA: ApiData<'GET /api/sessions/{accountId}'> = {
  sessions: [ALL.sessions[0] as Summary],
  next_cursor: null,
}

let backend: FakeBackend

beforeEach(() => {
  signInTestSession({ role: 'owner' })
  backend = installFakeBackend()
  backend
    .on('GET', '/api/account', { action: 'reasons' }, ok(reasonsData({ reasons: createDefaultReasons() })))
    .on('GET', '/api/sessions/acme', {}, ok(ALL))
    .on('GET', '/api/sessions/acme', { jurisdiction: 'offers_after_cancel' }, ok(MINNESOTA))
})

afterEach(() => {
  cleanup()
  backend.restore()
})

const cellsOf = (table: HTMLElement, label: string) =>
  Array.from(table.querySelectorAll(`td[data-label="${label}"]`), (cell) => cell.textContent)

describe('Sessions: the jurisdiction mode', () => {
  it('has a canned answer the shared response schema accepts', () => {
    expect(() => API_RESPONSES['GET /api/sessions/{accountId}'].parse({ data: ALL })).not.toThrow()
  })

  it('shows each session’s mode in its own column, and filters by it through the server', async () => {
    const { router } = renderPage(<SessionsPage />, { path: '/sessions', url: '/sessions?account_id=acme' })
    const table = await screen.findByRole('table', { name: 'Sessions, newest first' })
    expect(within(table).getByRole('columnheader', { name: 'Jurisdiction' })).toBeTruthy()
    expect(cellsOf(table, 'Jurisdiction')).toEqual(['Offers after cancellation', 'Statutory page', '—'])

    const select = screen.getByLabelText('Jurisdiction mode')
    expect(Array.from((select as HTMLSelectElement).options, (option) => option.text)).toEqual([
      'All',
      'Standard',
      'Offers after cancellation',
      'Statutory page',
      'Offer cap',
    ])
    await userEvent.selectOptions(select, 'offers_after_cancel')
    await waitFor(() =>
      expect(cellsOf(screen.getByRole('table'), 'Jurisdiction')).toEqual(['Offers after cancellation']),
    )
    expect(router.state.location.search).toContain('jurisdiction=offers_after_cancel')
    const last = backend.calls('/api/sessions/acme', 'GET').at(-1)
    expect(last?.query.jurisdiction).toBe('offers_after_cancel')
    // A filtered view with nothing in it says so (not "no sessions yet").
    backend.on(
      'GET',
      '/api/sessions/acme',
      { jurisdiction: 'offer_cap' },
      ok({ sessions: [], next_cursor: null }),
    )
    await userEvent.selectOptions(select, 'offer_cap')
    await screen.findByText('No sessions match these filters in this period.')
  })
})
