import type { CheckoutLineItem, CheckoutSessionRecord } from '../billing-types'
import { invalidRequest, missingParameter, resourceMissing } from '../errors'
import { randomToken } from '../ids'
import { paginate } from '../pagination'
import { accepted, mergeMetadata, p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import type { PriceRecord } from '../types'
import { requireCustomer } from './customer-lookup'
import { requirePrice } from './prices'
import { checkItemPrices } from './subscription-items'

/**
 * Checkout Sessions in `subscription` mode, hosted (`ui_mode: 'hosted'`): creating one checks its line
 * items as Stripe does and answers with the `url` of the fake's payment page (hosted/checkout-page.ts),
 * which completes it — customer, card, subscription, first invoice, `checkout.session.completed` — and
 * redirects to `success_url`. Sessions expire (`expires_at`, 24 hours by default) or are expired.
 */

const HOUR = 3600

const lineItemSpec = p.object({
  price: p.string(),
  quantity: p.integer({ min: 0 }),
  ...accepted('adjustable_quantity', 'dynamic_tax_rates', 'metadata', 'tax_rates'),
})

const subscriptionDataSpec = p.object({
  metadata: p.metadata(),
  billing_mode: p.object({
    type: p.enum(['classic', 'flexible'], { required: true }),
    ...accepted('flexible'),
  }),
  trial_period_days: p.integer({ min: 1, max: 730 }),
  trial_end: p.integer(),
  description: p.string(),
  ...accepted('application_fee_percent', 'billing_cycle_anchor', 'default_tax_rates', 'invoice_settings'),
  ...accepted('on_behalf_of', 'proration_behavior', 'transfer_data', 'trial_settings'),
})

export function requireCheckoutSession(ctx: Pick<RouteContext, 'state'>, id: string): CheckoutSessionRecord {
  const session = ctx.state.checkoutSessions.get(id)
  if (!session) throw resourceMissing('checkout.session', id)
  return session
}

/** An open session past its `expires_at` expires the first time anyone looks at it. */
export function expireIfDue(
  ctx: Pick<RouteContext, 'state' | 'now' | 'emit'>,
  session: CheckoutSessionRecord,
): void {
  if (session.status === 'open' && session.expires_at <= ctx.now) expire(ctx, session)
}

function expire(ctx: Pick<RouteContext, 'state' | 'emit'>, session: CheckoutSessionRecord): void {
  session.status = 'expired'
  session.url = null
  ctx.emit('checkout.session.expired', renderRecord(ctx.state, session))
}

function lineItems(ctx: RouteContext, mode: string): { items: CheckoutLineItem[]; prices: PriceRecord[] } {
  const inputs = (ctx.params.line_items as Array<{ price?: string; quantity?: number }> | undefined) ?? []
  if (inputs.length === 0) throw missingParameter('line_items')
  const prices: PriceRecord[] = []
  const items = inputs.map((input, i): CheckoutLineItem => {
    if (input.price === undefined) throw missingParameter(`line_items[${i}][price]`)
    const price = requirePrice(ctx, input.price, `line_items[${i}][price]`)
    if (!price.active) {
      throw invalidRequest('The price specified is inactive. This field only accepts active prices.', {
        param: `line_items[${i}][price]`,
      })
    }
    prices.push(price)
    if (price.recurring?.usage_type === 'metered') {
      if (input.quantity !== undefined) {
        throw invalidRequest(
          `Quantity should not be specified where usage_type is \`metered\`. Remove quantity from \`line_items[${i}]\`.`,
          { param: `line_items[${i}][quantity]` },
        )
      }
      return { price: price.id, quantity: null }
    }
    if (input.quantity === undefined) {
      throw invalidRequest(`Quantity is required. Add \`quantity\` to \`line_items[${i}]\`.`, {
        param: `line_items[${i}][quantity]`,
      })
    }
    return { price: price.id, quantity: input.quantity }
  })
  const recurring = prices.filter((price) => price.type === 'recurring')
  if (mode === 'subscription' && recurring.length === 0) {
    throw invalidRequest(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      { param: 'line_items' },
    )
  }
  if (mode === 'payment' && recurring.length > 0) {
    throw invalidRequest(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      { param: 'line_items' },
    )
  }
  return { items, prices }
}

/**
 * `subscription_data.trial_end`: when the trial the customer gets before the first charge ends. Stripe
 * asks for at least 48 hours ahead, and for one of it and `trial_period_days`, not both.
 */
function checkTrialEnd(
  ctx: RouteContext,
  data: { trial_period_days?: number; trial_end?: number } | undefined,
): void {
  if (data?.trial_end === undefined) return
  if (data.trial_period_days !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: trial_end, trial_period_days.', {
      param: 'subscription_data[trial_end]',
    })
  }
  if (data.trial_end < ctx.now + 48 * HOUR) {
    throw invalidRequest('`subscription_data[trial_end]` must be at least 48 hours in the future.', {
      param: 'subscription_data[trial_end]',
    })
  }
}

