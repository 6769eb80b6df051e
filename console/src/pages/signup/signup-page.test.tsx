import { fakeSession } from '@retainkit/fakes/supabase-auth'
import { ROUTES } from '@retainkit/shared/routes'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { resetSocialProvidersCache } from '../../components/auth/auth-settings'
import { authSettings, FakeBackend } from '../../test-support/fake-backend'
import { registerConsoleCleanup, renderConsole } from '../../test-support/render-console'

registerConsoleCleanup()
afterEach(resetSocialProvidersCache)

describe('signup page', () => {
  it("has 'Create your account', the 'Create account' button and a link to sign in", async () => {
    renderConsole('/signup/')
    expect(await screen.findByRole('heading', { name: 'Create your account', level: 1 })).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(ROUTES.login)
  })

  it('signs up by email with the plain callback URL and confirms', async () => {
    const user = userEvent.setup()
    const { auth } = renderConsole('/signup/')
    await user.type(await screen.findByLabelText('Email address'), 'new@example.com')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Check your email to confirm your account!')).toBeTruthy()
    expect(auth.callsOf('signInWithOtp')).toEqual([
      [
        {
          email: 'new@example.com',
          options: { emailRedirectTo: `${window.location.origin}/auth/callback`, shouldCreateUser: true },
        },
      ],
    ])
  })

  it('offers social sign-in with the plain callback URL', async () => {
    const backend = new FakeBackend().on('GET /auth/v1/settings', {
      body: authSettings({ email: true, google: true }),
    })
    const user = userEvent.setup()
    const { auth } = renderConsole('/signup/', { backend })
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }))
    expect(auth.callsOf('signInWithOAuth')).toEqual([
      [{ provider: 'google', options: { redirectTo: `${window.location.origin}/auth/callback` } }],
    ])
  })

  it('sends signed-in users to the dashboard', async () => {
    const { router } = renderConsole('/signup/', { session: fakeSession() })
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.dashboard))
  })
})
