import { fakeSession } from '@retainkit/fakes/supabase-auth'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { sessionStore } from '../../session/session-store'
import { billingStatus } from '../../test-support/billing-status'
import { FakeBackend, sessionContext } from '../../test-support/fake-backend'
import { registerConsoleCleanup, startTestRuntime } from '../../test-support/render-console'
import SettingsPage from './settings-page'
import { parseSettingsTab } from './settings-tabs'

registerConsoleCleanup()

vi.mock('../../features/reasons/reasons-editor.tsx', () => ({
  ReasonsEditor: ({ accountId, readOnly }: { accountId: string; readOnly?: boolean }) => (
    <p>
      Reasons editor for {accountId}
      {readOnly ? ' (read only)' : ''}
    </p>
  ),
}))

function open(path: string, role: 'owner' | 'viewer' = 'owner') {
  new FakeBackend()
    .on('GET /api/account?action=data', {
      body: {
        data: { account_id: 'acme', name: 'Acme', slug: 'acme', email: null, domain: null, tier: 'free' },
      },
    })
    .on('GET /api/billing/status/acme', { body: { data: billingStatus() } })
    .install()
  startTestRuntime({ session: fakeSession(), sync: false })
  sessionStore.setState({ ...sessionContext({ role }), status: 'ready', error: null })
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/settings/*" element={<SettingsPage />} />
      </Routes>
    </MemoryRouter>,
  )
}

describe('settings page', () => {
  it('opens the tab named in ?tab= and marks it current', async () => {
    open('/settings/?tab=billing')
    const nav = screen.getByRole('navigation', { name: 'Settings sections' })
    expect(within(nav).getByRole('link', { name: 'Plan & billing' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Plan & billing' })).toBeTruthy()
    expect(await screen.findByText(/Current plan:/)).toBeTruthy()
  })

  it('falls back to the account tab for an unknown tab', () => {
    expect(parseSettingsTab('nope')).toBe('account')
    expect(parseSettingsTab(null)).toBe('account')
    expect(parseSettingsTab('install')).toBe('install')
  })

  it('moves between tabs by link and focuses the new section heading', async () => {
    const user = userEvent.setup()
    open('/settings/')
    await user.click(screen.getByRole('link', { name: 'Cancellation reasons' }))
    const heading = await screen.findByRole('heading', { level: 2, name: 'Cancellation reasons' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(await screen.findByText('Reasons editor for acme')).toBeTruthy()
  })

  it('renders the reasons editor read-only for a member without canEditConfig', async () => {
    open('/settings/?tab=reasons', 'viewer')
    expect(await screen.findByText('Reasons editor for acme (read only)')).toBeTruthy()
  })

  it('explains a section the role does not include instead of showing its controls', () => {
    open('/settings/?tab=stripe', 'viewer')
    expect(screen.getByText(/Your role does not include this section/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save keys' })).toBeNull()
  })
})
