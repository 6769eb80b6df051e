import { fakeSession } from '@retainkit/fakes/supabase-auth'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import type { Role } from '@retainkit/shared/roles'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom'
import type { RuntimeConfig } from '../../lib/runtime-config'
import { sessionStore } from '../../session/session-store'
import { type FakeBackend, sessionContext } from '../../test-support/fake-backend'
import { startTestRuntime } from '../../test-support/render-console'

/**
 * Renders one settings section as a signed-in member with `role`, against a fake backend. The router
 * is a data router, as the console's is (the unsaved-changes guard needs one), with a link leading
 * away from the section and a dashboard page for it to reach.
 */
export function renderSection(
  element: ReactElement,
  options: { backend: FakeBackend; role?: Role; config?: Partial<RuntimeConfig>; path?: string },
) {
  const context = sessionContext({ role: options.role ?? 'owner' })
  options.backend.install()
  const runtime = startTestRuntime({ session: fakeSession(), config: options.config ?? {}, sync: false })
  sessionStore.setState({ ...context, status: 'ready', error: null })
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/dashboard/?account_id=acme">Go to dashboard</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: '/dashboard', element: <h1>Dashboard page</h1> },
          { path: '*', element },
        ],
      },
    ],
    { initialEntries: [options.path ?? '/settings/'] },
  )
  const view = render(<RouterProvider router={router} />)
  return { ...view, ...runtime, router }
}

/**
 * The answers a flow editor loads on opening (the saved config and reasons, and the account's Stripe
 * plans), for the settings sections that edit a segment's or an arm's flow with the editor's sections.
 */
export function withFlowEditorData(backend: FakeBackend): FakeBackend {
  return backend
    .on('GET /api/account?action=config', {
      body: {
        data: {
          config_json: createDefaultConfig(),
          version: 3,
          updated_at: '2026-11-01T10:00:00.000Z',
          previous_versions: [],
        },
      },
    })
    .on('GET /api/account?action=reasons', {
      body: {
        data: {
          reasons: createDefaultReasons(),
          version: 1,
          updated_at: null,
          previous_versions: [],
          warnings: [],
        },
      },
    })
    .on('GET /api/stripe/plans/acme', { body: { data: [] } })
}
