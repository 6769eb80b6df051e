import { invalidRequest, missingParameter, resourceMissing } from '../errors'
import { newId } from '../ids'
import { accepted, p, type Spec } from '../params'
import { renderRecord } from '../render'
import type { RouteContext } from '../router'
import { addInterval, formatDate } from '../time'
import type {
  Interval,
  InvoiceItemRecord,
  PriceRecord,
  SubscriptionItemRecord,
  SubscriptionRecord,
} from '../types'
import { buildPrice, checkRecurring } from './prices'
import { requireProduct } from './products'

export type Mutator = Pick<RouteContext, 'state' | 'now' | 'emit'>

const discountEntry = p.object({ coupon: p.string(), discount: p.string(), promotion_code: p.string() })

export const priceDataSpec = p.object({
  currency: p.string({ required: true }),
  product: p.string({ required: true }),
  recurring: p.object(
    { interval: p.enum(['day', 'week', 'month', 'year'], { required: true }), interval_count: p.integer() },
    { required: true },
  ),
  unit_amount: p.integer({ min: 0 }),
  ...accepted('tax_behavior', 'unit_amount_decimal'),
})

/** Item params shared by create and update; update adds `id`, `deleted`, `clear_usage`. */
export function itemSpec(forUpdate: boolean): Spec {
  return p.object({
    price: p.string(),
    plan: p.string(),
    price_data: priceDataSpec,
    quantity: p.integer({ min: 0 }),
    metadata: p.metadata(),
    discounts: p.array(discountEntry, { emptyable: true }),
    ...accepted('billing_thresholds', 'current_trial', 'tax_rates'),
    ...(forUpdate ? { id: p.string(), deleted: p.boolean(), clear_usage: p.boolean() } : {}),
  })
}

export interface ItemInput {
  id?: string
  price?: string
  plan?: string
  price_data?: {
    currency: string
    product: string
    recurring: { interval: Interval; interval_count?: number }
    unit_amount?: number
  }
  quantity?: number
  metadata?: Record<string, string | null> | null
  deleted?: boolean
}

/**
 * Resolves an item's price. Stripe only accepts active, recurring prices of this account; an inline
 * `price_data` price is built (and stored later, on commit) so validation stays side-effect free.
 */
export function resolveItemPrice(
  ctx: RouteContext,
  input: ItemInput,
  param: string,
): { price: PriceRecord; inline: boolean } | null {
  const named = [input.price, input.plan, input.price_data].filter((value) => value !== undefined)
  if (named.length > 1) {
    throw invalidRequest('You may only specify one of these parameters: plan, price, price_data.', { param })
  }
  if (input.price_data) {
    const data = input.price_data
    requireProduct(ctx, data.product, `${param}[price_data][product]`)
    if (data.unit_amount === undefined) throw missingParameter(`${param}[price_data][unit_amount]`)
    const recurring = checkRecurring(data.recurring, `${param}[price_data][recurring]`)
    const price = buildPrice(ctx, {
      currency: data.currency,
      product: data.product,
      unitAmount: data.unit_amount,
      recurring,
    })
    return { price, inline: true }
  }
  const id = input.price ?? input.plan
  if (id === undefined) return null
  const field = input.price !== undefined ? `${param}[price]` : `${param}[plan]`
  const price = ctx.state.prices.get(id)
  if (!price) throw resourceMissing('price', id, field)
  if (price.type !== 'recurring') {
    throw invalidRequest(
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      { param: field },
    )
  }
  if (!price.active) {
    throw invalidRequest('The price specified is inactive. This field only accepts active prices.', {
      param: field,
    })
  }
  return { price, inline: false }
}

/** One currency per subscription; in classic billing mode one billing interval too. */
export function checkItemPrices(prices: PriceRecord[], currency: string, mode: 'classic' | 'flexible'): void {
  const intervals = new Set(
    prices.map((price) => `${price.recurring?.interval}/${price.recurring?.interval_count}`),
  )
  if (prices.some((price) => price.currency !== currency)) {
    throw invalidRequest(
      'Currency and interval fields must match across all plans on this subscription. Found mismatch in currency field.',
      { param: 'items' },
    )
  }
  if (mode === 'classic' && intervals.size > 1) {
    throw invalidRequest(
      'Currency and interval fields must match across all plans on this subscription. Found mismatch in interval field.',
      { param: 'items' },
    )
  }
  const ids = prices.map((price) => price.id)
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i)
  if (duplicate) {
    throw invalidRequest(`Cannot add multiple subscription items with the same plan: ${duplicate}`, {
      param: 'items',
    })
  }
}

