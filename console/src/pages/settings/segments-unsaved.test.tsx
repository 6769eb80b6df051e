import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { previewRecorder } from '../../features/test-support/preview-mock'
import { toastStore } from '../../lib/toast-store'
import { registerConsoleCleanup } from '../../test-support/render-console'
import { backendWith, SAVE } from './segments/segments-test-support'
import { SegmentsSettings } from './segments-settings'
import { renderSection } from './settings-test-support'

vi.mock(
  '../../features/preview/widget-preview-entry',
  () => import('../../features/test-support/preview-mock'),
)
registerConsoleCleanup()

beforeEach(() => previewRecorder.reset())

/** Whether closing or reloading the tab now would make the browser ask first. */
function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true })
  act(() => {
    window.dispatchEvent(event)
  })
  return event.defaultPrevented
}

const savedToast = () => toastStore.getState().toasts.find((toast) => toast.title === 'Segments saved')

const condition = () =>
  within(screen.getByRole('listitem', { name: /1\. Annual/ })).getByRole('group', { name: 'Condition 1' })

describe('the segments page with unsaved edits', () => {
  it('asks first when leaving with an edited rule, in a labelled dialog that keeps focus, and keeps the edits on "stay"', async () => {
    const user = userEvent.setup()
    const { router } = renderSection(<SegmentsSettings accountId="acme" />, { backend: backendWith() })
    await screen.findByRole('listitem', { name: /1\. Annual/ })
    const interval = within(condition()).getByLabelText('Value')
    await user.selectOptions(interval, 'month')
    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(within(dialog).getByText('You have unsaved changes. Leave this page and lose them?')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/settings/')
    const stay = within(dialog).getByRole('button', { name: 'Stay on this page' })
    const leave = within(dialog).getByRole('button', { name: 'Leave without saving' })
    // Focus moves in once the dialog is up (an effect after it is drawn), not in the same task.
    await waitFor(() => expect(document.activeElement).toBe(stay))
    // Tab and Shift+Tab go round the two buttons and never leave the dialog.
    await user.tab()
    expect(document.activeElement).toBe(leave)
    await user.tab()
    expect(document.activeElement).toBe(stay)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(leave)

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/settings/')
    expect((within(condition()).getByLabelText('Value') as HTMLSelectElement).value).toBe('month')

    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy()
  })

  it("asks the browser before closing the tab only while a segment's flow or rules differ from the saved ones", async () => {
    const backend = backendWith()
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend })
    await user.click(await screen.findByRole('button', { name: 'Edit the flow of Annual' }))
    expect(unloadAsks()).toBe(false)

    const flow = screen.getByRole('region', { name: 'Flow of Annual' })
    const headline = within(flow)
      .getAllByRole('textbox')
      .find((box) => box.id === 'editor-copy-general-headline')
    if (!headline) throw new Error('the copy section has no headline field')
    await user.type(headline, '!')
    expect(unloadAsks()).toBe(true)
    // Typed back to what is saved: nothing is lost by leaving, so nothing asks.
    await user.type(headline, '{Backspace}')
    expect(unloadAsks()).toBe(false)

    await user.type(headline, '!')
    await user.click(screen.getByRole('button', { name: 'Save segments' }))
    await waitFor(() => expect(backend.requestsTo(SAVE)).toHaveLength(1))
    await waitFor(() => expect(savedToast()).toBeTruthy())
    expect(unloadAsks()).toBe(false)
  })

  it('lets navigation through at once when nothing changed, and once the edits are saved', async () => {
    const backend = backendWith()
    const user = userEvent.setup()
    const first = renderSection(<SegmentsSettings accountId="acme" />, { backend })
    await screen.findByLabelText('Segment name')
    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy()
    first.unmount()

    renderSection(<SegmentsSettings accountId="acme" />, { backend })
    await user.type(await screen.findByLabelText('Segment name'), ' members')
    await user.click(screen.getByRole('button', { name: 'Add segment' }))
    await user.click(screen.getByRole('button', { name: 'Save segments' }))
    await waitFor(() => expect(backend.requestsTo(SAVE)).toHaveLength(1))
    await waitFor(() => expect(savedToast()).toBeTruthy())
    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('never asks a viewer, who cannot change anything', async () => {
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend: backendWith(), role: 'viewer' })
    await screen.findByRole('button', { name: 'Show the flow of Annual' })
    expect(unloadAsks()).toBe(false)
    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy()
  })
})
