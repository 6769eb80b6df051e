import { invalidRequest, missingParameter, resourceMissing } from '../errors'
import { newId } from '../ids'
import { paginate } from '../pagination'
import { accepted, mergeMetadata, type Params, p } from '../params'
import { rangeFilter } from '../range'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import { addDays } from '../time'
import { CANCELLATION_FEEDBACK, type PriceRecord, type SubscriptionRecord } from '../types'
import { requireCustomer } from './customer-lookup'
import { commitDiscounts, type DiscountInput, discountsSpec, planDiscounts } from './discounts'
import { invoiceSubscription } from './invoices'
import {
  checkItemPrices,
  type ItemInput,
  itemSpec,
  newItem,
  nextPeriodEnd,
  requireSubscription,
  resolveItemPrice,
} from './subscription-items'
import { cancelSubscriptionNow, isEnded } from './subscription-lifecycle'
import { applyCancelSchedule, cancelScheduleSpec, subscriptionUpdateRoute } from './subscription-update'

export const STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'paused',
  'incomplete',
  'incomplete_expired',
  'unpaid',
] as const

/** A payment method must belong to the subscription's customer, as on Stripe. */
function paymentMethodOf(ctx: RouteContext, id: unknown, customer: string): string | null {
  if (id === undefined) return null
  const method = ctx.state.paymentMethods.get(id as string)
  if (!method) throw resourceMissing('PaymentMethod', id as string, 'default_payment_method')
  if (method.customer !== customer) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${method.id}. The payment method must be attached to the customer.`,
      { param: 'default_payment_method' },
    )
  }
  return method.id
}

export const billingModeSpec = p.object({
  type: p.enum(['classic', 'flexible'], { required: true }),
  flexible: p.object({ proration_discounts: p.enum(['included', 'itemized']) }),
})

/** Stripe answers for an already-canceled subscription as if it no longer existed. */
function requireLiveSubscription(ctx: RouteContext): SubscriptionRecord {
  const sub = requireSubscription(ctx, ctx.path.id as string)
  if (isEnded(sub)) throw resourceMissing('subscription', sub.id)
  return sub
}

function trialEnd(ctx: RouteContext, params: Params): number | null {
  const given = params.trial_end as number | 'now' | undefined
  if (given === 'now') return null
  if (given !== undefined) {
    if (given <= ctx.now) {
      throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', {
        param: 'trial_end',
      })
    }
    return given
  }
  const days = params.trial_period_days as number | undefined
  return days ? addDays(ctx.now, days) : null
}

/** Also used by Checkout, which creates the subscription when its page is paid. */
export function createSubscription(ctx: RouteContext): Record<string, unknown> {
  const params = ctx.params
  if (params.customer === undefined) throw missingParameter('customer')
  const customer = requireCustomer(ctx, params.customer as string, 'customer')
  const inputs = (params.items as ItemInput[] | undefined) ?? []
  if (inputs.length === 0) throw missingParameter('items')
  const resolved = inputs.map((input, i) => {
    const found = resolveItemPrice(ctx, input, `items[${i}]`)
    if (!found) throw missingParameter(`items[${i}][price]`)
    // Metered prices bill by reported usage: Stripe refuses a quantity for them.
    if (found.price.recurring?.usage_type === 'metered') {
      if (input.quantity !== undefined) {
        throw invalidRequest(
          `Quantity should not be specified where usage_type is \`metered\`. Remove quantity from \`items[${i}]\`.`,
          { param: `items[${i}][quantity]` },
        )
      }
      return { ...found, quantity: 0, metadata: input.metadata }
    }
    return { ...found, quantity: input.quantity ?? 1, metadata: input.metadata }
  })
  const prices: PriceRecord[] = resolved.map((entry) => entry.price)
  const mode = ((params.billing_mode as { type?: 'classic' | 'flexible' } | undefined)?.type ?? 'flexible') as
    | 'classic'
    | 'flexible'
  const currency = (
    (params.currency as string | undefined) ?? (prices[0] as PriceRecord).currency
  ).toLowerCase()
  checkItemPrices(prices, currency, mode)
  const trial = trialEnd(ctx, params)
  const discountPlan = planDiscounts(ctx, (params.discounts as DiscountInput[] | null | undefined) ?? [], {
    customer: customer.id,
    currency,
    existing: [],
  })

  const id = newId('sub')
  const sub: SubscriptionRecord = {
    id,
    object: 'subscription',
    billing_cycle_anchor: trial ?? ctx.now,
    billing_mode:
      mode === 'flexible'
        ? { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: ctx.now }
        : { type: 'classic', flexible: null },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method:
      (params.collection_method as SubscriptionRecord['collection_method']) ?? 'charge_automatically',
    created: ctx.now,
    currency,
    customer: customer.id,
    default_payment_method: paymentMethodOf(ctx, params.default_payment_method, customer.id),
    description: (params.description as string | undefined) ?? null,
    discounts: [],
    ended_at: null,
    items: resolved.map((entry) => {
      const end = trial ?? nextPeriodEnd(ctx.now, entry.price)
      const item = newItem(id, entry.price, entry.quantity, { start: ctx.now, end }, ctx.now)
      item.metadata = mergeMetadata({}, entry.metadata)
      return item
    }),
    latest_invoice: null,
    metadata: mergeMetadata({}, params.metadata as Record<string, string | null>),
    pause_collection: null,
    schedule: null,
    // Stripe dates a backdated subscription's start in the past (the current period still starts now).
    start_date:
      typeof params.backdate_start_date === 'number'
        ? Math.min(params.backdate_start_date, ctx.now)
        : ctx.now,
    status: trial ? 'trialing' : 'active',
    trial_end: trial,
    trial_start: trial ? ctx.now : null,
  }
  applyCancelSchedule(ctx, sub, params)
  for (const entry of resolved) if (entry.inline) ctx.state.prices.add(entry.price)
  ctx.state.subscriptions.add(sub)
  sub.discounts = commitDiscounts(ctx, discountPlan, { customer: customer.id, subscription: id })
  const out = renderRecord(ctx.state, sub)
  ctx.emit('customer.subscription.created', out)
  return out
}

