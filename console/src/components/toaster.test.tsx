import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_TOAST_DURATION_MS, toast, toastStore } from '../lib/toast-store'
import { registerConsoleCleanup } from '../test-support/render-console'
import { Toaster } from './toaster'

registerConsoleCleanup()

describe('Toaster', () => {
  it('announces errors as alerts and other toasts as status, in a labelled region', () => {
    render(<Toaster />)
    const region = screen.getByRole('region', { name: 'Notifications' })
    act(() => void toast({ title: 'Saved', description: 'Your account is up to date.' }))
    expect(within(region).getByRole('status').textContent).toContain('Your account is up to date.')
    act(() => void toast({ title: 'Failed', description: 'Try again.', variant: 'destructive' }))
    expect(within(region).getByRole('alert').textContent).toContain('Failed')
    expect(within(region).queryByRole('status')).toBeNull()
  })

  it('dismisses with its close button and on its own after its duration', async () => {
    const user = userEvent.setup()
    render(<Toaster />)
    act(() => void toast({ title: 'Closable' }))
    await user.click(screen.getByRole('button', { name: 'Dismiss notification: Closable' }))
    expect(screen.queryByText('Closable')).toBeNull()
    expect(toastStore.getState().toasts[0]?.open).toBe(false)

    vi.useFakeTimers()
    act(() => void toast({ title: 'Fleeting' }))
    expect(screen.getByText('Fleeting')).toBeTruthy()
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION_MS.default))
    expect(screen.queryByText('Fleeting')).toBeNull()
  })
})
