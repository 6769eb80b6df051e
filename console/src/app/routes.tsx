import { ROUTES } from '@retainkit/shared/routes'
import { Suspense } from 'react'
import type { RouteObject } from 'react-router-dom'
import { RouteErrorScreen } from '../components/route-error-screen'
import { Spinner } from '../components/spinner'
import { AuthCallbackPage } from '../pages/auth-callback/auth-callback-page'
import { LoginPage } from '../pages/login/login-page'
import { LogoutPage } from '../pages/logout/logout-page'
import { SignupPage } from '../pages/signup/signup-page'
import {
  AppShell,
  DashboardPage,
  EditorPage,
  HistoryPage,
  NotFoundPage,
  PreviewPage,
  SessionPage,
  SessionsPage,
  SettingsPage,
  StripeCallbackPage,
} from './lazy-pages'
import { PrivateRoute } from './private-route'
import { RedirectToNotFound } from './redirect-to-not-found'
import { RootLayout } from './root-layout'

/** Route paths without the trailing slash: the router matches `/login` and `/login/` alike. */
const path = (route: string) => route.replace(/\/$/, '')

/**
 * The console's route table. Login, signup, the auth callback and logout are in the entry
 * chunk (they are the first thing a visitor loads); everything else loads on demand. The Stripe callback
 * needs a signed-in user because it calls the API with the user's token.
 */
export const consoleRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: path(ROUTES.login), element: <LoginPage /> },
      { path: path(ROUTES.signup), element: <SignupPage /> },
      { path: path(ROUTES.authCallback), element: <AuthCallbackPage /> },
      { path: path(ROUTES.logout), element: <LogoutPage /> },
      { path: path(ROUTES.notFound), element: <NotFoundPage /> },
      {
        element: <PrivateRoute />,
        children: [
          {
            // The signed-in chrome loads with the first signed-in page, not in front of /login/.
            element: (
              <Suspense fallback={<Spinner label="Loading..." block />}>
                <AppShell />
              </Suspense>
            ),
            children: [
              { path: path(ROUTES.dashboard), element: <DashboardPage /> },
              { path: path(ROUTES.editor), element: <EditorPage /> },
              // The flow's history: under the editor, so the server already serves it as a console path.
              { path: `${path(ROUTES.editor)}/history`, element: <HistoryPage /> },
              { path: path(ROUTES.preview), element: <PreviewPage /> },
              { path: `${path(ROUTES.settings)}/*`, element: <SettingsPage /> },
              { path: path(ROUTES.sessions), element: <SessionsPage /> },
              // One session's story: a stable address other pages link to (the sentiment quotes).
              { path: `${path(ROUTES.sessions)}/:sessionId`, element: <SessionPage /> },
              { path: path(ROUTES.stripeCallback), element: <StripeCallbackPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <RedirectToNotFound /> },
    ],
  },
]
