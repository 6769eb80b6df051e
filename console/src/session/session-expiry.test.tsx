import { fakeSession } from '@retainkit/fakes/supabase-auth'
import { ROUTES } from '@retainkit/shared/routes'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FakeBackend } from '../test-support/fake-backend'
import { registerConsoleCleanup, renderConsole } from '../test-support/render-console'

registerConsoleCleanup()

describe('a session the server revoked', () => {
  it('lands on login with "Your session has expired — sign in again"', async () => {
    // Signed out elsewhere: the server refuses this browser's session on its next call.
    const backend = new FakeBackend().on('GET /api/account?action=data', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Session revoked' } },
    })
    const { router, auth } = renderConsole('/settings/?tab=account', { session: fakeSession(), backend })
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.login))
    expect(router.state.location.search).toBe('?error=session_expired')
    expect(auth.calls.some((call) => call.method === 'signOut')).toBe(true)
    expect((await screen.findByRole('alert')).textContent).toBe('Your session has expired — sign in again.')
  })

  it('says nothing of the kind after an ordinary first visit to a private page', async () => {
    const { router } = renderConsole('/dashboard/')
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.login))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
