import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type FakeBackend,
  fail,
  installFakeBackend,
  ok,
  reasonsData,
  signInTestSession,
} from '../../features/test-support/fake-backend'
import { previewRecorder } from '../../features/test-support/preview-mock'
import { renderPage } from '../../features/test-support/render-page'
import PreviewPage from './preview-page'

vi.mock(
  '../../features/preview/widget-preview-entry',
  () => import('../../features/test-support/preview-mock'),
)

let backend: FakeBackend
const saved = createDefaultConfig()
saved.copy.general.headline = 'Saved headline'

beforeEach(() => {
  previewRecorder.reset()
  signInTestSession({ role: 'editor' })
  backend = installFakeBackend()
  backend
    .on(
      'GET',
      '/api/account',
      { action: 'config' },
      ok({ config_json: saved, version: 4, updated_at: null, previous_versions: [] }),
    )
    .on('GET', '/api/account', { action: 'reasons' }, ok(reasonsData({ reasons: createDefaultReasons() })))
})

afterEach(() => {
  cleanup()
  backend.restore()
})

describe('/preview/', () => {
  it('shows the saved configuration and reasons in the real widget on a sample merchant page', async () => {
    renderPage(<PreviewPage />, { path: '/preview', url: '/preview/?account_id=acme' })
    await waitFor(() => expect(previewRecorder.mounts).toHaveLength(1))
    const props = previewRecorder.mounts[0]?.props
    expect(props?.config.copy.general.headline).toBe('Saved headline')
    expect(props?.reasons.map((reason) => reason.key)).toEqual(
      createDefaultReasons().map((reason) => reason.key),
    )
    expect(screen.getByText(/Version 4 as your subscribers see it now/)).toBeTruthy()
    expect(screen.getByText('Sample merchant page')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Edit this flow' }).getAttribute('href')).toBe(
      '/editor/?account_id=acme',
    )
  })

  it('switches screens and between the cancel flow and the banner', async () => {
    const user = userEvent.setup()
    renderPage(<PreviewPage />, { path: '/preview', url: '/preview/?account_id=acme' })
    const select = await screen.findByLabelText('Screen')
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1))
    await user.selectOptions(select, 'Confirm')
    expect(previewRecorder.current()?.screen).toEqual({ kind: 'confirm' })
    await user.click(screen.getByRole('radio', { name: 'Reactivation banner' }))
    await waitFor(() => expect(previewRecorder.current()?.variant).toBe('banner'))
    expect(screen.queryByLabelText('Screen')).toBeNull()
    // The same widget instance follows the toggle: no remount.
    expect(previewRecorder.mounts).toHaveLength(1)
  })

  it('reports a load failure with a retry', async () => {
    backend.on(
      'GET',
      '/api/account',
      { action: 'reasons' },
      fail(404, 'NOT_FOUND', 'The requested item was not found.'),
    )
    renderPage(<PreviewPage />, { path: '/preview', url: '/preview/?account_id=acme' })
    expect(await screen.findByText('The requested item was not found.')).toBeTruthy()
    backend.on(
      'GET',
      '/api/account',
      { action: 'reasons' },
      ok(reasonsData({ reasons: createDefaultReasons() })),
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(previewRecorder.mounts).toHaveLength(1))
  })
})
