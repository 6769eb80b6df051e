import { ROUTES } from '@retainkit/shared/routes'
import { Link } from 'react-router-dom'
import { AuthLayout } from '../../components/auth/auth-layout'
import { EmailLinkForm } from '../../components/auth/email-link-form'
import { SocialSignIn } from '../../components/auth/social-sign-in'
import { Spinner } from '../../components/spinner'
import { useAuth } from '../../session/auth-store'
import { useRedirectWhenSignedIn } from '../login/login-page'

/**
 * 'Create your account' with email signup ('Create account', then 'Check your email to
 * confirm your account!') or social sign-in, and a link to sign in. Signed-in users go to the dashboard.
 */
export function SignupPage() {
  const status = useAuth((state) => state.status)
  const signedIn = useRedirectWhenSignedIn()
  return (
    <AuthLayout title="Create your account">
      {signedIn ? (
        <p role="status">Redirecting to dashboard...</p>
      ) : status === 'loading' ? (
        <Spinner label="Loading..." />
      ) : (
        <>
          <p className="rk-auth__lead">Start keeping the subscribers who try to cancel.</p>
          <EmailLinkForm mode="signup" />
          <SocialSignIn mode="signup" />
          <p className="rk-auth__footer">
            Already have an account? <Link to={ROUTES.login}>Sign in</Link>
          </p>
        </>
      )}
    </AuthLayout>
  )
}
