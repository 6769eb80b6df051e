import { ROUTES } from '@retainkit/shared/routes'
import { EmailLinkForm } from '../../components/auth/email-link-form'
import { SocialSignIn } from '../../components/auth/social-sign-in'

/** Signup's content for a signed-out visitor (router-free, as LoginPanel). */
export function SignupPanel() {
  return (
    <>
      <p className="rk-auth__lead">Start keeping the subscribers who try to cancel.</p>
      <EmailLinkForm mode="signup" />
      <SocialSignIn mode="signup" />
      <p className="rk-auth__footer">
        Already have an account? <a href={ROUTES.login}>Sign in</a>
      </p>
    </>
  )
}