function list(ctx: RouteContext): Record<string, unknown> {
  const q = ctx.params as { customer?: string; price?: string; plan?: string; status?: string }
  const priceId = q.price ?? q.plan
  const created = rangeFilter(ctx.params, 'created')
  const all = ctx.state.subscriptions.list().filter((sub) => {
    if (!created(sub.created)) return false
    if (q.customer !== undefined && sub.customer !== q.customer) return false
    if (priceId !== undefined && !sub.items.some((item) => item.price === priceId)) return false
    // Without a status filter Stripe leaves out canceled subscriptions.
    if (q.status === undefined) return !isEnded(sub)
    if (q.status === 'all') return true
    if (q.status === 'ended') return isEnded(sub)
    return sub.status === q.status
  })
  const page = paginate(all, ctx.params, '/v1/subscriptions', 'subscription')
  return { ...page, data: page.data.map((sub) => renderRecord(ctx.state, sub)) }
}

function pause(ctx: RouteContext): Record<string, unknown> {
  const sub = requireLiveSubscription(ctx)
  // The pause endpoint exists only for flexible billing mode; classic subscriptions keep
  // `pause_collection`, which pauses payment collection but not the subscription.
  if (sub.billing_mode.type !== 'flexible') {
    throw invalidRequest(
      `Subscriptions using \`classic\` billing mode can't be paused. Migrate the subscription to \`flexible\` billing mode (POST /v1/subscriptions/${sub.id}/migrate) or pause payment collection with \`pause_collection\` instead.`,
      { param: 'billing_mode' },
    )
  }
  if (sub.schedule !== null) {
    throw invalidRequest('You cannot pause a subscription that has an attached subscription schedule.')
  }
  if (sub.status === 'paused') throw invalidRequest(`Subscription ${sub.id} is already paused.`)
  if (!['active', 'trialing', 'past_due'].includes(sub.status)) {
    throw invalidRequest(`A subscription with status \`${sub.status}\` cannot be paused.`)
  }
  const before = renderRecord(ctx.state, sub)
  sub.status = 'paused'
  sub.status_details = {
    paused: { subscription: { type: 'pause_requested' }, transitioned_at: ctx.now, type: 'subscription' },
  }
  const after = renderRecord(ctx.state, sub)
  ctx.emit('customer.subscription.paused', after)
  ctx.emit('customer.subscription.updated', after, before)
  return after
}

function resume(ctx: RouteContext): Record<string, unknown> {
  const sub = requireLiveSubscription(ctx)
  if (sub.status !== 'paused') {
    throw invalidRequest(
      `Subscription ${sub.id} cannot be resumed because its status is \`${sub.status}\`. Only subscriptions with \`status=paused\` can be resumed.`,
    )
  }
  const before = renderRecord(ctx.state, sub)
  const anchor = (ctx.params.billing_cycle_anchor as { type: string } | undefined)?.type ?? 'now'
  for (const item of sub.items) {
    const price = ctx.state.prices.get(item.price)
    if (!price) continue
    if (anchor === 'now' || item.current_period_end <= ctx.now) {
      item.current_period_start = ctx.now
      item.current_period_end = nextPeriodEnd(ctx.now, price)
    }
  }
  if (anchor === 'now') sub.billing_cycle_anchor = ctx.now
  sub.status = 'active'
  sub.status_details = undefined
  const after = renderRecord(ctx.state, sub)
  ctx.emit('customer.subscription.resumed', after)
  ctx.emit('customer.subscription.updated', after, before)
  return after
}

