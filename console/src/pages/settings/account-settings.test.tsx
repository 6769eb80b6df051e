import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { toastStore } from '../../lib/toast-store'
import { FakeBackend, json } from '../../test-support/fake-backend'
import { registerConsoleCleanup } from '../../test-support/render-console'
import { AccountSettings } from './account-settings'
import { BillingSettings } from './billing-settings'
import { renderSection } from './settings-test-support'

registerConsoleCleanup()

const ACCOUNT = {
  account_id: 'acme',
  name: 'Acme',
  slug: 'acme',
  email: 'billing@acme.test',
  domain: 'acme.test',
  tier: 'free',
}

const DATA = 'GET /api/account?action=data'
const SAVE = 'PUT /api/account?action=data'

async function openAccount(backend: FakeBackend, role: 'owner' | 'viewer' = 'owner') {
  renderSection(<AccountSettings accountId="acme" />, {
    backend: backend.on(DATA, { body: { data: ACCOUNT } }),
    role,
  })
  return screen.findByLabelText('Website domain')
}

describe('account settings (spec 5)', () => {
  it('shows the spec messages inline and sends nothing while the input is invalid', async () => {
    const backend = new FakeBackend()
    const user = userEvent.setup()
    const domain = await openAccount(backend)
    const email = screen.getByLabelText('Contact email')
    await user.clear(email)
    await user.type(email, 'not-an-email')
    await user.clear(domain)
    await user.type(domain, 'no_dots')
    await user.click(screen.getByRole('button', { name: 'Save account' }))
    expect(await screen.findByText('Invalid email format')).toBeTruthy()
    expect(screen.getByText('Invalid domain format')).toBeTruthy()
    expect(domain.getAttribute('aria-invalid')).toBe('true')
    expect(backend.requestsTo(SAVE)).toHaveLength(0)
  })

  it('treats empty email and domain as absent and saves', async () => {
    const backend = new FakeBackend().on(SAVE, (request) => ({
      body: { data: { ...ACCOUNT, ...(request.body as object), email: null, domain: null } },
    }))
    const user = userEvent.setup()
    const domain = await openAccount(backend)
    await user.clear(screen.getByLabelText('Contact email'))
    await user.clear(domain)
    await user.click(screen.getByRole('button', { name: 'Save account' }))
    await waitFor(() => expect(backend.requestsTo(SAVE)).toHaveLength(1))
    expect(backend.requestsTo(SAVE)[0]?.body).toEqual({ name: 'Acme', email: '', domain: '' })
    await waitFor(() => expect(toastStore.getState().toasts[0]?.title).toBe('Account saved'))
  })

  it("shows the server's field error next to the field", async () => {
    const backend = new FakeBackend().on(
      SAVE,
      json({ error: { code: 'VALIDATION_FAILED', message: 'Domain too long', field: 'domain' } }, 400),
    )
    const user = userEvent.setup()
    await openAccount(backend)
    await user.click(screen.getByRole('button', { name: 'Save account' }))
    expect(await screen.findByText('Domain too long')).toBeTruthy()
    expect(screen.getByLabelText('Website domain').getAttribute('aria-invalid')).toBe('true')
  })

  it('shows a general server error above the actions', async () => {
    const backend = new FakeBackend().on(SAVE, json({}, 429))
    const user = userEvent.setup()
    await openAccount(backend)
    await user.click(screen.getByRole('button', { name: 'Save account' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    )
  })

  it('is read-only for members who cannot manage the account', async () => {
    const backend = new FakeBackend()
    const domain = await openAccount(backend, 'viewer')
    expect(domain.closest('fieldset')?.disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save account' })).toBeNull()
    expect(screen.getByText('Only owners and admins can change the account details.')).toBeTruthy()
  })

  it('offers a retry when the account cannot be loaded', async () => {
    let calls = 0
    const backend = new FakeBackend().on(DATA, () => {
      calls += 1
      return calls === 1 ? json({}, 500) : { body: { data: ACCOUNT } }
    })
    const user = userEvent.setup()
    renderSection(<AccountSettings accountId="acme" />, { backend })
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('Website domain')).toBeTruthy()
  })
})

describe('plan and billing', () => {
  it('shows the free plan with an upgrade prompt to pricing', async () => {
    const backend = new FakeBackend().on(DATA, { body: { data: ACCOUNT } })
    renderSection(<BillingSettings accountId="acme" />, { backend })
    expect((await screen.findByText(/Current plan:/)).textContent).toBe(
      'Current plan: Starter — free, up to 50 cancel sessions per month',
    )
    expect(screen.getByRole('link', { name: 'See plans and upgrade' }).getAttribute('href')).toBe('/pricing/')
  })

  it('shows Pro without an upgrade prompt', async () => {
    const backend = new FakeBackend().on(DATA, { body: { data: { ...ACCOUNT, tier: 'pro' } } })
    renderSection(<BillingSettings accountId="acme" />, { backend })
    expect((await screen.findByText(/Current plan:/)).textContent).toBe('Current plan: Pro')
    expect(screen.queryByRole('link', { name: 'See plans and upgrade' })).toBeNull()
  })
})
