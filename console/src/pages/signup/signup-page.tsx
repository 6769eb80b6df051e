import { AuthLayout } from '../../components/auth/auth-layout'
import { Spinner } from '../../components/spinner'
import { useAuth } from '../../session/auth-store'
import { useRedirectWhenSignedIn } from '../login/login-page'
import { SignupPanel } from './signup-panel'

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
        <SignupPanel />
      )}
    </AuthLayout>
  )
}
