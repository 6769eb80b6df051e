import { fakeSession } from '@retainkit/fakes/supabase-auth'
import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { FakeBackend, json } from '../../test-support/fake-backend'
import { registerConsoleCleanup, startTestRuntime } from '../../test-support/render-console'
import StripeCallbackPage from './stripe-callback-page'

registerConsoleCleanup()

const CALLBACK = 'POST /api/stripe/oauth/callback'

function open(url: string, backend: FakeBackend) {
  backend.install()
  startTestRuntime({ session: fakeSession(), sync: false })
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/stripe/callback" element={<StripeCallbackPage />} />
      </Routes>
    </MemoryRouter>,
  )
}

describe('Stripe callback page', () => {
  it('sends code and state to POST /api/stripe/oauth/callback once and reports success', async () => {
    const backend = new FakeBackend().on(CALLBACK, {
      body: { data: { account_id: 'acme', connected: true, stripe_account_id: 'acct_9' } },
    })
    open('/stripe/callback?code=ac_one&state=st_1&scope=read_write', backend)
    expect(await screen.findByText(/Stripe is connected \(account acct_9\)/)).toBeTruthy()
    expect(backend.requestsTo(CALLBACK).map((request) => request.body)).toEqual([
      { code: 'ac_one', state: 'st_1' },
    ])
    expect(screen.getByRole('link', { name: 'Back to Stripe settings' }).getAttribute('href')).toBe(
      '/settings/?tab=stripe',
    )
  })

  it('shows the server refusal (e.g. an expired state)', async () => {
    const backend = new FakeBackend().on(
      CALLBACK,
      json(
        {
          error: {
            code: 'INVALID_INPUT',
            message: 'This connection link has expired. Start again from Settings.',
            field: 'state',
          },
        },
        400,
      ),
    )
    open('/stripe/callback?code=ac_two&state=old', backend)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Stripe was not connected. This connection link has expired. Start again from Settings.',
    )
  })

  it("explains Stripe's own error and calls nothing", async () => {
    const backend = new FakeBackend()
    open('/stripe/callback?error=access_denied&error_description=The+user+denied&state=s', backend)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Stripe was not connected. The connection was cancelled in Stripe, so nothing changed.',
    )
    expect(backend.requests).toHaveLength(0)
  })

  it('shows an unknown Stripe error description sanitized', async () => {
    const backend = new FakeBackend()
    open('/stripe/callback?error=weird&error_description=%3Cb%3EBad%3C%2Fb%3E+thing', backend)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Stripe was not connected. Stripe reported a problem: Bad thing',
    )
  })

  it('needs both code and state', async () => {
    const backend = new FakeBackend()
    open('/stripe/callback?code=only', backend)
    expect((await screen.findByRole('alert')).textContent).toContain('needs the code and state')
    expect(backend.requests).toHaveLength(0)
  })
})
