import { TOAST_REMOVE_DELAY_MS, TOASTS_SHOWN_AT_ONCE } from '@retainkit/shared/constants'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'

/**
 * Toast notifications: at most TOASTS_SHOWN_AT_ONCE (1) shown at a time — a new toast
 * replaces the one on screen — and a dismissed toast is removed from the store TOAST_REMOVE_DELAY_MS
 * (10 s) after its dismissal, so a closing animation or a screen reader can still reach it meanwhile.
 */

export const TOAST_VARIANTS = ['default', 'success', 'destructive'] as const
export type ToastVariant = (typeof TOAST_VARIANTS)[number]

export interface ToastInput {
  title: string
  description?: string
  variant?: ToastVariant
  /** Auto-dismiss after this long; 0 keeps it until dismissed. */
  durationMs?: number
}

export interface Toast {
  id: string
  title: string
  description: string
  variant: ToastVariant
  open: boolean
  durationMs: number
}

/** Long enough to read two sentences; errors stay longer than confirmations. */
export const DEFAULT_TOAST_DURATION_MS: Readonly<Record<ToastVariant, number>> = {
  default: 5_000,
  success: 5_000,
  destructive: 8_000,
}

interface ToastState {
  toasts: Toast[]
  show(input: ToastInput): string
  dismiss(id?: string): void
  remove(id: string): void
}

let counter = 0
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

export const toastStore = createStore<ToastState>()((set, get) => {
  const scheduleRemoval = (id: string) => {
    if (removalTimers.has(id)) return
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id)
        get().remove(id)
      }, TOAST_REMOVE_DELAY_MS),
    )
  }
  return {
    toasts: [],
    show(input) {
      counter += 1
      const variant = input.variant ?? 'default'
      const toast: Toast = {
        id: `toast-${counter}`,
        title: input.title,
        description: input.description ?? '',
        variant,
        open: true,
        durationMs: input.durationMs ?? DEFAULT_TOAST_DURATION_MS[variant],
      }
      // Newest first; anything beyond the limit drops out of the store at once.
      set((state) => ({ toasts: [toast, ...state.toasts].slice(0, TOASTS_SHOWN_AT_ONCE) }))
      return toast.id
    },
    dismiss(id) {
      const targets = get().toasts.filter((toast) => id === undefined || toast.id === id)
      for (const toast of targets) scheduleRemoval(toast.id)
      set((state) => ({
        toasts: state.toasts.map((toast) =>
          id === undefined || toast.id === id ? { ...toast, open: false } : toast,
        ),
      }))
    },
    remove(id) {
      const timer = removalTimers.get(id)
      if (timer) clearTimeout(timer)
      removalTimers.delete(id)
      set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }))
    },
  }
})

/** Shows a toast; returns its id. Usable outside React (global handlers, the error handler). */
export function toast(input: ToastInput): string {
  return toastStore.getState().show(input)
}

export function dismissToast(id?: string): void {
  toastStore.getState().dismiss(id)
}

export function useToasts(): Toast[] {
  return useStore(toastStore, (state) => state.toasts)
}

/** For tests: empties the store and cancels pending removals. */
export function resetToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer)
  removalTimers.clear()
  toastStore.setState({ toasts: [] })
}
