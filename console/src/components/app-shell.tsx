import { ROUTES } from '@retainkit/shared/routes'
import { Suspense, useEffect } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { userMessageOf } from '../lib/error-handler'
import { useBillingPolling } from '../session/billing-store'
import { useSession } from '../session/session-store'
import { BillingNotices } from './billing-notices'
import { BrandLogo } from './brand-logo'
import { ErrorBoundary } from './error-boundary'
import { MainNav } from './main-nav'
import { Spinner } from './spinner'

/**
 * Pages whose links carry `?account_id=`; opened without one, or with one the user is not a
 * member of, the active account is filled in.
 */
const ACCOUNT_PAGES: readonly string[] = [ROUTES.dashboard, ROUTES.editor, ROUTES.preview]

function useAccountIdInUrl(): void {
  const location = useLocation()
  const navigate = useNavigate()
  const activeId = useSession((state) => state.active_account_id)
  const accounts = useSession((state) => state.accounts)
  useEffect(() => {
    const page = location.pathname.replace(/\/?$/, '/')
    if (!activeId || !ACCOUNT_PAGES.includes(page)) return
    const params = new URLSearchParams(location.search)
    const current = params.get('account_id')
    // Keep an account the user belongs to; anything else (absent, stale, someone else's) becomes the active one.
    if (current && accounts.some((account) => account.id === current)) return
    params.set('account_id', activeId)
    navigate(`${page}?${params.toString()}${location.hash}`, { replace: true })
  }, [activeId, accounts, location, navigate])
}

function SessionProblem() {
  const error = useSession((state) => state.error)
  const retry = useSession((state) => state.retryBootstrap)
  return (
    <div className="rk-panel rk-panel--error" role="alert">
      <h1>We couldn't load your workspace</h1>
      <p>{error ? userMessageOf(error) : 'An unexpected error occurred.'}</p>
      <button type="button" className="rk-button rk-button--primary" onClick={() => void retry()}>
        Try again
      </button>
    </div>
  )
}

/**
 * The signed-in frame: skip link, header with the logged-in navigation, and the main landmark. Pages
 * render once the session layer has bootstrapped (they need the account); a failed bootstrap shows its
 * message with a retry.
 */
export function AppShell() {
  const status = useSession((state) => state.status)
  const { pathname } = useLocation()
  useAccountIdInUrl()
  useBillingPolling()
  return (
    <div className="rk-shell">
      <a className="rk-skip-link" href="#main">
        Skip to content
      </a>
      <header className="rk-header">{status === 'ready' ? <MainNav /> : <BrandLogo />}</header>
      <main id="main" className="rk-main" tabIndex={-1}>
        {status === 'ready' ? (
          // A page that fails (its code did not load, or it threw) shows its error here, with a retry:
          // the navigation above stays, so the rest of the console is one click away.
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Spinner label="Loading..." block />}>
              <BillingNotices />
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        ) : status === 'error' ? (
          <SessionProblem />
        ) : (
          <Spinner label="Loading your workspace..." block />
        )}
      </main>
    </div>
  )
}
