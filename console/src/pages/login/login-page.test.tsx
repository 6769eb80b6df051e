import { authError, fakeSession } from '@retainkit/fakes/supabase-auth'
import { ROUTES } from '@retainkit/shared/routes'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { resetSocialProvidersCache } from '../../components/auth/auth-settings'
import { authSettings, FakeBackend, json } from '../../test-support/fake-backend'
import { registerConsoleCleanup, renderConsole } from '../../test-support/render-console'
import { LOGIN_ERROR_MESSAGES } from './login-errors'

registerConsoleCleanup()
afterEach(resetSocialProvidersCache)

const origin = window.location.origin

describe('login page', () => {
  it("has the heading 'Welcome Back', the email form and a link to pricing", async () => {
    renderConsole('/login/')
    expect(await screen.findByRole('heading', { name: 'Welcome Back', level: 1 })).toBeTruthy()
    expect(await screen.findByLabelText('Email address')).toBeTruthy()
    const pricing = screen.getByRole('link', { name: 'See plans and pricing' })
    expect(pricing.getAttribute('href')).toBe(ROUTES.pricing)
  })

  it("a signed-in user sees 'Redirecting to dashboard...' and goes to the dashboard", async () => {
    const { router } = renderConsole('/login/', { session: fakeSession() })
    expect(await screen.findByText('Redirecting to dashboard...')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.dashboard))
  })

  it('sends the magic link to the trailing-slash callback URL and says so', async () => {
    const user = userEvent.setup()
    const { auth } = renderConsole('/login/')
    await user.type(await screen.findByLabelText('Email address'), 'jane@example.com')
    await user.click(screen.getByRole('button', { name: 'Send magic link' }))
    expect(await screen.findByText('Check your email for your sign-in link.')).toBeTruthy()
    expect(auth.callsOf('signInWithOtp')).toEqual([
      [{ email: 'jane@example.com', options: { emailRedirectTo: `${origin}/auth/callback/` } }],
    ])
  })

  it('shows the auth error when the link cannot be sent, sanitized', async () => {
    const user = userEvent.setup()
    renderConsole('/login/', {
      script: {
        signInWithOtpError: authError(
          'For security purposes, you can only request this after 60 seconds.',
          429,
        ),
      },
    })
    await user.type(await screen.findByLabelText('Email address'), 'jane@example.com')
    await user.click(screen.getByRole('button', { name: 'Send magic link' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('For security purposes, you can only request this after 60 seconds.')
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true')
  })

  it.each(Object.entries(LOGIN_ERROR_MESSAGES))('explains ?error=%s', async (value, message) => {
    renderConsole(`/login/?error=${value}`)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(message)
  })

  it('shows a provider error value sanitized, with a generic explanation', async () => {
    const value = encodeURIComponent('<script>alert(1)</script>access_denied')
    renderConsole(`/login/?error=${value}`)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'Sign-in was not completed. The sign-in service reported: "access_denied". Please try again, or choose another way to sign in.',
    )
    expect(alert.innerHTML).not.toContain('<script')
  })

  it("shows the server's own words when the callback passed them on (a used magic link)", async () => {
    const description = encodeURIComponent('Email link is invalid or has expired')
    renderConsole(`/login/?error=access_denied&error_description=${description}`)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'Email link is invalid or has expired. Request a new link below, or choose another way to sign in.',
    )
    expect(alert.textContent).not.toContain('access_denied')
  })

  it('offers one social sign-in button per provider enabled in /auth/v1/settings', async () => {
    const backend = new FakeBackend().on('GET /auth/v1/settings', (request) => {
      expect(request.headers.get('apikey')).toBe('anon-key-0123456789abcdef')
      return { body: authSettings({ email: true, phone: false, github: true, google: false, gitlab: true }) }
    })
    const user = userEvent.setup()
    const { auth } = renderConsole('/login/', { backend })
    const github = await screen.findByRole('button', { name: 'Continue with GitHub' })
    expect(screen.getByRole('button', { name: 'Continue with GitLab' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull()
    await user.click(github)
    expect(auth.callsOf('signInWithOAuth')).toEqual([
      [{ provider: 'github', options: { redirectTo: `${origin}/auth/callback/` } }],
    ])
  })

  it('shows no social buttons when the auth service lists none', async () => {
    const backend = new FakeBackend().on('GET /auth/v1/settings', { body: authSettings({ email: true }) })
    renderConsole('/login/', { backend })
    await screen.findByLabelText('Email address')
    await waitFor(() => expect(backend.requestsTo('GET /auth/v1/settings')).toHaveLength(1))
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull()
  })

  it('in embedded development mode points to the dev outbox and lists the latest links for the email', async () => {
    const backend = new FakeBackend().on('GET /auth/v1/dev/outbox', (request) => {
      expect(request.url.searchParams.get('to')).toBe('jane@example.com')
      return json([
        {
          to: 'jane@example.com',
          subject: 'Your Retainkit sign-in link',
          text: '…',
          link: 'http://localhost:8799/auth/v1/verify?token=new',
          sent_at: '2026-11-21T10:00:00.000Z',
        },
        {
          to: 'other@example.com',
          subject: 'x',
          text: '',
          link: 'http://localhost:8799/x',
          sent_at: '2026-11-21T09:00:00.000Z',
        },
      ])
    })
    const user = userEvent.setup()
    renderConsole('/login/', { backend, config: { devOutbox: true } })
    const note = await screen.findByRole('complementary', { name: 'Development mode' })
    expect(
      within(note).getByRole('link', { name: 'dev outbox (/auth/v1/dev/outbox)' }).getAttribute('href'),
    ).toBe('http://localhost:8799/auth/v1/dev/outbox')
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com')
    await user.click(screen.getByRole('button', { name: 'Send magic link' }))
    const list = await screen.findByRole('list', { name: 'Latest sign-in links for jane@example.com' })
    const links = within(list).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'http://localhost:8799/auth/v1/verify?token=new',
    ])
  })

  it('has no dev outbox note outside development mode', async () => {
    renderConsole('/login/')
    await screen.findByLabelText('Email address')
    expect(screen.queryByText('Development mode')).toBeNull()
  })

  it('does not send an empty address', async () => {
    const { auth } = renderConsole('/login/')
    const form = (await screen.findByLabelText('Email address')).closest('form')
    if (!form) throw new Error('no form')
    fireEvent.submit(form)
    expect(auth.callsOf('signInWithOtp')).toHaveLength(0)
  })
})
