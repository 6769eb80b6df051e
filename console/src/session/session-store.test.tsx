import { fakeSession } from '@retainkit/fakes/supabase-auth'
import { capabilitiesFor } from '@retainkit/shared/roles'
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FakeBackend, sessionAccount, sessionContext } from '../test-support/fake-backend'
import { registerConsoleCleanup, startTestRuntime } from '../test-support/render-console'
import { CapabilityGate } from './capability-gate'
import { NAV_HINT_STORAGE_KEY } from './nav-hint'
import { sessionStore } from './session-store'

registerConsoleCleanup()

const BOOTSTRAP = 'POST /api/session?action=bootstrap'
const CONTEXT = 'GET /api/session?action=context'
const ACTIVE = 'POST /api/session?action=active-account'

function setup(backend: FakeBackend) {
  backend.install()
  startTestRuntime({ session: fakeSession() })
  return sessionStore.getState()
}

const twoAccounts = () =>
  sessionContext({
    accounts: [sessionAccount('acme', 'Acme'), sessionAccount('globex', 'Globex')],
    active: 'acme',
  })

describe('session store', () => {
  it('bootstraps once per user and holds the context', async () => {
    const backend = new FakeBackend().on(BOOTSTRAP, { body: { data: twoAccounts() } })
    const store = setup(backend)
    await Promise.all([store.bootstrap('user-1'), store.bootstrap('user-1')])
    await store.bootstrap('user-1')
    expect(backend.requestsTo(BOOTSTRAP)).toHaveLength(1)
    const state = sessionStore.getState()
    expect(state.status).toBe('ready')
    expect(state.active_account_id).toBe('acme')
    expect(state.accounts.map((account) => account.id)).toEqual(['acme', 'globex'])
    expect(state.membership).toEqual({ role: 'owner' })
    expect(state.capabilities).toEqual(capabilitiesFor('owner'))
    expect(state.user).toEqual({ id: 'user-1', email: 'jane@example.com' })
    await store.bootstrap('user-2')
    expect(backend.requestsTo(BOOTSTRAP)).toHaveLength(2)
  })

  it('keeps the error of a failed bootstrap and lets it be retried', async () => {
    let calls = 0
    const backend = new FakeBackend().on(BOOTSTRAP, () => {
      calls += 1
      return calls === 1
        ? { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Database is starting' } } }
        : { body: { data: sessionContext() } }
    })
    const store = setup(backend)
    await store.bootstrap('user-1')
    let state = sessionStore.getState()
    expect(state.status).toBe('error')
    expect(state.error?.code).toBe('SERVICE_UNAVAILABLE')
    expect(state.error?.status).toBe(503)
    await state.retryBootstrap()
    state = sessionStore.getState()
    expect(state.status).toBe('ready')
    expect(state.error).toBeNull()
    expect(backend.requestsTo(BOOTSTRAP)).toHaveLength(2)
  })

  it('writes the marketing nav hint on every successful context', async () => {
    const backend = new FakeBackend()
      .on(BOOTSTRAP, { body: { data: twoAccounts() } })
      .on(CONTEXT, { body: { data: { ...twoAccounts(), capabilities: capabilitiesFor('viewer') } } })
    const store = setup(backend)
    await store.bootstrap('user-1')
    expect(JSON.parse(localStorage.getItem(NAV_HINT_STORAGE_KEY) ?? 'null')).toEqual({
      accountId: 'acme',
      accountName: 'Acme',
      accountSlug: 'acme',
      email: 'jane@example.com',
      canEditConfig: true,
      billingPortalUrl: '/settings/?tab=billing',
    })
    await store.refresh()
    expect(JSON.parse(localStorage.getItem(NAV_HINT_STORAGE_KEY) ?? 'null').canEditConfig).toBe(false)
  })

  it('refreshes from the server', async () => {
    const backend = new FakeBackend()
      .on(BOOTSTRAP, { body: { data: sessionContext() } })
      .on(CONTEXT, { body: { data: twoAccounts() } })
    const store = setup(backend)
    await store.bootstrap('user-1')
    const result = await store.refresh()
    expect(result.error).toBeUndefined()
    expect(backend.requestsTo(CONTEXT)).toHaveLength(1)
    expect(sessionStore.getState().accounts).toHaveLength(2)
  })

  it('switches the active account on the server first, then locally', async () => {
    const backend = new FakeBackend()
      .on(BOOTSTRAP, { body: { data: twoAccounts() } })
      .on(ACTIVE, (request) => {
        // Still the old account locally while the server call is in flight.
        expect(sessionStore.getState().active_account_id).toBe('acme')
        expect(request.body).toEqual({ account_id: 'globex' })
        return { body: { data: { ...twoAccounts(), active_account_id: 'globex' } } }
      })
    const store = setup(backend)
    await store.bootstrap('user-1')
    await store.switchAccount('globex')
    expect(backend.requestsTo(ACTIVE)).toHaveLength(1)
    expect(sessionStore.getState().active_account_id).toBe('globex')
    expect(JSON.parse(localStorage.getItem(NAV_HINT_STORAGE_KEY) ?? 'null').accountId).toBe('globex')
  })

  it('keeps the active account when the server refuses the switch', async () => {
    const backend = new FakeBackend()
      .on(BOOTSTRAP, { body: { data: twoAccounts() } })
      .on(ACTIVE, { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Not a member' } } })
    const store = setup(backend)
    await store.bootstrap('user-1')
    const result = await store.switchAccount('globex')
    expect(result.error?.code).toBe('FORBIDDEN')
    expect(sessionStore.getState().active_account_id).toBe('acme')
  })

  it('is cleared on sign-out, nav hint included', async () => {
    const backend = new FakeBackend().on(BOOTSTRAP, { body: { data: twoAccounts() } })
    const store = setup(backend)
    await store.bootstrap('user-1')
    store.clear()
    const state = sessionStore.getState()
    expect(state.status).toBe('idle')
    expect(state.accounts).toEqual([])
    expect(state.active_account_id).toBeNull()
    expect(state.capabilities.canEditConfig).toBe(false)
    expect(localStorage.getItem(NAV_HINT_STORAGE_KEY)).toBeNull()
  })

  it('bootstraps on sign-in through the auth sync, and clears on sign-out', async () => {
    const backend = new FakeBackend().on(BOOTSTRAP, { body: { data: sessionContext() } }).install()
    const { auth } = startTestRuntime({ session: null })
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(backend.requestsTo(BOOTSTRAP)).toHaveLength(0)
    auth.signIn(fakeSession())
    await waitFor(() => expect(sessionStore.getState().status).toBe('ready'))
    expect(backend.requestsTo(BOOTSTRAP)[0]?.headers.get('authorization')).toMatch(
      /^Bearer access-token-for-/,
    )
    await auth.signOut({ scope: 'global' })
    expect(sessionStore.getState().status).toBe('idle')
  })
})

describe('CapabilityGate', () => {
  it('shows its content only when the capability is true, else the fallback', () => {
    sessionStore.setState({ capabilities: capabilitiesFor('editor') })
    const { rerender } = render(
      <CapabilityGate capability="canEditConfig" fallback={<p>Read only</p>}>
        <p>Edit controls</p>
      </CapabilityGate>,
    )
    expect(screen.getByText('Edit controls')).toBeTruthy()
    expect(screen.queryByText('Read only')).toBeNull()
    sessionStore.setState({ capabilities: capabilitiesFor('viewer') })
    rerender(
      <CapabilityGate capability="canEditConfig" fallback={<p>Read only</p>}>
        <p>Edit controls</p>
      </CapabilityGate>,
    )
    expect(screen.queryByText('Edit controls')).toBeNull()
    expect(screen.getByText('Read only')).toBeTruthy()
  })

  it('renders nothing without a fallback', () => {
    sessionStore.setState({ capabilities: capabilitiesFor('viewer') })
    const { container } = render(
      <CapabilityGate capability="canManageCredentials">
        <p>Secret stuff</p>
      </CapabilityGate>,
    )
    expect(container.textContent).toBe('')
  })
})
