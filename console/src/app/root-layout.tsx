import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { ErrorBoundary } from '../components/error-boundary'
import { Spinner } from '../components/spinner'
import { Toaster } from '../components/toaster'
import { usePageTitle } from './page-title'
import { ScrollToTop } from './scroll-to-top'

/** Wraps every route: the tab's title, scroll reset, the error boundary (reset on navigation), lazy fallback, toasts. */
export function RootLayout() {
  const { pathname } = useLocation()
  usePageTitle()
  return (
    <>
      <ScrollToTop />
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Spinner label="Loading..." block />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <Toaster />
    </>
  )
}