export const subscriptionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/subscriptions',
    resource: 'subscriptions',
    params: {
      customer: p.string(),
      items: p.array(itemSpec(false)),
      discounts: discountsSpec,
      trial_period_days: p.integer({ min: 0, max: 730 }),
      trial_end: p.nowOrTimestamp(),
      metadata: p.metadata(),
      billing_mode: billingModeSpec,
      cancel_at_period_end: p.boolean(),
      cancel_at: cancelScheduleSpec,
      proration_behavior: p.enum(['always_invoice', 'create_prorations', 'none']),
      collection_method: p.enum(['charge_automatically', 'send_invoice']),
      currency: p.string(),
      description: p.string(),
      days_until_due: p.integer(),
      ...accepted('add_invoice_items', 'application_fee_percent', 'automatic_tax'),
      backdate_start_date: p.integer(),
      ...accepted(
        'billing_cycle_anchor',
        'billing_cycle_anchor_config',
        'billing_schedules',
        'billing_thresholds',
      ),
      default_payment_method: p.string(),
      ...accepted('customer_account', 'default_source', 'default_tax_rates'),
      ...accepted('invoice_settings', 'off_session', 'on_behalf_of', 'payment_behavior', 'payment_settings'),
      ...accepted('pending_invoice_item_interval', 'transfer_data', 'trial_from_plan', 'trial_settings'),
    },
    handle: (ctx) => {
      const created = createSubscription(ctx)
      // A subscription that pays by card is invoiced and charged at once (a trial defers it).
      const sub = ctx.state.subscriptions.get(created.id as string)
      if (sub?.status !== 'active') return created
      return invoiceSubscription(ctx, sub, 'subscription_create', null)
        ? renderRecord(ctx.state, sub)
        : created
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    resource: 'subscriptions',
    params: {},
    handle: (ctx) => renderRecord(ctx.state, requireSubscription(ctx, ctx.path.id as string)),
  },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    resource: 'subscriptions',
    list: true,
    params: {
      customer: p.string(),
      price: p.string(),
      plan: p.string(),
      status: p.enum([...STATUSES, 'all', 'ended']),
      // An exact time or gt/gte/lt/lte bounds, checked by rangeFilter.
      created: p.any(),
      ...accepted('automatic_tax', 'collection_method', 'current_period_end', 'current_period_start'),
      ...accepted('customer_account', 'test_clock'),
    },
    handle: list,
  },
  subscriptionUpdateRoute,
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    resource: 'subscriptions',
    params: {
      cancellation_details: p.object({
        comment: p.string({ emptyable: true }),
        feedback: p.enum(CANCELLATION_FEEDBACK, { emptyable: true }),
      }),
      invoice_now: p.boolean(),
      prorate: p.boolean(),
    },
    handle: (ctx) => {
      const sub = requireLiveSubscription(ctx)
      const details = ctx.params.cancellation_details as
        | { comment?: string | null; feedback?: string | null }
        | undefined
      cancelSubscriptionNow(ctx, sub, {
        comment: details?.comment,
        feedback: details?.feedback,
        prorate: ctx.params.prorate as boolean | undefined,
        invoiceNow: ctx.params.invoice_now as boolean | undefined,
      })
      return renderRecord(ctx.state, sub)
    },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id/pause',
    resource: 'subscriptions',
    params: {
      type: p.enum(['subscription']),
      invoicing_behavior: p.enum(['invoice', 'pending_invoice_item']),
      ...accepted('bill_for'),
    },
    handle: pause,
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id/resume',
    resource: 'subscriptions',
    params: {
      // An object in this API version: `billing_cycle_anchor: {type: 'now' | 'unchanged'}`.
      billing_cycle_anchor: p.object({ type: p.enum(['now', 'unchanged'], { required: true }) }),
      proration_behavior: p.enum(['always_invoice', 'create_prorations', 'none']),
      payment_behavior: p.enum(['resume_on_payment_attempt', 'resume_on_payment_success']),
      proration_date: p.integer(),
    },
    handle: resume,
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id/migrate',
    resource: 'subscriptions',
    params: { billing_mode: billingModeSpec },
    handle: (ctx) => {
      const sub = requireLiveSubscription(ctx)
      const mode = ctx.params.billing_mode as { type: string } | undefined
      if (!mode) throw missingParameter('billing_mode')
      if (mode.type !== 'flexible') {
        throw invalidRequest('Subscriptions can only be migrated to `flexible` billing mode.', {
          param: 'billing_mode[type]',
        })
      }
      if (sub.billing_mode.type === 'flexible') {
        throw invalidRequest(`Subscription ${sub.id} already uses \`flexible\` billing mode.`, {
          param: 'billing_mode[type]',
        })
      }
      const before = renderRecord(ctx.state, sub)
      sub.billing_mode = {
        type: 'flexible',
        flexible: { proration_discounts: 'included' },
        updated_at: ctx.now,
      }
      const after = renderRecord(ctx.state, sub)
      ctx.emit('customer.subscription.updated', after, before)
      return after
    },
  },
]
