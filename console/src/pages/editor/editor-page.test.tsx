import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bodyOf, type FakeBackend, fail, signInTestSession } from '../../features/test-support/fake-backend'
import { previewRecorder } from '../../features/test-support/preview-mock'
import { renderPage } from '../../features/test-support/render-page'
import { resetToasts, toastStore } from '../../lib/toast-store'
import EditorPage from './editor-page'
import { configAnswer, installEditorBackend, openEditor } from './test-support/editor-setup'

vi.mock(
  '../../features/preview/widget-preview-entry',
  () => import('../../features/test-support/preview-mock'),
)
// The full editor form is a few hundred controls: slow to render in happy-dom on a busy machine.

let backend: FakeBackend

const configResponse = (config: CancelFlowConfig, version: number) =>
  configAnswer(config, version, '2026-05-01T10:00:00Z')

beforeEach(() => {
  previewRecorder.reset()
  resetToasts()
  signInTestSession({ role: 'owner' })
  backend = installEditorBackend({ version: 7, updatedAt: '2026-05-01T10:00:00Z' })
  backend.on('PUT', '/api/account', { action: 'config' }, (request) =>
    configResponse((request.body as { config_json: CancelFlowConfig }).config_json, 8),
  )
})

afterEach(() => {
  cleanup()
  backend.restore()
})

const reasonScreen = () => screen.getByRole('group', { name: 'Reason question' })
const headlineInput = () => within(reasonScreen()).getByLabelText('Headline') as HTMLInputElement

describe('editor: live preview', () => {
  it('mounts the widget preview with the saved config and follows every edit before saving', async () => {
    const user = userEvent.setup()
    await openEditor()
    expect(previewRecorder.mounts[0]?.props.config.copy.general.headline).toBe('Before you go…')
    // Mounted with the saved reasons already: without them the flow would open past the reason step.
    expect(previewRecorder.mounts[0]?.props.reasons).toHaveLength(createDefaultReasons().length)

    await user.clear(headlineInput())
    await user.type(headlineInput(), 'Wait')
    expect(previewRecorder.current()?.config.copy.general.headline).toBe('Wait')
    // One update per keystroke (clear + 4 letters), each carrying the draft as it was typed.
    const headlines = previewRecorder.updates.map((props) => props.config.copy.general.headline)
    expect(headlines).toEqual(expect.arrayContaining(['', 'W', 'Wa', 'Wai', 'Wait']))

    const primary = screen.getByLabelText('Primary colour (buttons) hex value')
    await user.clear(primary)
    await user.type(primary, '#ff0000')
    expect(previewRecorder.current()?.config.theme?.primary_color).toBe('#ff0000')
    expect(backend.calls('/api/account', 'PUT')).toHaveLength(0)
  })

  it('jumps the preview to the screen whose copy is being edited', async () => {
    const user = userEvent.setup()
    await openEditor()
    const pause = screen.getByRole('group', { name: 'Pause offer' })
    await user.click(within(pause).getByLabelText('Dropdown label'))
    expect(previewRecorder.current()?.screen).toEqual({ kind: 'offer', offer: 'pause' })
    expect(previewRecorder.current()?.variant).toBe('cancel')
  })

  it('switches between cancel flow and banner, and desktop and mobile frames', async () => {
    const user = userEvent.setup()
    await openEditor()
    await user.click(screen.getByRole('radio', { name: 'Reactivation banner' }))
    expect(previewRecorder.current()?.variant).toBe('banner')
    await user.click(screen.getByRole('radio', { name: 'Mobile' }))
    expect(document.querySelector('.rk-device--mobile')).not.toBeNull()
    await user.click(screen.getByRole('radio', { name: 'Cancel flow' }))
    await user.selectOptions(await screen.findByLabelText('Screen'), 'Final confirmation')
    expect(previewRecorder.current()?.screen).toEqual({ kind: 'final' })
  })
})

