import { ROUTES } from '@retainkit/shared/routes'
import { useEffect, useState } from 'react'
import { EmailLinkForm } from '../../components/auth/email-link-form'
import { SocialSignIn } from '../../components/auth/social-sign-in'

/**
 * What login says for the `?error=` the auth callback sent back (login-errors.ts, with the sanitizer),
 * loaded only when there is one.
 */
function useErrorMessage(error: string | null, description: string | null): string | null {
  const [message, setMessage] = useState<string | null>(null)
  useEffect(() => {
    if (error === null) return
    let live = true
    void import('./login-errors').then(({ loginErrorMessage }) => {
      if (live) setMessage(loginErrorMessage(error, description))
    })
    return () => {
      live = false
    }
  }, [error, description])
  return error === null ? null : message
}

/**
 * Login's content for a signed-out visitor: any `?error=` the auth callback sent back, the magic-link
 * form, social sign-in, a link to pricing for people without an account, and to signup. Free of the
 * router and of the session layer, so /login/ can be drawn without them (app/public-auth.tsx); links
 * are plain, a page load apart.
 */
export function LoginPanel({ search }: { search: string }) {
  const params = new URLSearchParams(search)
  const message = useErrorMessage(params.get('error'), params.get('error_description'))
  return (
    <>
      {message !== null ? (
        <div className="rk-notice rk-notice--error" role="alert">
          {message}
        </div>
      ) : null}
      <p className="rk-auth__lead">Sign in to your Retainkit account.</p>
      <EmailLinkForm mode="login" />
      <SocialSignIn mode="login" />
      <p className="rk-auth__footer">
        Don't have an account? <a href={ROUTES.pricing}>See plans and pricing</a> or{' '}
        <a href={ROUTES.signup}>create an account</a>.
      </p>
    </>
  )
}
