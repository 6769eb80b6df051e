import { fakeSession } from '@retainkit/fakes/supabase-auth'
import type { Role } from '@retainkit/shared/roles'
import { ROUTES } from '@retainkit/shared/routes'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { browserLocation } from '../lib/browser-location'
import { FakeBackend, sessionAccount, sessionContext } from '../test-support/fake-backend'
import { registerConsoleCleanup, renderConsole } from '../test-support/render-console'
import { accountMenuLabel } from './account-menu'

registerConsoleCleanup()

// Page content is not under test here; the shell around it is.
vi.mock('../pages/dashboard/dashboard-page', () => ({ default: () => <h1>Dashboard stand-in</h1> }))
vi.mock('../pages/editor/editor-page', () => ({ default: () => <h1>Editor stand-in</h1> }))

function openShell(
  options: { role?: Role; accounts?: ReturnType<typeof sessionAccount>[]; path?: string } = {},
) {
  const context = sessionContext({
    role: options.role ?? 'owner',
    ...(options.accounts ? { accounts: options.accounts } : {}),
  })
  const backend = new FakeBackend()
    .on('POST /api/session?action=bootstrap', { body: { data: context } })
    .on('POST /api/session?action=active-account', (request) => ({
      body: { data: { ...context, active_account_id: (request.body as { account_id: string }).account_id } },
    }))
  return renderConsole(options.path ?? '/dashboard/?account_id=acme', { session: fakeSession(), backend })
}

describe('logged-in navigation', () => {
  it('links the dashboard and the editor with the account id, and settings', async () => {
    openShell()
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard/?account_id=acme',
    )
    expect(within(nav).getByRole('link', { name: 'Editor' }).getAttribute('href')).toBe(
      '/editor/?account_id=acme',
    )
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(ROUTES.settings)
  })

  it.each([
    ['owner', true],
    ['admin', true],
    ['editor', true],
    ['viewer', false],
  ] as const)('shows the Editor link to a %s only with canEditConfig (%s)', async (role, shown) => {
    openShell({ role })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).queryByRole('link', { name: 'Editor' }) !== null).toBe(shown)
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeTruthy()
  })

  it('adds the active account id to a dashboard URL opened without one', async () => {
    const { router } = openShell({ path: '/dashboard/' })
    await waitFor(() => expect(router.state.location.search).toBe('?account_id=acme'))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it("replaces an account id the user is not a member of with the active account's", async () => {
    const { router } = openShell({ path: '/editor/?account_id=someone-else' })
    await waitFor(() => expect(router.state.location.search).toBe('?account_id=acme'))
    expect(router.state.location.pathname).toBe('/editor/')
  })

  it('shows the session error with a retry when bootstrap fails', async () => {
    let calls = 0
    const backend = new FakeBackend().on('POST /api/session?action=bootstrap', () => {
      calls += 1
      return calls === 1 ? { status: 500, body: {} } : { body: { data: sessionContext() } }
    })
    const user = userEvent.setup()
    renderConsole('/dashboard/', { session: fakeSession(), backend })
    const alert = await screen.findByRole('alert')
    expect(
      within(alert).getByText("We're experiencing technical difficulties. Please try again."),
    ).toBeTruthy()
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy()
  })
})

describe('account menu', () => {
  it('labels itself with the account name, else the slug, else the email', () => {
    expect(accountMenuLabel({ name: 'Acme', slug: 'acme', email: 'a@x.io' }, 'u@x.io')).toBe('Acme')
    expect(accountMenuLabel({ name: '', slug: 'acme', email: 'a@x.io' }, 'u@x.io')).toBe('acme')
    expect(accountMenuLabel({ name: '', slug: '', email: 'a@x.io' }, 'u@x.io')).toBe('u@x.io')
    expect(accountMenuLabel(null, null)).toBe('Account')
  })

  it('opens with the keyboard, moves with arrows and closes with Escape back on its button', async () => {
    const user = userEvent.setup()
    openShell()
    const button = await screen.findByRole('button', { name: 'Account menu: acme workspace' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    button.focus()
    await user.keyboard('{ArrowDown}')
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const menu = screen.getByRole('menu')
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['Plan', 'Billing', 'Log Out'])
    await waitFor(() => expect(document.activeElement).toBe(items[0]))
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(items[1])
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(items[2])
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(items[0])
    await user.keyboard('{Escape}')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('links Plan and Billing to the billing tab by default, or to a configured portal in a new tab', async () => {
    const user = userEvent.setup()
    openShell()
    await user.click(await screen.findByRole('button', { name: /Account menu/ }))
    expect(screen.getByRole('menuitem', { name: 'Plan' }).getAttribute('href')).toBe('/settings/?tab=billing')
    expect(screen.getByRole('menuitem', { name: 'Billing' }).getAttribute('href')).toBe(
      '/settings/?tab=billing',
    )
  })

  it('switches between several accounts, server first, and rewrites the account id in the URL', async () => {
    const user = userEvent.setup()
    const { backend, router } = openShell({
      accounts: [sessionAccount('acme', 'Acme'), sessionAccount('globex', 'Globex')],
    })
    await user.click(await screen.findByRole('button', { name: 'Account menu: Acme' }))
    const globex = screen.getByRole('menuitemradio', { name: 'Globex' })
    expect(screen.getByRole('menuitemradio', { name: 'Acme' }).getAttribute('aria-checked')).toBe('true')
    await user.click(globex)
    await waitFor(() => expect(router.state.location.search).toBe('?account_id=globex'))
    expect(backend.requestsTo('POST /api/session?action=active-account')[0]?.body).toEqual({
      account_id: 'globex',
    })
    expect(await screen.findByRole('button', { name: 'Account menu: Globex' })).toBeTruthy()
  })

  it('has no switcher with a single account', async () => {
    const user = userEvent.setup()
    openShell()
    await user.click(await screen.findByRole('button', { name: /Account menu/ }))
    expect(screen.queryByRole('menuitemradio')).toBeNull()
  })

  it('logs out from the menu', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {})
    const user = userEvent.setup()
    const { auth } = openShell()
    await user.click(await screen.findByRole('button', { name: /Account menu/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Log Out' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'))
    expect(auth.callsOf('signOut')).toEqual([[{ scope: 'global' }]])
  })
})
