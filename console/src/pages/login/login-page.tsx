import { ROUTES } from '@retainkit/shared/routes'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { AuthLayout } from '../../components/auth/auth-layout'
import { Spinner } from '../../components/spinner'
import { consumeReturnTo, returnPathFromState } from '../../lib/return-to'
import { useAuth } from '../../session/auth-store'
import { LoginPanel } from './login-panel'

/** Signed in already: to the page the visitor was sent away from, else the dashboard. */
export function useRedirectWhenSignedIn(): boolean {
  const status = useAuth((state) => state.status)
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    if (status !== 'signed-in') return
    navigate(returnPathFromState(location.state) ?? consumeReturnTo() ?? ROUTES.dashboard, { replace: true })
  }, [status, location.state, navigate])
  return status === 'signed-in'
}

/**
 * 'Welcome Back' in the app (a visitor whose browser holds a session starts here rather than on the
 * router-free page): a signed-in visitor sees 'Redirecting to dashboard...'; otherwise LoginPanel.
 */
export function LoginPage() {
  const status = useAuth((state) => state.status)
  const signedIn = useRedirectWhenSignedIn()
  const { search } = useLocation()

  return (
    <AuthLayout title="Welcome Back">
      {signedIn ? (
        <p role="status">Redirecting to dashboard...</p>
      ) : status === 'loading' ? (
        <Spinner label="Loading..." />
      ) : (
        <LoginPanel search={search} />
      )}
    </AuthLayout>
  )
}
