import { ROUTES } from '@retainkit/shared/routes'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { AuthLayout } from '../../components/auth/auth-layout'
import { Spinner } from '../../components/spinner'
import { handleError } from '../../lib/error-handler'
import { consumeReturnTo } from '../../lib/return-to'
import { getAuthClient } from '../../lib/runtime'
import { CALLBACK_ERRORS, completeSignIn } from './complete-sign-in'

/** Spec 2.12 and 4: 'Completing sign in...', then the dashboard (or the remembered page), or login with an error. */
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
        navigate(consumeReturnTo() ?? ROUTES.dashboard, { replace: true })
      } else {
        navigate(`${ROUTES.login}?error=${encodeURIComponent(outcome.error)}`, { replace: true })
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