function create(ctx: RouteContext): Record<string, unknown> {
  const params = ctx.params as {
    mode?: CheckoutSessionRecord['mode']
    customer?: string
    customer_email?: string
    customer_creation?: 'always' | 'if_required'
    client_reference_id?: string
    success_url?: string
    cancel_url?: string
    expires_at?: number
    metadata?: Record<string, string | null>
    ui_mode?: string
    subscription_data?: {
      metadata?: Record<string, string | null>
      billing_mode?: { type: 'classic' | 'flexible' }
      trial_period_days?: number
      trial_end?: number
      description?: string
    }
  }
  if (params.mode === undefined) throw missingParameter('mode')
  checkTrialEnd(ctx, params.subscription_data)
  if (params.mode !== 'subscription') {
    throw invalidRequest(`The fake models Checkout in subscription mode only (got ${params.mode}).`, {
      param: 'mode',
    })
  }
  if ((params.ui_mode ?? 'hosted') !== 'hosted') {
    throw invalidRequest('The fake models hosted Checkout only.', { param: 'ui_mode' })
  }
  if (params.customer !== undefined && params.customer_email !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', {
      param: 'customer_email',
    })
  }
  if (params.customer_creation !== undefined) {
    throw invalidRequest('`customer_creation` can only be used in `payment` mode.', {
      param: 'customer_creation',
    })
  }
  if (params.customer !== undefined) requireCustomer(ctx, params.customer, 'customer')
  if ((params.client_reference_id?.length ?? 0) > 200) {
    throw invalidRequest('client_reference_id must be at most 200 characters.', {
      param: 'client_reference_id',
    })
  }
  for (const name of ['success_url', 'cancel_url'] as const) {
    const url = params[name]
    if (url !== undefined && !/^https?:\/\/[^\s]+$/i.test(url)) {
      throw invalidRequest(`Not a valid URL`, { param: name, code: 'url_invalid' })
    }
  }
  if (
    params.expires_at !== undefined &&
    (params.expires_at < ctx.now + HOUR / 2 || params.expires_at > ctx.now + 24 * HOUR)
  ) {
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      { param: 'expires_at' },
    )
  }
  const { items, prices } = lineItems(ctx, params.mode)
  const currency = (prices[0] as PriceRecord).currency
  const billingMode = params.subscription_data?.billing_mode?.type ?? 'flexible'
  checkItemPrices(
    prices.filter((price) => price.type === 'recurring'),
    currency,
    billingMode,
  )
  const subtotal = items.reduce(
    (sum, item, i) => sum + (prices[i]?.unit_amount ?? 0) * (item.quantity ?? 0),
    0,
  )
  const id = `cs_test_${randomToken(58)}`
  const session: CheckoutSessionRecord = {
    id,
    object: 'checkout.session',
    amount_subtotal: subtotal,
    amount_total: subtotal,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    created: ctx.now,
    currency,
    customer: params.customer ?? null,
    customer_creation: null,
    customer_details: null,
    customer_email: params.customer_email ?? null,
    expires_at: params.expires_at ?? ctx.now + 24 * HOUR,
    invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
    mode: params.mode,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: params.success_url ?? null,
    ui_mode: 'hosted',
    url: `${ctx.origin}/c/pay/${id}`,
    hidden: {
      lineItems: items,
      subscriptionData: {
        metadata: params.subscription_data?.metadata,
        billingMode,
        trialPeriodDays: params.subscription_data?.trial_period_days,
        trialEnd: params.subscription_data?.trial_end,
        description: params.subscription_data?.description,
      },
    },
  }
  ctx.state.checkoutSessions.add(session)
  return renderRecord(ctx.state, session)
}

