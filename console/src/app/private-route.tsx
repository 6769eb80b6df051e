import { ROUTES } from '@retainkit/shared/routes'
import { useEffect } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { Spinner } from '../components/spinner'
import { pathOf, rememberReturnTo } from '../lib/return-to'
import { SESSION_EXPIRED } from '../pages/login/login-errors'
import { useAuth } from '../session/auth-store'

function RedirectToLogin() {
  const location = useLocation()
  const navigate = useNavigate()
  const expired = useAuth((state) => state.expired)
  useEffect(() => {
    const from = pathOf(location)
    // Router state covers sign-in in this page; storage covers the magic link's new page load.
    rememberReturnTo(from)
    const login = expired ? `${ROUTES.login}?error=${SESSION_EXPIRED}` : ROUTES.login
    navigate(login, { replace: true, state: { from } })
  }, [location, navigate, expired])
  return <Spinner label="Redirecting to sign in..." block />
}

/**
 * While auth state loads a private route shows 'Authenticating...'; with no user it redirects
 * to login, replacing history and remembering the origin location.
 */
export function PrivateRoute() {
  const status = useAuth((state) => state.status)
  const signingOut = useAuth((state) => state.signingOut)
  if (signingOut) return <Spinner label="Signing out..." block />
  if (status === 'loading') return <Spinner label="Authenticating..." block />
  if (status === 'signed-out') return <RedirectToLogin />
  return <Outlet />
}
