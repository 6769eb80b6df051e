import { authError, fakeSession } from '@retainkit/fakes/supabase-auth'
import { ROUTES } from '@retainkit/shared/routes'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { NAV_HINT_STORAGE_KEY } from '../session/nav-hint'
import { sessionStore } from '../session/session-store'
import { sessionContext } from '../test-support/fake-backend'
import { registerConsoleCleanup, renderConsole, startTestRuntime } from '../test-support/render-console'
import { browserLocation } from './browser-location'
import { RETURN_TO_STORAGE_KEY } from './return-to'
import { signOut } from './sign-out'

registerConsoleCleanup()

function seedStorage() {
  localStorage.setItem('sb-localhost-auth-token', '{"access_token":"a"}')
  localStorage.setItem('sb-localhost-auth-token-code-verifier', 'v')
  localStorage.setItem(NAV_HINT_STORAGE_KEY, '{"accountId":"acme"}')
  localStorage.setItem(RETURN_TO_STORAGE_KEY, JSON.stringify({ path: '/editor/', savedAt: Date.now() }))
  localStorage.setItem('unrelated', 'kept')
}

describe('sign-out', () => {
  it('signs out globally, then removes the stored tokens and nav hint, then goes home after 100 ms', async () => {
    vi.useFakeTimers()
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {})
    const { auth } = startTestRuntime({ session: fakeSession() })
    seedStorage()
    sessionStore.setState({ ...sessionContext(), status: 'ready' })
    const order: string[] = []
    const realSignOut = auth.signOut.bind(auth)
    vi.spyOn(auth, 'signOut').mockImplementation(async (options) => {
      order.push(
        `signOut:${options?.scope}:tokens=${localStorage.getItem('sb-localhost-auth-token') !== null}`,
      )
      return realSignOut(options)
    })

    const done = signOut()
    await vi.advanceTimersByTimeAsync(0)
    expect(order).toEqual(['signOut:global:tokens=true'])
    expect(localStorage.getItem('sb-localhost-auth-token')).toBeNull()
    expect(localStorage.getItem('sb-localhost-auth-token-code-verifier')).toBeNull()
    expect(localStorage.getItem(NAV_HINT_STORAGE_KEY)).toBeNull()
    expect(localStorage.getItem(RETURN_TO_STORAGE_KEY)).toBeNull()
    expect(localStorage.getItem('unrelated')).toBe('kept')
    expect(sessionStore.getState().accounts).toEqual([])
    expect(assign).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(99)
    expect(assign).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(assign).toHaveBeenCalledWith(ROUTES.home)
    await done
  })

  it('still removes local tokens and redirects when the auth server cannot be reached', async () => {
    vi.useFakeTimers()
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {})
    startTestRuntime({ session: fakeSession(), script: { signOutThrows: new TypeError('Failed to fetch') } })
    seedStorage()
    const done = signOut()
    await vi.advanceTimersByTimeAsync(100)
    await done
    expect(localStorage.getItem('sb-localhost-auth-token')).toBeNull()
    expect(localStorage.getItem(NAV_HINT_STORAGE_KEY)).toBeNull()
    expect(assign).toHaveBeenCalledWith(ROUTES.home)
  })

  it('still removes local tokens when the auth server answers an error', async () => {
    vi.useFakeTimers()
    vi.spyOn(browserLocation, 'assign').mockImplementation(() => {})
    startTestRuntime({
      session: fakeSession(),
      script: { signOutError: authError('Session not found', 404) },
    })
    seedStorage()
    const done = signOut()
    await vi.advanceTimersByTimeAsync(100)
    await done
    expect(localStorage.getItem('sb-localhost-auth-token')).toBeNull()
  })

  it('keeps a private page on "Signing out..." instead of bouncing it to /login/', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {})
    const { router } = renderConsole('/settings/?tab=billing', { session: fakeSession() })
    await screen.findByRole('button', { name: /Account menu/ }, { timeout: 10_000 })
    void signOut()
    expect(await screen.findByText('Signing out...')).toBeTruthy()
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ROUTES.home))
    expect(router.state.location.pathname).toBe('/settings/')
    expect(localStorage.getItem(RETURN_TO_STORAGE_KEY)).toBeNull()
  })

  it('the /logout/ route signs out and redirects home', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {})
    const { auth } = renderConsole('/logout/', { session: fakeSession() })
    expect(await screen.findByText('Signing out...')).toBeTruthy()
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ROUTES.home))
    expect(auth.callsOf('signOut')).toEqual([[{ scope: 'global' }]])
  })
})
