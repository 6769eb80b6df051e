import { invalidRequest, missingParameter, resourceMissing } from '../errors'
import type { FormValue } from '../form-codec'
import { accepted, mergeMetadata, type Params, p, type Spec } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import {
  CANCELLATION_FEEDBACK,
  type PriceRecord,
  type SubscriptionItemRecord,
  type SubscriptionRecord,
} from '../types'
import { commitDiscounts, type DiscountInput, discountsSpec, dropDiscounts, planDiscounts } from './discounts'
import {
  checkItemPrices,
  type ItemInput,
  itemSpec,
  newItem,
  nextPeriodEnd,
  periodEnd,
  recordProration,
  requireSubscription,
  resolveItemPrice,
} from './subscription-items'
import { isEnded } from './subscription-lifecycle'

const CANCEL_AT_KEYWORDS = ['max_period_end', 'min_period_end', 'max_billed_until'] as const

/** `cancel_at`: a timestamp, one of Stripe's keywords, or `''` to clear. Parsed in `parseCancelAt`. */
export const cancelScheduleSpec: Spec = p.any()

function parseCancelAt(value: unknown): number | string | null | undefined {
  if (value === undefined) return undefined
  if (value === '') return null
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value)
  if (typeof value === 'string' && (CANCEL_AT_KEYWORDS as readonly string[]).includes(value)) return value
  throw invalidRequest(`Invalid cancel_at: ${JSON.stringify(value as FormValue)}`, { param: 'cancel_at' })
}

/**
 * `cancel_at_period_end` / `cancel_at`. Scheduling a cancellation records when it was asked for
 * (`canceled_at`) and why (`cancellation_details.reason`); unscheduling clears both.
 */
export function applyCancelSchedule(ctx: RouteContext, sub: SubscriptionRecord, params: Params): void {
  const atPeriodEnd = params.cancel_at_period_end as boolean | undefined
  const cancelAt = parseCancelAt(params.cancel_at)
  if (atPeriodEnd === true && cancelAt !== undefined && cancelAt !== null) {
    throw invalidRequest('You may only specify one of these parameters: cancel_at, cancel_at_period_end.', {
      param: 'cancel_at',
    })
  }
  const schedule = (at: number): void => {
    sub.cancel_at = at
    sub.canceled_at = ctx.now
    sub.cancellation_details.reason = 'cancellation_requested'
  }
  if (atPeriodEnd === true) {
    sub.cancel_at_period_end = true
    schedule(periodEnd(sub))
  } else if (cancelAt !== undefined && cancelAt !== null) {
    const ends = sub.items.map((item) => item.current_period_end)
    const at =
      typeof cancelAt === 'number'
        ? cancelAt
        : cancelAt === 'min_period_end'
          ? Math.min(...ends)
          : Math.max(...ends)
    if (at <= ctx.now)
      throw invalidRequest('Invalid cancel_at: must be in the future', { param: 'cancel_at' })
    sub.cancel_at_period_end = false
    schedule(at)
  } else if (atPeriodEnd === false || cancelAt === null) {
    sub.cancel_at_period_end = false
    sub.cancel_at = null
    sub.canceled_at = null
    sub.cancellation_details.reason = null
  }
}

interface PlannedItem {
  item: SubscriptionItemRecord | null
  price: PriceRecord
  inline: boolean
  quantity: number
  metadata: Record<string, string | null> | null | undefined
  deleted: boolean
}

/** Works out the item list after the update, validating everything before anything changes. */
function planItems(ctx: RouteContext, sub: SubscriptionRecord, inputs: ItemInput[]): PlannedItem[] {
  const current = (item: SubscriptionItemRecord): PriceRecord => {
    const price = ctx.state.prices.get(item.price)
    if (!price) throw new Error(`Fake invariant: price ${item.price} missing`)
    return price
  }
  const byId = new Map<string, PlannedItem>()
  const added: PlannedItem[] = []
  inputs.forEach((input, i) => {
    const resolved = resolveItemPrice(ctx, input, `items[${i}]`)
    if (input.id !== undefined) {
      const item = sub.items.find((candidate) => candidate.id === input.id)
      if (!item) throw resourceMissing('subscription item', input.id, `items[${i}][id]`)
      if (byId.has(item.id)) {
        throw invalidRequest(`You cannot update the same subscription item twice: ${item.id}`, {
          param: 'items',
        })
      }
      byId.set(item.id, {
        item,
        price: resolved?.price ?? current(item),
        inline: resolved?.inline ?? false,
        quantity: input.quantity ?? item.quantity,
        metadata: input.metadata,
        deleted: input.deleted === true,
      })
      return
    }
    if (input.deleted) throw missingParameter(`items[${i}][id]`)
    if (!resolved) throw missingParameter(`items[${i}][price]`)
    added.push({
      ...resolved,
      item: null,
      quantity: input.quantity ?? 1,
      metadata: input.metadata,
      deleted: false,
    })
  })
  const planned = sub.items
    .map(
      (item): PlannedItem =>
        byId.get(item.id) ?? {
          item,
          price: current(item),
          inline: false,
          quantity: item.quantity,
          metadata: undefined,
          deleted: false,
        },
    )
    .concat(added)
  const remaining = planned.filter((entry) => !entry.deleted)
  if (remaining.length === 0) {
    throw invalidRequest(
      'A subscription must keep at least one item. To end it, cancel the subscription instead.',
      {
        param: 'items',
      },
    )
  }
  checkItemPrices(
    remaining.map((entry) => entry.price),
    sub.currency,
    sub.billing_mode.type,
  )
  return planned
}

