import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { browserLocation } from '../../lib/browser-location'
import { FakeBackend, json } from '../../test-support/fake-backend'
import { registerConsoleCleanup } from '../../test-support/render-console'
import { renderSection } from './settings-test-support'
import { StripeSettings } from './stripe-settings'

registerConsoleCleanup()

const GET = 'GET /api/account?action=credentials'
const SAVE = 'POST /api/account?action=credentials'
const CONNECTED = {
  gateway: 'stripe',
  connected: true,
  api_key: 'rk_live_…4242',
  access_token: 'pk_live_abc',
  stripe_account_id: 'acct_123',
  connected_via: 'key',
  livemode: true,
  last_tested_at: null,
  last_test_ok: null,
}

describe('Stripe connection settings', () => {
  it('checks the key formats with the spec messages before sending', async () => {
    const backend = new FakeBackend().on(GET, { body: { data: { gateway: 'stripe', connected: false } } })
    const user = userEvent.setup()
    renderSection(<StripeSettings accountId="acme" />, { backend })
    await user.type(await screen.findByLabelText(/Secret or restricted key/), 'pk_oops')
    await user.type(screen.getByLabelText(/Publishable key/), 'sk_oops')
    await user.click(screen.getByRole('button', { name: 'Save keys' }))
    expect(await screen.findByText('Invalid Stripe secret key format')).toBeTruthy()
    expect(screen.getByText('Invalid Stripe publishable key format')).toBeTruthy()
    expect(backend.requestsTo(SAVE)).toHaveLength(0)
  })

  it('requires both keys', async () => {
    const backend = new FakeBackend().on(GET, { body: { data: { gateway: 'stripe', connected: false } } })
    const user = userEvent.setup()
    renderSection(<StripeSettings accountId="acme" />, { backend })
    await user.click(await screen.findByRole('button', { name: 'Save keys' }))
    expect(await screen.findByText('Invalid Stripe secret key format')).toBeTruthy()
    expect(screen.getByText('Invalid Stripe publishable key format')).toBeTruthy()
  })

  it('saves a restricted key, then shows only the masked key', async () => {
    const backend = new FakeBackend()
      .on(GET, { body: { data: { gateway: 'stripe', connected: false } } })
      .on(SAVE, { body: { data: CONNECTED } })
    const user = userEvent.setup()
    renderSection(<StripeSettings accountId="acme" />, { backend })
    await user.type(await screen.findByLabelText(/Secret or restricted key/), 'rk_live_secretvalue4242')
    await user.type(screen.getByLabelText(/Publishable key/), 'pk_live_abc')
    await user.click(screen.getByRole('button', { name: 'Save keys' }))
    expect(await screen.findByText('rk_live_…4242')).toBeTruthy()
    expect(backend.requestsTo(SAVE)[0]?.body).toEqual({
      gateway: 'stripe',
      api_key: 'rk_live_secretvalue4242',
      access_token: 'pk_live_abc',
    })
    expect(document.body.innerHTML).not.toContain('rk_live_secretvalue4242')
  })

  it("shows Stripe's refusal from the server", async () => {
    const backend = new FakeBackend().on(GET, { body: { data: { gateway: 'stripe', connected: false } } }).on(
      SAVE,
      json(
        {
          error: {
            code: 'INVALID_CREDENTIALS',
            message: 'Stripe rejected this key. Check that you pasted the full secret or restricted key.',
            field: 'api_key',
          },
        },
        400,
      ),
    )
    const user = userEvent.setup()
    renderSection(<StripeSettings accountId="acme" />, { backend })
    await user.type(await screen.findByLabelText(/Secret or restricted key/), 'sk_test_wrong')
    await user.type(screen.getByLabelText(/Publishable key/), 'pk_test_x')
    await user.click(screen.getByRole('button', { name: 'Save keys' }))
    expect(
      await screen.findByText(
        'Stripe rejected this key. Check that you pasted the full secret or restricted key.',
      ),
    ).toBeTruthy()
  })

  it('tests the connection and reports the result', async () => {
    const backend = new FakeBackend()
      .on(GET, { body: { data: CONNECTED } })
      .on('POST /api/stripe/test-connection/acme', {
        body: { data: { ok: true, account: { id: 'acct_123', name: 'Acme Inc' }, livemode: true } },
      })
    const user = userEvent.setup()
    renderSection(<StripeSettings accountId="acme" />, { backend })
    await user.click(await screen.findByRole('button', { name: 'Test connection' }))
    expect(await screen.findByText('Connection works: Acme Inc (live mode).')).toBeTruthy()
  })

  it('disconnects after a confirmation', async () => {
    const backend = new FakeBackend()
      .on(GET, { body: { data: CONNECTED } })
      .on('DELETE /api/account?action=credentials', {
        body: { data: { gateway: 'stripe', connected: false } },
      })
    const user = userEvent.setup()
    renderSection(<StripeSettings accountId="acme" />, { backend })
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }))
    expect(backend.requestsTo('DELETE /api/account?action=credentials')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Yes, disconnect' }))
    expect(await screen.findByText(/Not connected\./)).toBeTruthy()
    expect(backend.requestsTo('DELETE /api/account?action=credentials')).toHaveLength(1)
  })

  it("offers 'Connect with Stripe' only when Stripe Connect is configured, and goes to Stripe", async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {})
    const backend = new FakeBackend()
      .on(GET, { body: { data: { gateway: 'stripe', connected: false } } })
      .on('POST /api/stripe/oauth/start', {
        body: { data: { url: 'https://connect.stripe.com/oauth/authorize?x=1' } },
      })
    const user = userEvent.setup()
    renderSection(<StripeSettings accountId="acme" />, { backend, config: { stripeConnect: true } })
    await user.click(await screen.findByRole('button', { name: 'Connect with Stripe' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/oauth/authorize?x=1'))
    expect(backend.requestsTo('POST /api/stripe/oauth/start')[0]?.body).toEqual({ account_id: 'acme' })
  })

  it('hides Stripe Connect when the server cannot run it', async () => {
    const backend = new FakeBackend().on(GET, { body: { data: { gateway: 'stripe', connected: false } } })
    renderSection(<StripeSettings accountId="acme" />, { backend })
    await screen.findByRole('button', { name: 'Save keys' })
    expect(screen.queryByRole('button', { name: 'Connect with Stripe' })).toBeNull()
  })
})
