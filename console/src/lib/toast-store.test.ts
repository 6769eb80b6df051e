import { TOAST_REMOVE_DELAY_MS, TOASTS_SHOWN_AT_ONCE } from '@retainkit/shared/constants'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismissToast, resetToasts, toast, toastStore } from './toast-store'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  resetToasts()
  vi.useRealTimers()
})

describe('toasts', () => {
  it('shows one toast at a time: the newest replaces the one on screen', () => {
    expect(TOASTS_SHOWN_AT_ONCE).toBe(1)
    toast({ title: 'First' })
    toast({ title: 'Second', variant: 'destructive' })
    const { toasts } = toastStore.getState()
    expect(toasts.map((item) => item.title)).toEqual(['Second'])
    expect(toasts[0]?.variant).toBe('destructive')
    expect(toasts[0]?.open).toBe(true)
  })

  it('removes a dismissed toast 10 s after the dismissal', () => {
    expect(TOAST_REMOVE_DELAY_MS).toBe(10_000)
    const id = toast({ title: 'Saved', description: 'All good' })
    vi.advanceTimersByTime(3_000)
    dismissToast(id)
    expect(toastStore.getState().toasts[0]).toMatchObject({ id, open: false })
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1)
    expect(toastStore.getState().toasts).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(toastStore.getState().toasts).toHaveLength(0)
  })

  it('keeps an undismissed toast in the store', () => {
    toast({ title: 'Stays', durationMs: 0 })
    vi.advanceTimersByTime(60_000)
    expect(toastStore.getState().toasts).toHaveLength(1)
  })

  it('dismissing twice schedules one removal', () => {
    const id = toast({ title: 'Once' })
    dismissToast(id)
    vi.advanceTimersByTime(5_000)
    dismissToast(id)
    vi.advanceTimersByTime(5_000)
    expect(toastStore.getState().toasts).toHaveLength(0)
  })
})