type Behavior = 'create_prorations' | 'none' | 'always_invoice'

function commitItems(
  ctx: RouteContext,
  sub: SubscriptionRecord,
  planned: PlannedItem[],
  behavior: Behavior,
): void {
  const anchor = sub.items[0] as SubscriptionItemRecord
  const prorate = (item: SubscriptionItemRecord, change: Parameters<typeof recordProration>[3]): void => {
    if (behavior !== 'none') recordProration(ctx, sub, item, change, behavior)
  }
  const next: SubscriptionItemRecord[] = []
  let intervalChanged = false
  for (const entry of planned) {
    if (entry.inline) ctx.state.prices.add(entry.price)
    if (!entry.item) {
      // New items join the current period (classic) or start their own (flexible).
      const period =
        sub.billing_mode.type === 'classic'
          ? { start: anchor.current_period_start, end: anchor.current_period_end }
          : { start: ctx.now, end: nextPeriodEnd(ctx.now, entry.price) }
      const item = newItem(sub.id, entry.price, entry.quantity, period, ctx.now)
      item.metadata = mergeMetadata({}, entry.metadata)
      prorate(item, { from: null, fromQuantity: 0, to: entry.price, toQuantity: entry.quantity })
      next.push(item)
      continue
    }
    const item = entry.item
    const old = ctx.state.prices.get(item.price) as PriceRecord
    if (entry.deleted) {
      prorate(item, { from: old, fromQuantity: item.quantity, to: null, toQuantity: 0 })
      continue
    }
    const sameInterval =
      old.recurring?.interval === entry.price.recurring?.interval &&
      old.recurring?.interval_count === entry.price.recurring?.interval_count
    if (old.id !== entry.price.id || item.quantity !== entry.quantity) {
      // An interval change restarts the billing period now and bills the credit immediately.
      const change = {
        from: old,
        fromQuantity: item.quantity,
        to: sameInterval ? entry.price : null,
        toQuantity: entry.quantity,
      }
      if (sameInterval) prorate(item, change)
      else if (behavior !== 'none') recordProration(ctx, sub, item, change, 'always_invoice')
    }
    if (!sameInterval) intervalChanged = true
    item.price = entry.price.id
    item.quantity = entry.quantity
    item.metadata = mergeMetadata(item.metadata, entry.metadata)
    next.push(item)
  }
  sub.items = next
  if (intervalChanged) resetPeriods(ctx, sub)
}

/** Restarts every item's period at now (`billing_cycle_anchor=now`, interval changes, trial end). */
function resetPeriods(ctx: RouteContext, sub: SubscriptionRecord): void {
  for (const item of sub.items) {
    item.current_period_start = ctx.now
    item.current_period_end = nextPeriodEnd(ctx.now, ctx.state.prices.get(item.price) as PriceRecord)
  }
  sub.billing_cycle_anchor = ctx.now
}

function applyTrialEnd(ctx: RouteContext, sub: SubscriptionRecord, value: number | 'now' | undefined): void {
  if (value === undefined) return
  if (value === 'now') {
    if (sub.status !== 'trialing') return
    sub.status = 'active'
    sub.trial_end = ctx.now
    resetPeriods(ctx, sub)
    return
  }
  if (value <= ctx.now) {
    throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', {
      param: 'trial_end',
    })
  }
  sub.status = 'trialing'
  sub.trial_start = sub.trial_start ?? ctx.now
  sub.trial_end = value
  for (const item of sub.items) item.current_period_end = value
}

const CANCELED_EDITABLE = new Set(['cancellation_details', 'metadata', 'expand'])

