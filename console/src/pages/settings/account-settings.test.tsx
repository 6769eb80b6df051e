import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { browserLocation } from '../../lib/browser-location'
import { toastStore } from '../../lib/toast-store'
import { billingStatus } from '../../test-support/billing-status'
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
  const domain = await screen.findByLabelText<HTMLInputElement>('Website domain')
  // The fields are drawn before the account's values fill them: a test that clears a field first must
  // wait for them (a fresh-clone CI run cleared the e-mail before it was filled, then saw it refilled).
  await waitFor(() => expect(domain.value).toBe(ACCOUNT.domain))
  await waitFor(() =>
    expect(screen.getByLabelText<HTMLInputElement>('Contact email').value).toBe(ACCOUNT.email),
  )
  return domain
}

describe('account settings', () => {
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

const STATUS = 'GET /api/billing/status/acme'

describe('plan and billing', () => {
  it('a trial: the days left and what happens when it ends, with Checkout for monthly or annual', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {})
    const backend = new FakeBackend()
      .on(STATUS, {
        body: {
          data: billingStatus({
            tier: 'pro',
            source: 'trial',
            trial: { ends_at: '2026-12-24T10:00:00.000Z', days_left: 30 },
            usage: {
              month: '2026-11',
              sessions: 3,
              limit: 500,
              limit_kind: 'fair_use',
              stepped_aside: 0,
              overage_sessions: 0,
            },
          }),
        },
      })
      .on('POST /api/billing/checkout/acme', {
        status: 201,
        body: { data: { url: 'https://checkout.stripe.test/c/cs_1' } },
      })
    renderSection(<BillingSettings accountId="acme" />, { backend })
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Current plan: Pro (free trial)')
    expect(screen.getByTestId('trial-statement').textContent).toBe(
      'Your Pro trial ends on December 24, 2026 (30 days left). Then your account moves to Starter: 50 cancel sessions a month, no save offers or reactivation banners — unless you subscribe to Pro. Nothing is charged unless you subscribe.',
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Subscribe annually — $80/month' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'))
    expect(backend.requestsTo('POST /api/billing/checkout/acme')[0]?.body).toEqual({ interval: 'year' })
  })

  it('Starter: usage against the cap, the subscribers stepped aside for, and a plain message when Checkout fails', async () => {
    const backend = new FakeBackend()
      .on(STATUS, {
        body: {
          data: billingStatus({
            usage: {
              month: '2026-11',
              sessions: 50,
              limit: 50,
              limit_kind: 'cap',
              stepped_aside: 4,
              overage_sessions: 0,
            },
          }),
        },
      })
      .on('POST /api/billing/checkout/acme', {
        status: 502,
        body: { error: { code: 'EXTERNAL_SERVICE_ERROR', message: 'Stripe is unavailable. Try again.' } },
      })
    renderSection(<BillingSettings accountId="acme" />, { backend })
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Current plan: Starter')
    expect(screen.getByTestId('settings-usage').textContent).toContain(
      '50 of 50 cancel sessions used this month',
    )
    expect(screen.getByText(/stepped aside for 4 subscribers this month/)).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Subscribe monthly — $100/month' }))
    expect((await screen.findByRole('alert')).textContent).toBeTruthy()
  })

  it('a subscription canceled at the period end, managed in the Billing Portal', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {})
    const backend = new FakeBackend()
      .on(STATUS, {
        body: {
          data: billingStatus({
            tier: 'pro',
            source: 'subscription',
            can_subscribe: false,
            can_manage: true,
            subscription: {
              status: 'active',
              interval: 'month',
              cancel_at_period_end: true,
              current_period_end: '2026-12-01T00:00:00.000Z',
              trial_end: null,
            },
          }),
        },
      })
      .on('POST /api/billing/portal/acme', {
        status: 201,
        body: { data: { url: 'https://billing.stripe.test/p/bps_1' } },
      })
    renderSection(<BillingSettings accountId="acme" />, { backend })
    expect((await screen.findByTestId('subscription-statement')).textContent).toBe(
      'Your Pro subscription is canceled: Pro until December 1, 2026, then Starter.',
    )
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Manage billing, card and invoices' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/bps_1'))
  })

  it('without billing on the server the operator sets plans; members who are not owners cannot subscribe', async () => {
    const backend = new FakeBackend().on(STATUS, {
      body: { data: billingStatus({ billing_enabled: false, can_subscribe: false }) },
    })
    renderSection(<BillingSettings accountId="acme" />, { backend })
    expect(await screen.findByText(/its operator sets each account’s plan/)).toBeTruthy()
    cleanup()
    renderSection(<BillingSettings accountId="acme" />, {
      backend: new FakeBackend().on(STATUS, { body: { data: billingStatus() } }),
      role: 'viewer',
    })
    expect(await screen.findByText('Only the account’s owners can subscribe or manage billing.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull()
  })
})
