import { fakeSession } from '@retainkit/fakes/supabase-auth'
import { ROUTES } from '@retainkit/shared/routes'
import { render, screen, waitFor } from '@testing-library/react'
import { lazy } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { RETURN_TO_STORAGE_KEY } from '../lib/return-to'
import { registerConsoleCleanup, renderConsole } from '../test-support/render-console'
import { pageLoaders, STARTUP_PRELOADS } from './lazy-pages'
import { RootLayout } from './root-layout'
import { consoleRoutes } from './routes'

registerConsoleCleanup()

// The editor, dashboard and preview pages belong to another engineer and pull in the built widget;
// here only the wiring matters, so they are stand-ins with recognisable names.
vi.mock('../pages/editor/editor-page', () => ({
  default: function EditorStandIn() {
    return null
  },
}))
vi.mock('../pages/dashboard/dashboard-page', () => ({
  default: function DashboardStandIn() {
    return null
  },
}))
vi.mock('../pages/preview/preview-page', () => ({
  default: function PreviewStandIn() {
    return null
  },
}))

describe('private routes', () => {
  it.each(['/dashboard/', '/editor/', '/preview/', '/settings/'])(
    '%s shows Authenticating... while the auth state loads',
    (path) => {
      renderConsole(path, { session: null })
      // The fake answers getSession on a later tick: the first render is the loading state.
      expect(screen.getByText('Authenticating...')).toBeTruthy()
    },
  )

  it('redirects a signed-out visitor to /login/, replacing history and remembering the origin', async () => {
    const { router } = renderConsole('/dashboard/?account_id=acme', { session: null })
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.login))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(router.state.location.state).toEqual({ from: '/dashboard/?account_id=acme' })
    expect(JSON.parse(localStorage.getItem(RETURN_TO_STORAGE_KEY) ?? '{}').path).toBe(
      '/dashboard/?account_id=acme',
    )
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy()
  })

  it('returns to the remembered origin once the visitor signs in', async () => {
    const { router, auth } = renderConsole('/settings/?tab=install', { session: null })
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.login))
    auth.signIn(fakeSession())
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/'))
    expect(router.state.location.search).toBe('?tab=install')
  })

  it('renders the private page for a signed-in user', async () => {
    const { router } = renderConsole('/settings/?tab=billing', { session: fakeSession() })
    // The settings chunk is transformed on first import: give it time.
    await screen.findByRole('heading', { name: 'Settings', level: 1 }, { timeout: 10_000 })
    expect(router.state.location.pathname).toBe('/settings/')
  })
})

describe('unknown paths', () => {
  it('redirect (replace) to /404/ remembering the attempted path, which the page shows', async () => {
    const { router } = renderConsole('/no/such/page?x=1', { session: null })
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.notFound))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(router.state.location.state).toEqual({ from: '/no/such/page?x=1' })
    expect(await screen.findByText('/no/such/page?x=1')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy()
  })
})

describe('scroll to top', () => {
  it('scrolls to the top on every route change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    const { router } = renderConsole('/login/', { session: null })
    await screen.findByRole('heading', { name: 'Welcome Back' })
    scrollTo.mockClear()
    await router.navigate('/signup/')
    await screen.findByRole('heading', { name: 'Create your account' })
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0))
    scrollTo.mockClear()
    await router.navigate('/login/')
    await screen.findByRole('heading', { name: 'Welcome Back' })
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0))
  })
})

describe('lazy routes', () => {
  it('show the spinner fallback Loading... while a chunk loads', async () => {
    const Never = lazy(() => new Promise<never>(() => {}))
    const router = createMemoryRouter(
      [{ element: <RootLayout />, children: [{ path: '/slow', element: <Never /> }] }],
      {
        initialEntries: ['/slow'],
      },
    )
    render(<RouterProvider router={router} />)
    const status = await screen.findByRole('status')
    expect(status.textContent).toBe('Loading...')
  })

  it('load editor, dashboard, preview, settings, Stripe callback and not-found on demand', () => {
    // Each on-demand page is a retryable wrapper around React.lazy (lib/retryable-lazy.ts).
    const lazyType = 'RetryablePage'
    const byPath = new Map<string, unknown>()
    const walk = (routes: typeof consoleRoutes) => {
      for (const route of routes) {
        if (route.path)
          byPath.set(route.path, (route.element as { type?: { displayName?: string } })?.type?.displayName)
        if (route.children) walk(route.children)
      }
    }
    walk(consoleRoutes)
    for (const path of ['/editor', '/dashboard', '/preview', '/settings/*', '/stripe/callback', '/404']) {
      expect(byPath.get(path), path).toBe(lazyType)
    }
    for (const path of ['/login', '/signup', '/auth/callback'])
      expect(byPath.get(path), path).not.toBe(lazyType)
  })

  it('each loader resolves to its page module', async () => {
    expect((await pageLoaders.editor()).default.name).toBe('EditorStandIn')
    expect((await pageLoaders.dashboard()).default.name).toBe('DashboardStandIn')
    expect((await pageLoaders.preview()).default.name).toBe('PreviewStandIn')
    expect((await pageLoaders.settings()).default.name).toBe('SettingsPage')
    expect((await pageLoaders.stripeCallback()).default.name).toBe('StripeCallbackPage')
    expect((await pageLoaders.notFound()).default.name).toBe('NotFoundPage')
    expect([...STARTUP_PRELOADS]).toEqual(['editor', 'dashboard', 'preview'])
  })
})
