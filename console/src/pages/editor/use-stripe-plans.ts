import type { StripePlan } from '@retainkit/shared/api'
import { useEffect, useState } from 'react'
import { getStripePlans } from '../../lib/api'
import type { ApiError } from '../../lib/api-client'

export type StripePlansState =
  | { status: 'loading' }
  | { status: 'ready'; plans: StripePlan[] }
  | { status: 'error'; error: ApiError }

/**
 * The merchant's Stripe prices for the plan pickers, loaded once per editor. Failure is normal (Stripe
 * not connected yet) and only switches the pickers to manual entry.
 */
export function useStripePlans(accountId: string, enabled: boolean): StripePlansState {
  const [state, setState] = useState<StripePlansState>({ status: 'loading' })
  useEffect(() => {
    if (!enabled) return
    let live = true
    setState({ status: 'loading' })
    getStripePlans(accountId).then((result) => {
      if (!live) return
      setState(
        result.error
          ? { status: 'error', error: result.error }
          : { status: 'ready', plans: result.data ?? [] },
      )
    })
    return () => {
      live = false
    }
  }, [accountId, enabled])
  return state
}

/** The plan entry a Stripe price becomes: the price id, a readable name and its display price. */
export function planFromStripe(price: StripePlan): { id: string; name: string; price: string } {
  const name = price.nickname?.trim() ? `${price.product_name} – ${price.nickname}` : price.product_name
  return { id: price.id, name: name.slice(0, 100), price: price.display.slice(0, 50) }
}
