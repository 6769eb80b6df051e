import { fakeSession } from '@retainkit/fakes/supabase-auth'
import type { Role } from '@retainkit/shared/roles'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router-dom'
import type { RuntimeConfig } from '../../lib/runtime-config'
import { sessionStore } from '../../session/session-store'
import { type FakeBackend, sessionContext } from '../../test-support/fake-backend'
import { startTestRuntime } from '../../test-support/render-console'

/** Renders one settings section as a signed-in member with `role`, against a fake backend. */
export function renderSection(
  element: ReactElement,
  options: { backend: FakeBackend; role?: Role; config?: Partial<RuntimeConfig>; path?: string },
) {
  const context = sessionContext({ role: options.role ?? 'owner' })
  options.backend.install()
  const runtime = startTestRuntime({ session: fakeSession(), config: options.config ?? {}, sync: false })
  sessionStore.setState({ ...context, status: 'ready', error: null })
  const view = render(<MemoryRouter initialEntries={[options.path ?? '/settings/']}>{element}</MemoryRouter>)
  return { ...view, ...runtime }
}