function update(ctx: RouteContext): Record<string, unknown> {
  const sub = requireSubscription(ctx, ctx.path.id as string)
  const params = ctx.params
  if (isEnded(sub) && Object.keys(params).some((key) => !CANCELED_EDITABLE.has(key))) {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.')
  }
  const before = renderRecord(ctx.state, sub)
  const behavior = (params.proration_behavior as Behavior | undefined) ?? 'create_prorations'
  const planned = params.items ? planItems(ctx, sub, params.items as ItemInput[]) : null
  const discountInputs = params.discounts as DiscountInput[] | null | undefined
  const discountPlan =
    discountInputs === undefined || discountInputs === null
      ? null
      : planDiscounts(ctx, discountInputs, {
          customer: sub.customer,
          currency: sub.currency,
          existing: sub.discounts,
        })
  const pause = params.pause_collection as { behavior: 'void'; resumes_at?: number } | null | undefined
  if (pause?.resumes_at !== undefined && pause.resumes_at <= ctx.now) {
    throw invalidRequest('Invalid pause_collection[resumes_at]: must be in the future', {
      param: 'pause_collection[resumes_at]',
    })
  }

  if (planned) commitItems(ctx, sub, planned, behavior)
  const anchor = params.billing_cycle_anchor as { type: 'now' | 'unchanged' } | undefined
  if (anchor?.type === 'now') resetPeriods(ctx, sub)
  applyTrialEnd(ctx, sub, params.trial_end as number | 'now' | undefined)
  // A scheduled "cancel at period end" follows the period if the update moved it.
  if (sub.cancel_at_period_end) sub.cancel_at = periodEnd(sub)
  applyCancelSchedule(ctx, sub, params)
  if (discountInputs !== undefined) {
    const kept = discountPlan
      ? discountPlan.flatMap((entry) => (entry.kind === 'keep' ? [entry.id] : []))
      : []
    dropDiscounts(ctx, sub.discounts, kept)
    sub.discounts = discountPlan
      ? commitDiscounts(ctx, discountPlan, { customer: sub.customer, subscription: sub.id })
      : []
  }
  if (pause !== undefined)
    sub.pause_collection = pause ? { behavior: pause.behavior, resumes_at: pause.resumes_at ?? null } : null
  const details = params.cancellation_details as
    | { comment?: string | null; feedback?: string | null }
    | undefined
  if (details?.comment !== undefined) sub.cancellation_details.comment = details.comment
  if (details?.feedback !== undefined) sub.cancellation_details.feedback = details.feedback
  sub.metadata = mergeMetadata(
    sub.metadata,
    params.metadata as Record<string, string | null> | null | undefined,
  )
  if (params.description !== undefined) sub.description = (params.description as string | null) || null
  if (params.collection_method !== undefined) {
    sub.collection_method = params.collection_method as SubscriptionRecord['collection_method']
  }

  const after = renderRecord(ctx.state, sub)
  if (JSON.stringify(after) !== JSON.stringify(before))
    ctx.emit('customer.subscription.updated', after, before)
  return after
}

export const subscriptionUpdateRoute: Route = {
  method: 'POST',
  path: '/v1/subscriptions/:id',
  resource: 'subscriptions',
  params: {
    items: p.array(itemSpec(true)),
    proration_behavior: p.enum(['always_invoice', 'create_prorations', 'none']),
    proration_date: p.integer(),
    discounts: discountsSpec,
    pause_collection: p.object(
      {
        behavior: p.enum(['keep_as_draft', 'mark_uncollectible', 'void'], { required: true }),
        resumes_at: p.integer(),
      },
      { emptyable: true },
    ),
    cancel_at_period_end: p.boolean(),
    cancel_at: cancelScheduleSpec,
    cancellation_details: p.object({
      comment: p.string({ emptyable: true }),
      feedback: p.enum(CANCELLATION_FEEDBACK, { emptyable: true }),
      feedback_option: p.string(),
    }),
    metadata: p.metadata(),
    description: p.string({ emptyable: true }),
    trial_end: p.nowOrTimestamp(),
    billing_cycle_anchor: p.object({ type: p.enum(['now', 'unchanged'], { required: true }) }),
    collection_method: p.enum(['charge_automatically', 'send_invoice']),
    days_until_due: p.integer(),
    ...accepted('add_invoice_items', 'application_fee_percent', 'automatic_tax', 'billing_schedules'),
    ...accepted('billing_thresholds', 'default_payment_method', 'default_source', 'default_tax_rates'),
    ...accepted('invoice_settings', 'off_session', 'on_behalf_of', 'payment_behavior', 'payment_settings'),
    ...accepted('pending_invoice_item_interval', 'transfer_data', 'trial_from_plan', 'trial_settings'),
  },
  handle: update,
}
