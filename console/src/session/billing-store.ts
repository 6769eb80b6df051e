import type { BillingStatus } from '@retainkit/shared/billing'
import { useEffect } from 'react'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { getBillingStatus } from '../lib/api'
import { useSession } from './session-store'

/**
 * The active account's plan, trial and usage (`GET /api/billing/status/{accountId}`), shared by the
 * navigation badge, the notices, Settings and the dashboard. Tiers change outside the console — a
 * Stripe webhook after Checkout or the portal, the end of a trial or a grace period, an operator's
 * `npm run admin` — so the status is polled, faster while a payment is being confirmed.
 */

/** How often the status is read while the console is open. */
export const BILLING_POLL_MS = 15_000
/** How often while waiting for Stripe's webhook after Checkout, and for how long. */
export const BILLING_FAST_POLL_MS = 2_000
export const BILLING_FAST_POLL_FOR_MS = 90_000

interface BillingState {
  accountId: string | null
  status: BillingStatus | null
  /** Until when to poll fast (after returning from Checkout or the portal). */
  fastUntil: number
  refresh(accountId: string): Promise<void>
  pollFast(): void
  clear(): void
}

export const billingStore = createStore<BillingState>()((set, get) => ({
  accountId: null,
  status: null,
  fastUntil: 0,
  async refresh(accountId) {
    if (get().accountId !== accountId) set({ accountId, status: null })
    const result = await getBillingStatus(accountId)
    // Another account became active meanwhile: this answer is not for it.
    if (get().accountId !== accountId || result.error) return
    set({ status: result.data })
  },
  pollFast() {
    set({ fastUntil: Date.now() + BILLING_FAST_POLL_FOR_MS })
  },
  clear() {
    set({ accountId: null, status: null, fastUntil: 0 })
  },
}))

export function useBillingStatus(): BillingStatus | null {
  const accountId = useSession((state) => state.active_account_id)
  const status = useStore(billingStore, (state) => state.status)
  return status && status.account_id === accountId ? status : null
}

/** Reads the status now, then on a timer, and again when the tab comes back to the foreground. */
export function useBillingPolling(): void {
  const accountId = useSession((state) => state.active_account_id)
  const fastUntil = useStore(billingStore, (state) => state.fastUntil)
  useEffect(() => {
    if (!accountId) {
      billingStore.getState().clear()
      return
    }
    const refresh = () => void billingStore.getState().refresh(accountId)
    refresh()
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      const fast = Date.now() < fastUntil
      timer = setTimeout(
        () => {
          if (document.visibilityState !== 'hidden') refresh()
          schedule()
        },
        fast ? BILLING_FAST_POLL_MS : BILLING_POLL_MS,
      )
    }
    schedule()
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [accountId, fastUntil])
}
