import { authError, FakeSupabaseAuth, fakeSession } from '@retainkit/fakes/supabase-auth'
import { ROUTES } from '@retainkit/shared/routes'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { rememberReturnTo } from '../../lib/return-to'
import { registerConsoleCleanup, renderConsole } from '../../test-support/render-console'
import { CALLBACK_GRACE_MS, CALLBACK_TIMEOUT_MS } from './complete-sign-in'

registerConsoleCleanup()

/** The auth callback reads the real address bar (supabase-js does too); the router starts there as well. */
function openCallback(url: string, auth: FakeSupabaseAuth) {
  window.history.replaceState(null, '', url)
  return renderConsole(url, { auth })
}

function loginError(router: ReturnType<typeof openCallback>['router']): string | null {
  return new URLSearchParams(router.state.location.search).get('error')
}

describe('auth callback', () => {
  it("shows 'Completing sign in...'", () => {
    const auth = new FakeSupabaseAuth()
    auth.holdCodeExchange()
    openCallback('/auth/callback?code=abc', auth)
    expect(screen.getByText('Completing sign in...')).toBeTruthy()
  })

  it('with a session from the direct check: clears the URL and goes to the dashboard', async () => {
    const auth = new FakeSupabaseAuth({ session: fakeSession() })
    const { router } = openCallback('/auth/callback/?code=abc#state=x', auth)
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.dashboard))
    expect(window.location.search).toBe('')
    expect(window.location.hash).toBe('')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('lands on the dashboard with the active account in its very first URL', async () => {
    const auth = new FakeSupabaseAuth({ session: fakeSession() })
    const { router } = openCallback('/auth/callback/?code=abc', auth)
    const seen: string[] = []
    router.subscribe((state) => seen.push(`${state.location.pathname}${state.location.search}`))
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.dashboard))
    expect(seen.filter((url) => url.startsWith(ROUTES.dashboard))[0]).toBe(
      `${ROUTES.dashboard}?account_id=acme`,
    )
  })

  it('with a session from an auth-state change: clears the URL and goes to the dashboard', async () => {
    const auth = new FakeSupabaseAuth()
    auth.holdCodeExchange()
    const { router } = openCallback('/auth/callback?code=pkce-code', auth)
    await waitFor(() => expect(auth.callsOf('initialize')).toHaveLength(1))
    expect(router.state.location.pathname).toBe('/auth/callback')
    auth.completeCodeExchange(fakeSession())
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.dashboard))
    expect(window.location.search).toBe('')
  })

  it('goes to the remembered page instead of the dashboard when a private route sent the visitor away', async () => {
    rememberReturnTo('/settings/?tab=install')
    const auth = new FakeSupabaseAuth({ session: fakeSession() })
    const { router } = openCallback('/auth/callback?code=abc', auth)
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/'))
    expect(router.state.location.search).toBe('?tab=install')
  })

  it('with an error in the query: login with error set to that value', async () => {
    const auth = new FakeSupabaseAuth()
    const { router } = openCallback('/auth/callback?error=access_denied&error_description=Denied', auth)
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.login))
    expect(loginError(router)).toBe('access_denied')
    // The server's own words travel with the code, for login to show.
    expect(new URLSearchParams(router.state.location.search).get('error_description')).toBe('Denied')
    // The URL's error is decided on before any session check or code exchange.
    expect(auth.callsOf('initialize')).toHaveLength(0)
  })

  it('with an error in the hash: login with error set to that value', async () => {
    const auth = new FakeSupabaseAuth()
    const { router } = openCallback('/auth/callback#error=server_error&error_code=otp_expired', auth)
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.login))
    expect(loginError(router)).toBe('server_error')
  })

  it('when the session check errors: login with error=session_error', async () => {
    const auth = new FakeSupabaseAuth({ script: { getSessionError: authError('Invalid Refresh Token') } })
    const { router } = openCallback('/auth/callback?code=abc', auth)
    await waitFor(() => expect(loginError(router)).toBe('session_error'))
    expect(router.state.location.pathname).toBe(ROUTES.login)
  })

  it('when the code exchange fails: login with error=session_error', async () => {
    const auth = new FakeSupabaseAuth({ script: { initializeError: authError('invalid flow state', 404) } })
    const { router } = openCallback('/auth/callback?code=used-code', auth)
    await waitFor(() => expect(loginError(router)).toBe('session_error'))
  })

  it('when the code yields no session (opened in another browser): login with error=session_error after the grace', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const auth = new FakeSupabaseAuth()
    const { router } = openCallback('/auth/callback?code=from-another-browser', auth)
    await waitFor(() => expect(auth.callsOf('getSession').length).toBeGreaterThanOrEqual(2))
    await vi.advanceTimersByTimeAsync(CALLBACK_GRACE_MS - 100)
    expect(router.state.location.pathname).toBe('/auth/callback')
    await vi.advanceTimersByTimeAsync(200)
    await waitFor(() => expect(loginError(router)).toBe('session_error'))
  })

  it('a session announced during the grace still signs in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const auth = new FakeSupabaseAuth()
    const { router } = openCallback('/auth/callback?code=late', auth)
    await waitFor(() => expect(auth.callsOf('getSession').length).toBeGreaterThanOrEqual(2))
    auth.signIn(fakeSession())
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.dashboard))
  })

  it('with no session and no code, access token or refresh token: login with error=no_session', async () => {
    const auth = new FakeSupabaseAuth()
    const { router } = openCallback('/auth/callback?foo=bar', auth)
    await waitFor(() => expect(loginError(router)).toBe('no_session'))
  })

  it.each(['/auth/callback#access_token=t&token_type=bearer', '/auth/callback#refresh_token=r'])(
    'with tokens in the URL (%s) it waits for the session instead of failing',
    async (url) => {
      const auth = new FakeSupabaseAuth()
      auth.holdCodeExchange()
      const { router } = openCallback(url, auth)
      await waitFor(() => expect(auth.callsOf('initialize')).toHaveLength(1))
      expect(router.state.location.pathname).toBe('/auth/callback')
      auth.completeCodeExchange(fakeSession())
      await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.dashboard))
    },
  )

  it('on an unexpected exception: login with error=auth_callback_failed', async () => {
    const auth = new FakeSupabaseAuth({ script: { getSessionThrows: new TypeError('boom') } })
    const { router } = openCallback('/auth/callback?code=abc', auth)
    await waitFor(() => expect(loginError(router)).toBe('auth_callback_failed'))
  })

  it('when an exchange never answers: login with error=auth_callback_failed after the timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const auth = new FakeSupabaseAuth()
    auth.holdCodeExchange()
    const { router } = openCallback('/auth/callback?code=abc', auth)
    await waitFor(() => expect(auth.callsOf('initialize')).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(CALLBACK_TIMEOUT_MS - 200)
    expect(router.state.location.pathname).toBe('/auth/callback')
    await vi.advanceTimersByTimeAsync(200)
    await waitFor(() => expect(loginError(router)).toBe('auth_callback_failed'))
  })
})