export const checkoutSessionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    resource: 'checkout_sessions',
    params: {
      mode: p.enum(['payment', 'setup', 'subscription']),
      line_items: p.array(lineItemSpec),
      customer: p.string(),
      customer_email: p.string(),
      customer_creation: p.enum(['always', 'if_required']),
      client_reference_id: p.string(),
      success_url: p.string(),
      cancel_url: p.string(),
      expires_at: p.integer(),
      metadata: p.metadata(),
      ui_mode: p.enum(['custom', 'embedded', 'hosted']),
      subscription_data: subscriptionDataSpec,
      ...accepted('adaptive_pricing', 'after_expiration', 'allow_promotion_codes', 'automatic_tax'),
      ...accepted('billing_address_collection', 'branding_settings', 'consent_collection', 'currency'),
      ...accepted('custom_fields', 'custom_text', 'customer_update', 'discounts', 'locale'),
      ...accepted('payment_method_collection', 'payment_method_configuration', 'payment_method_types'),
      ...accepted('phone_number_collection', 'saved_payment_method_options', 'submit_type'),
      ...accepted('tax_id_collection', 'wallet_options', 'payment_method_options', 'invoice_creation'),
    },
    handle: create,
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    resource: 'checkout_sessions',
    params: {},
    handle: (ctx) => {
      const session = requireCheckoutSession(ctx, ctx.path.id as string)
      expireIfDue(ctx, session)
      return renderRecord(ctx.state, session)
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/line_items',
    resource: 'checkout_sessions',
    list: true,
    params: {},
    handle: (ctx) => {
      const session = requireCheckoutSession(ctx, ctx.path.id as string)
      const data = session.hidden.lineItems.map((item, i) => {
        const price = ctx.state.prices.get(item.price)
        const amount = (price?.unit_amount ?? 0) * (item.quantity ?? 0)
        return {
          id: `li_${session.id.slice(8, 30)}${i}`,
          object: 'item',
          amount_subtotal: amount,
          amount_total: amount,
          currency: session.currency,
          description: price ? (ctx.state.products.get(price.product)?.name ?? null) : null,
          price: price ? renderRecord(ctx.state, price) : null,
          quantity: item.quantity,
        }
      })
      return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` }
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions',
    resource: 'checkout_sessions',
    list: true,
    params: {
      customer: p.string(),
      subscription: p.string(),
      status: p.enum(['complete', 'expired', 'open']),
      ...accepted('created', 'customer_details', 'payment_intent', 'payment_link'),
    },
    handle: (ctx) => {
      const q = ctx.params as { customer?: string; subscription?: string; status?: string }
      const all = ctx.state.checkoutSessions
        .list()
        .filter((s) => q.customer === undefined || s.customer === q.customer)
        .filter((s) => q.subscription === undefined || s.subscription === q.subscription)
        .filter((s) => q.status === undefined || s.status === q.status)
      const page = paginate(all, ctx.params, '/v1/checkout/sessions', 'checkout.session')
      return { ...page, data: page.data.map((s) => renderRecord(ctx.state, s)) }
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    resource: 'checkout_sessions',
    params: {},
    handle: (ctx) => {
      const session = requireCheckoutSession(ctx, ctx.path.id as string)
      expireIfDue(ctx, session)
      if (session.status !== 'open') {
        throw invalidRequest('Only Checkout Sessions with a status in ["open"] can be expired.', {
          code: 'checkout_session_not_expirable',
        })
      }
      expire(ctx, session)
      return renderRecord(ctx.state, session)
    },
  },
]
