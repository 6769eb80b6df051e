import { FakeSupabaseAuth, fakeSession } from '@retainkit/fakes/supabase-auth'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { getRuntimeConfig } from '../lib/runtime'
import { checkRuntimeConfig } from '../lib/runtime-config'
import { TEST_CONFIG } from '../test-support/fake-backend'
import { registerConsoleCleanup } from '../test-support/render-console'
import { pageLoaders } from './lazy-pages'
import { consoleRoutes } from './routes'
import { ConsoleApp, publicPageFor, type StartupDeps } from './startup'
import { prefetchDashboardFor, preloadStartupChunks } from './startup-preload'

registerConsoleCleanup()

const prefetchDashboard = vi.fn()
vi.mock('../pages/dashboard/dashboard-data', () => ({
  prefetchDashboard: (id: string) => prefetchDashboard(id),
}))
vi.mock('../pages/editor/editor-page', () => ({ default: () => null }))
vi.mock('../pages/dashboard/dashboard-page', () => ({ default: () => null }))
vi.mock('../pages/preview/preview-page', () => ({ default: () => null }))

function deps(raw: unknown, overrides: Partial<StartupDeps> = {}): StartupDeps {
  return {
    loadConfig: async () => checkRuntimeConfig(raw),
    createAuth: () => new FakeSupabaseAuth(),
    createRouting: () => ({
      router: createMemoryRouter(consoleRoutes, { initialEntries: ['/login/'] }),
      Provider: RouterProvider,
    }),
    afterPaint: () => {},
    ...overrides,
  }
}

describe('startup', () => {
  it('stops on a CONFIGURATION_ERROR screen naming the wrong settings, not their values', async () => {
    const createAuth = vi.fn()
    render(
      <ConsoleApp
        deps={deps({ ...TEST_CONFIG, apiBaseUrl: 'nope', anonKey: 'tiny-secret' }, { createAuth })}
      />,
    )
    const screenRoot = await screen.findByRole('alert')
    expect(screenRoot.textContent).toContain('System configuration error. Please contact support.')
    expect(screenRoot.textContent).toContain('apiBaseUrl must start with http')
    expect(screenRoot.textContent).toContain('anonKey must be at least 20 characters')
    expect(screenRoot.textContent).toContain('CONFIGURATION_ERROR')
    expect(screenRoot.textContent).not.toContain('tiny-secret')
    expect(screenRoot.textContent).not.toContain('nope')
    expect(createAuth).not.toHaveBeenCalled()
  })

  it('with a valid config creates the auth client and renders the routes; preloads nothing for a visitor', async () => {
    let paintTask: (() => void) | null = null
    const createAuth = vi.fn(() => new FakeSupabaseAuth())
    render(
      <ConsoleApp
        deps={deps(TEST_CONFIG, {
          createAuth,
          afterPaint: (task) => {
            paintTask = task
          },
        })}
      />,
    )
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy()
    expect(createAuth).toHaveBeenCalledWith(expect.objectContaining({ apiKey: TEST_CONFIG.apiKey }))
    expect(getRuntimeConfig().apiBaseUrl).toBe(TEST_CONFIG.apiBaseUrl)
    // Nobody is signed in: the editor, dashboard and preview are not fetched in front of the sign-in page.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(paintTask).toBeNull()
  })

  it('preloads after the first paint once someone is signed in (a signed-in start)', async () => {
    let paintTask: (() => void) | null = null
    render(
      <ConsoleApp
        deps={deps(TEST_CONFIG, {
          createAuth: () => new FakeSupabaseAuth({ session: fakeSession() }),
          afterPaint: (task) => {
            paintTask = task
          },
        })}
      />,
    )
    await waitFor(() => expect(paintTask).not.toBeNull())
  })

  it('draws /login/ for a visitor without a session with neither the router nor supabase-js, which loads on send', async () => {
    const createAuth = vi.fn(() => new FakeSupabaseAuth())
    const createRouting = vi.fn()
    render(
      <ConsoleApp
        deps={deps(TEST_CONFIG, {
          createAuth,
          createRouting,
          publicPage: () => 'login',
          loadPublicPage: () => import('./public-auth'),
        })}
      />,
    )
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy()
    expect(await screen.findByLabelText('Email address')).toBeTruthy()
    expect(createRouting).not.toHaveBeenCalled()
    expect(createAuth).not.toHaveBeenCalled()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com')
    await user.click(screen.getByRole('button', { name: 'Send magic link' }))
    expect(await screen.findByText('Check your email for your sign-in link.')).toBeTruthy()
    expect(createAuth).toHaveBeenCalledTimes(1)
    expect(createRouting).not.toHaveBeenCalled()
  })

  it('chooses the light start only for /login/ and /signup/ in a browser that holds no session', () => {
    const storage = (keys: string[]) =>
      ({ length: keys.length, key: (index: number) => keys[index] ?? null }) as Storage
    expect(publicPageFor('/login/', storage([]))).toBe('login')
    expect(publicPageFor('/signup', storage([]))).toBe('signup')
    // A sign-in under way (the PKCE verifier) is not a session.
    expect(publicPageFor('/login/', storage(['sb-127-auth-token-code-verifier']))).toBe('login')
    expect(publicPageFor('/login/', storage(['sb-127-auth-token']))).toBeNull()
    expect(publicPageFor('/dashboard/', storage([]))).toBeNull()
    expect(publicPageFor('/auth/callback', storage([]))).toBeNull()
  })
})

describe('startup preloads', () => {
  it('preloads the editor, dashboard and preview chunks only', async () => {
    const spies = Object.fromEntries(
      (Object.keys(pageLoaders) as (keyof typeof pageLoaders)[]).map((name) => [
        name,
        vi.spyOn(pageLoaders, name),
      ]),
    )
    await preloadStartupChunks()
    expect(spies.editor).toHaveBeenCalledTimes(1)
    expect(spies.dashboard).toHaveBeenCalledTimes(1)
    expect(spies.preview).toHaveBeenCalledTimes(1)
    expect(spies.settings).not.toHaveBeenCalled()
    expect(spies.stripeCallback).not.toHaveBeenCalled()
    expect(spies.notFound).not.toHaveBeenCalled()
  })

  it('prefetches the dashboard data sets when the URL has account_id', async () => {
    expect(await prefetchDashboardFor('?account_id=acme&period=3months')).toBe(true)
    expect(prefetchDashboard).toHaveBeenCalledWith('acme')
    prefetchDashboard.mockClear()
    expect(await prefetchDashboardFor('?period=3months')).toBe(false)
    expect(prefetchDashboard).not.toHaveBeenCalled()
  })

  it('runs the preload task after the first frame', async () => {
    const { afterFirstPaint } = await import('./startup-preload')
    const task = vi.fn()
    afterFirstPaint(task)
    expect(task).not.toHaveBeenCalled()
    await waitFor(() => expect(task).toHaveBeenCalledTimes(1))
  })
})
