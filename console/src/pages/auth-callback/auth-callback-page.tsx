import { ROUTES } from '@retainkit/shared/routes'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { accountHref } from '../../components/app-link'
import { AuthLayout } from '../../components/auth/auth-layout'
import { Spinner } from '../../components/spinner'
import { handleError } from '../../lib/error-handler'
import { consumeReturnTo } from '../../lib/return-to'
import { getAuthClient } from '../../lib/runtime'
import { sessionStore } from '../../session/session-store'
import { CALLBACK_ERRORS, completeSignIn } from './complete-sign-in'

/**
 * The dashboard of the account the user works in, with its id in the URL from the first load (the
 * session bootstrap the private routes would run anyway, run now); the bare dashboard if it fails.
 */
async function dashboardOfActiveAccount(): Promise<string> {
  try {
    const { data } = await getAuthClient().getSession()
    const userId = data.session?.user.id
    if (!userId) return ROUTES.dashboard
    await sessionStore.getState().bootstrap(userId)
    return accountHref('dashboard', sessionStore.getState().active_account_id)
  } catch {
    return ROUTES.dashboard
  }
}

/** 'Completing sign in...', then the dashboard (or the remembered page), or login with an error. */
export function AuthCallbackPage() {
  const navigate = useNavigate()

  useEffect(() => {
    let attempt: ReturnType<typeof completeSignIn> | null = null
    try {
      attempt = completeSignIn(getAuthClient(), new URL(window.location.href))
    } catch (thrown) {
      handleError(thrown, { where: 'authCallback' })
      navigate(`${ROUTES.login}?error=${CALLBACK_ERRORS.failed}`, { replace: true })
      return
    }
    let active = true
    attempt.outcome.then((outcome) => {
      if (!active) return
      if (outcome.kind === 'signed-in') {
        // Clear the code (or tokens) from the address bar and history before moving on.
        window.history.replaceState(window.history.state, '', window.location.pathname)
        const returnTo = consumeReturnTo()
        if (returnTo) {
          navigate(returnTo, { replace: true })
          return
        }
        void dashboardOfActiveAccount().then((target) => {
          if (active) navigate(target, { replace: true })
        })
      } else {
        const query = new URLSearchParams({ error: outcome.error })
        if (outcome.description) query.set('error_description', outcome.description)
        navigate(`${ROUTES.login}?${query.toString()}`, { replace: true })
      }
    })
    return () => {
      active = false
      attempt?.cancel()
    }
  }, [navigate])

  return (
    <AuthLayout title="Signing in">
      <Spinner label="Completing sign in..." />
    </AuthLayout>
  )
}