describe('editor: validation before save', () => {
  it('shows the spec messages inline while typing and refuses to save', async () => {
    const user = userEvent.setup()
    await openEditor()

    await user.clear(headlineInput())
    await user.click(headlineInput())
    await user.paste('x'.repeat(201))
    expect(within(reasonScreen()).getByText('Headline too long')).toBeTruthy()
    expect(within(reasonScreen()).getByText('201 / 200')).toBeTruthy()

    const primary = screen.getByLabelText('Primary colour (buttons) hex value')
    await user.clear(primary)
    await user.type(primary, '#12345')
    expect(screen.getByText('Invalid hex color format')).toBeTruthy()

    const pauseLengths = screen.getByRole('group', { name: 'Pause lengths' })
    while (within(pauseLengths).queryAllByRole('button', { name: /^Remove/ }).length > 0) {
      await user.click(within(pauseLengths).getAllByRole('button', { name: /^Remove/ })[0] as HTMLElement)
    }
    expect(within(pauseLengths).getByText('At least one duration required')).toBeTruthy()

    const discount = screen.getByRole('group', { name: 'Discount' })
    await user.type(within(discount).getByLabelText('Redirect URL (optional)'), 'not a url')
    expect(within(discount).getByText('Invalid URL format')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const summary = await screen.findByRole('alert', { name: /Fix these 4 problems before saving/ })
    expect(
      within(summary).getByRole('link', { name: 'Copy: general › headline: Headline too long' }),
    ).toBeTruthy()
    expect(backend.calls('/api/account', 'PUT')).toHaveLength(0)
  })

  it('puts server validation errors on their fields', async () => {
    const user = userEvent.setup()
    backend.on(
      'PUT',
      '/api/account',
      { action: 'config' },
      fail(400, 'VALIDATION_FAILED', 'Subheadline too long', {
        field: 'config_json.copy.final.subheadline',
        issues: [{ field: 'config_json.copy.final.subheadline', message: 'Subheadline too long' }],
      }),
    )
    await openEditor()
    await user.type(headlineInput(), '!')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const final = screen.getByRole('group', { name: 'Cancellation confirmed' })
    expect(await within(final).findByText('Subheadline too long')).toBeTruthy()
    expect(toastStore.getState().toasts[0]).toMatchObject({
      title: 'Changes not saved',
      variant: 'destructive',
    })
  })
})

describe('editor: save, conflicts and discard', () => {
  it('saves with base_version and shows the new version', async () => {
    const user = userEvent.setup()
    await openEditor()
    expect(screen.getByText(/^Version 7/)).toBeTruthy()
    await user.clear(headlineInput())
    await user.type(headlineInput(), 'Hold on')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    await screen.findByText(/^Version 8/)
    const [put] = backend.calls('/api/account', 'PUT')
    expect(put?.query).toEqual({ accountId: 'acme', action: 'config', base_version: '7' })
    expect(bodyOf<{ config_json: CancelFlowConfig }>(put).config_json.copy.general.headline).toBe('Hold on')
    expect(toastStore.getState().toasts[0]).toMatchObject({ title: 'Changes saved', variant: 'success' })
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('on 409 offers to reload the newer version, and reloading replaces the draft', async () => {
    const user = userEvent.setup()
    backend.on(
      'PUT',
      '/api/account',
      { action: 'config' },
      fail(409, 'CONSTRAINT_VIOLATION', 'The configuration changed since you loaded it'),
    )
    await openEditor()
    await user.type(headlineInput(), ' mine')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const alert = await screen.findByText(/Someone else saved a newer version of this flow/)
    expect(alert).toBeTruthy()

    const theirs = createDefaultConfig()
    theirs.copy.general.headline = 'Theirs'
    backend.on('GET', '/api/account', { action: 'config' }, configResponse(theirs, 9))
    await user.click(screen.getByRole('button', { name: 'Reload latest version' }))
    await screen.findByText(/^Version 9/)
    expect(headlineInput().value).toBe('Theirs')
    expect(screen.queryByText(/Someone else saved a newer version/)).toBeNull()
  })

  it('discard goes back to the saved configuration', async () => {
    const user = userEvent.setup()
    await openEditor()
    await user.type(headlineInput(), ' edited')
    expect(screen.getByText(/unsaved changes/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Discard changes' }))
    expect(headlineInput().value).toBe('Before you go…')
    expect(previewRecorder.current()?.config.copy.general.headline).toBe('Before you go…')
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('editor: unsaved-changes guard', () => {
  it('holds in-app navigation while there are unsaved changes', async () => {
    const user = userEvent.setup()
    const { router } = await openEditor()
    await user.type(headlineInput(), '?')
    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' })
    expect(within(dialog).getByText('You have unsaved changes. Leave this page and lose them?')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/editor/')
    // Focus moves in once the dialog is up (an effect after it is drawn), not in the same task.
    const stay = within(dialog).getByRole('button', { name: 'Stay on this page' })
    await waitFor(() => expect(document.activeElement).toBe(stay))

    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(headlineInput().value).toBe('Before you go…?')

    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy()
  })

  it('lets navigation through when nothing is unsaved', async () => {
    const user = userEvent.setup()
    await openEditor()
    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy()
  })

  it('asks the browser to confirm closing the tab only while dirty', async () => {
    const user = userEvent.setup()
    await openEditor()
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      act(() => {
        window.dispatchEvent(event)
      })
      return event.defaultPrevented
    }
    expect(unload()).toBe(false)
    await user.type(headlineInput(), '!')
    expect(unload()).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Discard changes' }))
    expect(unload()).toBe(false)
  })
})

describe('editor: load failure', () => {
  it('shows the error with a retry', async () => {
    backend.on(
      'GET',
      '/api/account',
      { action: 'config' },
      fail(503, 'SERVICE_UNAVAILABLE', 'Down for maintenance'),
    )
    renderPage(<EditorPage />, { path: '/editor', url: '/editor/?account_id=acme' })
    expect(await screen.findByText('Down for maintenance')).toBeTruthy()
    backend.on('GET', '/api/account', { action: 'config' }, configResponse(createDefaultConfig(), 7))
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Cancel flow editor' })).toBeTruthy()
  })
})
