import { ROUTES } from '@retainkit/shared/routes'
import { useEffect } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { AuthLayout } from '../../components/auth/auth-layout'
import { EmailLinkForm } from '../../components/auth/email-link-form'
import { SocialSignIn } from '../../components/auth/social-sign-in'
import { Spinner } from '../../components/spinner'
import { consumeReturnTo, returnPathFromState } from '../../lib/return-to'
import { useAuth } from '../../session/auth-store'
import { loginErrorMessage } from './login-errors'

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
 * 'Welcome Back'; a signed-in visitor sees 'Redirecting to dashboard...'; otherwise the
 * magic-link form, social sign-in, a link to pricing for people without an account, and a message for
 * any `?error=` the auth callback sent back.
 */
export function LoginPage() {
  const status = useAuth((state) => state.status)
  const signedIn = useRedirectWhenSignedIn()
  const [params] = useSearchParams()
  const error = params.get('error')

  return (
    <AuthLayout title="Welcome Back">
      {signedIn ? (
        <p role="status">Redirecting to dashboard...</p>
      ) : status === 'loading' ? (
        <Spinner label="Loading..." />
      ) : (
        <>
          {error !== null ? (
            <div className="rk-notice rk-notice--error" role="alert">
              {loginErrorMessage(error, params.get('error_description'))}
            </div>
          ) : null}
          <p className="rk-auth__lead">Sign in to your Retainkit account.</p>
          <EmailLinkForm mode="login" />
          <SocialSignIn mode="login" />
          <p className="rk-auth__footer">
            Don't have an account? <a href={ROUTES.pricing}>See plans and pricing</a> or{' '}
            <Link to={ROUTES.signup}>create an account</Link>.
          </p>
        </>
      )}
    </AuthLayout>
  )
}
