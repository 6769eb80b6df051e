import { newId } from '../ids'
import { renderRecord } from '../render'
import type { AccountState } from '../state'
import type { SubscriptionRecord } from '../types'
import { dropDiscounts } from './discounts'
import { attemptPayment, invoiceSubscription, pendingRetry } from './invoices'
import { type Mutator, nextPeriodEnd, periodEnd, recordProration, renewalEnd } from './subscription-items'

export const ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const

export function isEnded(sub: SubscriptionRecord): boolean {
  return (ENDED_STATUSES as readonly string[]).includes(sub.status)
}

/**
 * Ends a subscription now (`DELETE /v1/subscriptions/:id`, or deleting its customer). Pending
 * prorations are dropped unless `prorate` or `invoice_now` asks for them, as Stripe documents.
 */
export function cancelSubscriptionNow(
  ctx: Mutator,
  sub: SubscriptionRecord,
  options: { comment?: string | null; feedback?: string | null; prorate?: boolean; invoiceNow?: boolean },
): void {
  const before = renderRecord(ctx.state, sub)
  if (options.prorate) {
    for (const item of sub.items) {
      const price = ctx.state.prices.get(item.price)
      if (price) {
        const behavior = options.invoiceNow ? 'always_invoice' : 'create_prorations'
        recordProration(
          ctx,
          sub,
          item,
          { from: price, fromQuantity: item.quantity, to: null, toQuantity: 0 },
          behavior,
        )
      }
    }
  } else if (!options.invoiceNow) {
    for (const pending of ctx.state.invoiceItems.values()) {
      if (pending.subscription === sub.id && pending.invoice === null)
        ctx.state.invoiceItems.delete(pending.id)
    }
  }
  sub.status = 'canceled'
  sub.canceled_at = ctx.now
  sub.ended_at = ctx.now
  sub.cancellation_details = {
    comment: options.comment !== undefined ? options.comment : sub.cancellation_details.comment,
    feedback: options.feedback !== undefined ? options.feedback : sub.cancellation_details.feedback,
    reason: 'cancellation_requested',
  }
  sub.status_details = undefined
  ctx.emit('customer.subscription.deleted', renderRecord(ctx.state, sub), before)
}

type Transition = 'discount_end' | 'pause_resume' | 'trial_end' | 'cancel' | 'payment_retry' | 'renewal'
/** Order for transitions due at the same second: a scheduled cancel beats the renewal it replaces. */
const ORDER: Transition[] = [
  'discount_end',
  'pause_resume',
  'cancel',
  'trial_end',
  'payment_retry',
  'renewal',
]

/** The next time-based change due for this subscription, if any. */
export function nextTransition(
  state: AccountState,
  sub: SubscriptionRecord,
): { at: number; kind: Transition } | null {
  if (isEnded(sub)) return null
  const due: Array<{ at: number; kind: Transition }> = []
  for (const id of sub.discounts) {
    const end = state.discounts.get(id)?.end
    if (end !== null && end !== undefined) due.push({ at: end, kind: 'discount_end' })
  }
  if (sub.pause_collection?.resumes_at)
    due.push({ at: sub.pause_collection.resumes_at, kind: 'pause_resume' })
  if (sub.status === 'trialing' && sub.trial_end !== null) due.push({ at: sub.trial_end, kind: 'trial_end' })
  if (sub.cancel_at !== null) due.push({ at: sub.cancel_at, kind: 'cancel' })
  const retry = pendingRetry(state, sub)?.next_payment_attempt
  if (retry) due.push({ at: retry, kind: 'payment_retry' })
  // A paused subscription (pause endpoint) does not advance to new billing periods.
  if (sub.status !== 'paused') due.push({ at: periodEnd(sub), kind: 'renewal' })
  due.sort((a, b) => a.at - b.at || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))
  return due[0] ?? null
}

/** Applies one due transition at `ctx.now` (the moment it fell due), emitting Stripe's events. */
export function applyTransition(ctx: Mutator, sub: SubscriptionRecord, kind: Transition): void {
  const before = renderRecord(ctx.state, sub)
  switch (kind) {
    case 'discount_end': {
      const kept = sub.discounts.filter((id) => {
        const end = ctx.state.discounts.get(id)?.end
        return end === null || end === undefined || end > ctx.now
      })
      dropDiscounts(ctx, sub.discounts, kept)
      sub.discounts = kept
      break
    }
    case 'pause_resume':
      sub.pause_collection = null
      break
    case 'trial_end': {
      const trial = new Map(
        sub.items.map((item) => [item.id, { start: item.current_period_start, end: ctx.now }]),
      )
      sub.status = 'active'
      for (const item of sub.items) {
        const price = ctx.state.prices.get(item.price)
        if (!price) continue
        item.current_period_start = ctx.now
        item.current_period_end = nextPeriodEnd(ctx.now, price)
      }
      sub.billing_cycle_anchor = ctx.now
      ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
      invoiceSubscription(ctx, sub, 'subscription_cycle', trial)
      return
    }
    case 'payment_retry': {
      const invoice = pendingRetry(ctx.state, sub)
      if (!invoice) return
      attemptPayment(ctx, sub, invoice)
      return
    }
    case 'cancel':
      sub.status = 'canceled'
      sub.ended_at = ctx.now
      sub.canceled_at = sub.canceled_at ?? ctx.now
      sub.cancellation_details.reason = sub.cancellation_details.reason ?? 'cancellation_requested'
      sub.status_details = undefined
      ctx.emit('customer.subscription.deleted', renderRecord(ctx.state, sub), before)
      return
    case 'renewal': {
      const ended = new Map(
        sub.items.map((item) => [
          item.id,
          { start: item.current_period_start, end: item.current_period_end },
        ]),
      )
      for (const item of sub.items) {
        const price = ctx.state.prices.get(item.price)
        if (!price || item.current_period_end > ctx.now) continue
        item.current_period_start = item.current_period_end
        item.current_period_end = renewalEnd(sub.billing_cycle_anchor, price, item.current_period_end)
      }
      // A `once` coupon covers one invoice: it is used up by the renewal that follows it.
      const kept = sub.discounts.filter((id) => {
        const discount = ctx.state.discounts.get(id)
        const coupon = discount ? ctx.state.coupons.get(discount.source.coupon) : undefined
        return !(discount && discount.start < ctx.now && coupon?.duration === 'once')
      })
      dropDiscounts(ctx, sub.discounts, kept)
      sub.discounts = kept
      // Pending prorations are billed on the renewal invoice.
      const invoice = newId('in')
      for (const pending of ctx.state.invoiceItems.values()) {
        if (pending.subscription === sub.id && pending.invoice === null) pending.invoice = invoice
      }
      ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
      // Subscriptions paying by card are invoiced and charged for the period that starts now.
      invoiceSubscription(ctx, sub, 'subscription_cycle', ended)
      return
    }
  }
  ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
}