export function nextPeriodEnd(start: number, price: PriceRecord): number {
  const recurring = price.recurring
  if (!recurring) throw new Error(`Fake invariant: ${price.id} is not recurring`)
  return addInterval(start, recurring.interval, recurring.interval_count)
}

/**
 * The end of the period after `currentEnd`. Renewals stay on the billing-cycle anchor's grid, so a
 * subscription anchored on Jan 31 renews Feb 28, then Mar 31 (not Mar 28). Items whose period is
 * off that grid (added mid-cycle in flexible mode) simply chain from their own period end.
 */
export function renewalEnd(anchor: number, price: PriceRecord, currentEnd: number): number {
  const recurring = price.recurring
  if (!recurring) throw new Error(`Fake invariant: ${price.id} is not recurring`)
  const step = (k: number): number => addInterval(anchor, recurring.interval, k * recurring.interval_count)
  for (let k = 1; k < 100_000; k++) {
    const candidate = step(k)
    if (candidate === currentEnd) return step(k + 1)
    if (candidate > currentEnd) break
  }
  return addInterval(currentEnd, recurring.interval, recurring.interval_count)
}

export function newItem(
  subscription: string,
  price: PriceRecord,
  quantity: number,
  period: { start: number; end: number },
  created: number,
): SubscriptionItemRecord {
  return {
    id: newId('si'),
    object: 'subscription_item',
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    discounts: [],
    metadata: {},
    price: price.id,
    quantity,
    subscription,
  }
}

export function requireSubscription(ctx: RouteContext, id: string, param = 'id'): SubscriptionRecord {
  const sub = ctx.state.subscriptions.get(id)
  if (!sub) throw resourceMissing('subscription', id, param)
  return sub
}

/** The subscription's current period end: the earliest item period end (they match in classic mode). */
export function periodEnd(sub: SubscriptionRecord): number {
  return Math.min(...sub.items.map((item) => item.current_period_end))
}

/**
 * Records the proration invoice items Stripe creates for a mid-period price or quantity change:
 * a credit for the unused time on the old price and a charge for the remaining time on the new one.
 * With `always_invoice` they are billed at once (an invoice id is set); otherwise they stay pending.
 */
export function recordProration(
  ctx: Mutator,
  sub: SubscriptionRecord,
  item: SubscriptionItemRecord,
  change: { from: PriceRecord | null; fromQuantity: number; to: PriceRecord | null; toQuantity: number },
  behavior: 'create_prorations' | 'always_invoice',
): void {
  const { current_period_start: start, current_period_end: end } = item
  if (end <= ctx.now || sub.status === 'trialing') return
  const fraction = (end - ctx.now) / (end - start)
  const invoice = behavior === 'always_invoice' ? newId('in') : null
  const product = (id: string): string => ctx.state.products.get(id)?.name ?? id
  const lines: Array<{ price: PriceRecord; quantity: number; sign: -1 | 1; label: string }> = []
  if (change.from)
    lines.push({ price: change.from, quantity: change.fromQuantity, sign: -1, label: 'Unused time on' })
  if (change.to)
    lines.push({ price: change.to, quantity: change.toQuantity, sign: 1, label: 'Remaining time on' })
  for (const line of lines) {
    const amount = Math.round(line.sign * line.price.unit_amount * line.quantity * fraction)
    if (amount === 0) continue
    const record: InvoiceItemRecord = {
      id: newId('ii'),
      object: 'invoiceitem',
      amount,
      currency: line.price.currency,
      customer: sub.customer,
      date: ctx.now,
      description: `${line.label} ${line.quantity} × ${product(line.price.product)} after ${formatDate(ctx.now)}`,
      invoice,
      livemode: false,
      metadata: {},
      period: { start: ctx.now, end },
      pricing: {
        price_details: { price: line.price.id, product: line.price.product },
        type: 'price_details',
      },
      proration: true,
      quantity: line.quantity,
      subscription: sub.id,
      subscription_item: item.id,
    }
    ctx.state.invoiceItems.add(record)
    ctx.emit('invoiceitem.created', renderRecord(ctx.state, record))
  }
}
