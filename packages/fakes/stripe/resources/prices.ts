import { invalidRequest, missingParameter, resourceMissing } from '../errors'
import { newId } from '../ids'
import { paginate } from '../pagination'
import { accepted, mergeMetadata, p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import type { Interval, PriceRecord } from '../types'
import { createProduct, requireProduct } from './products'

const INTERVALS = ['day', 'week', 'month', 'year'] as const
/** Stripe caps a billing interval at three years. */
const MAX_INTERVAL_COUNT: Record<Interval, number> = { day: 1095, week: 156, month: 36, year: 3 }

export function requirePrice(ctx: RouteContext, id: string, param = 'id'): PriceRecord {
  const price = ctx.state.prices.get(id)
  if (!price) throw resourceMissing('price', id, param)
  return price
}

function checkLookupKey(
  ctx: RouteContext,
  key: string | null | undefined,
  transfer: boolean,
  self?: string,
): void {
  if (!key) return
  const owner = ctx.state.prices.values().find((price) => price.lookup_key === key && price.id !== self)
  if (owner && !transfer) {
    throw invalidRequest(
      `A price (\`${owner.id}\`) already uses that lookup key. Pass \`transfer_lookup_key=true\` to move it.`,
      { param: 'lookup_key' },
    )
  }
  if (owner) owner.lookup_key = null
}

export interface RecurringInput {
  interval: Interval
  interval_count?: number
  usage_type?: 'licensed' | 'metered'
  meter?: string
}

/**
 * A price's `recurring`. Metered prices bill what a Billing Meter aggregates: in this API version
 * they must name an active meter of the account (legacy usage records are gone).
 */
export function checkRecurring(
  recurring: RecurringInput | undefined,
  param: string,
  ctx?: Pick<RouteContext, 'state'>,
): PriceRecord['recurring'] {
  if (!recurring) return null
  const count = recurring.interval_count ?? 1
  if (count < 1 || count > MAX_INTERVAL_COUNT[recurring.interval]) {
    throw invalidRequest('The maximum billing interval is three years (3 years, 36 months, or 156 weeks).', {
      param: `${param}[interval_count]`,
    })
  }
  const usageType = recurring.usage_type ?? 'licensed'
  if (usageType === 'licensed' && recurring.meter !== undefined) {
    throw invalidRequest('A meter can only be set on prices with `usage_type=metered`.', {
      param: `${param}[meter]`,
    })
  }
  if (usageType === 'metered') {
    if (recurring.meter === undefined) throw missingParameter(`${param}[meter]`)
    const meter = ctx?.state.meters.get(recurring.meter)
    if (!meter) throw resourceMissing('billing meter', recurring.meter, `${param}[meter]`)
    if (meter.status !== 'active') {
      throw invalidRequest(`Meter ${meter.id} is inactive.`, { param: `${param}[meter]` })
    }
  }
  return {
    interval: recurring.interval,
    interval_count: count,
    meter: usageType === 'metered' ? (recurring.meter ?? null) : null,
    trial_period_days: null,
    usage_type: usageType,
  }
}

/** Builds a price record; callers validate references first so nothing is stored on failure. */
export function buildPrice(
  ctx: RouteContext,
  input: {
    currency: string
    product: string
    unitAmount: number
    recurring: PriceRecord['recurring']
    nickname?: string | null
    lookupKey?: string | null
    metadata?: unknown
    active?: boolean
    taxBehavior?: PriceRecord['tax_behavior']
  },
): PriceRecord {
  return {
    id: newId('price'),
    object: 'price',
    active: input.active ?? true,
    billing_scheme: 'per_unit',
    created: ctx.now,
    currency: input.currency.toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey ?? null,
    metadata: mergeMetadata({}, input.metadata as Record<string, string | null> | undefined),
    nickname: input.nickname ?? null,
    product: input.product,
    recurring: input.recurring,
    tax_behavior: input.taxBehavior ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: input.recurring ? 'recurring' : 'one_time',
    unit_amount: input.unitAmount,
    unit_amount_decimal: String(input.unitAmount),
  }
}

const recurringSpec = p.object({
  interval: p.enum(INTERVALS, { required: true }),
  interval_count: p.integer(),
  usage_type: p.enum(['licensed', 'metered']),
  meter: p.string(),
  ...accepted('trial_period_days'),
})

export const priceRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/prices',
    resource: 'prices',
    params: {
      currency: p.string({ required: true }),
      product: p.string(),
      product_data: p.object({
        name: p.string({ required: true }),
        id: p.string(),
        active: p.boolean(),
        metadata: p.metadata(),
        ...accepted('statement_descriptor', 'tax_code', 'tax_details', 'unit_label'),
      }),
      unit_amount: p.integer({ min: 0 }),
      unit_amount_decimal: p.string(),
      recurring: recurringSpec,
      nickname: p.string(),
      lookup_key: p.string(),
      transfer_lookup_key: p.boolean(),
      active: p.boolean(),
      metadata: p.metadata(),
      tax_behavior: p.enum(['exclusive', 'inclusive', 'unspecified']),
      ...accepted('billing_scheme', 'currency_options', 'custom_unit_amount', 'tiers', 'tiers_mode'),
      ...accepted('transform_quantity'),
    },
    handle: (ctx) => {
      const params = ctx.params
      if (params.product && params.product_data) {
        throw invalidRequest('You may only specify one of these parameters: product, product_data.', {
          param: 'product',
        })
      }
      if (!params.product && !params.product_data) throw missingParameter('product')
      if (params.product) requireProduct(ctx, params.product as string, 'product')
      let unitAmount = params.unit_amount as number | undefined
      if (unitAmount === undefined && params.unit_amount_decimal !== undefined) {
        unitAmount = Number(params.unit_amount_decimal)
        if (!Number.isFinite(unitAmount))
          throw invalidRequest('Invalid decimal', { param: 'unit_amount_decimal' })
      }
      if (unitAmount === undefined) throw missingParameter('unit_amount')
      const recurring = checkRecurring(params.recurring as RecurringInput | undefined, 'recurring', ctx)
      checkLookupKey(ctx, params.lookup_key as string | undefined, params.transfer_lookup_key === true)
      const productId = params.product
        ? (params.product as string)
        : createProduct(ctx, params.product_data as { name: string; id?: string }, 'product_data[id]').id
      const price = buildPrice(ctx, {
        currency: params.currency as string,
        product: productId,
        unitAmount,
        recurring,
        nickname: params.nickname as string | undefined,
        lookupKey: params.lookup_key as string | undefined,
        metadata: params.metadata,
        active: params.active as boolean | undefined,
        taxBehavior: params.tax_behavior as PriceRecord['tax_behavior'] | undefined,
      })
      ctx.state.prices.add(price)
      const out = renderRecord(ctx.state, price)
      ctx.emit('price.created', out)
      return out
    },
  },
  {
    method: 'GET',
    path: '/v1/prices/:id',
    resource: 'prices',
    params: {},
    handle: (ctx) => renderRecord(ctx.state, requirePrice(ctx, ctx.path.id as string)),
  },
  {
    method: 'POST',
    path: '/v1/prices/:id',
    resource: 'prices',
    params: {
      active: p.boolean(),
      nickname: p.string({ emptyable: true }),
      lookup_key: p.string({ emptyable: true }),
      transfer_lookup_key: p.boolean(),
      metadata: p.metadata(),
      ...accepted('currency_options', 'tax_behavior'),
    },
    handle: (ctx) => {
      const price = requirePrice(ctx, ctx.path.id as string)
      const params = ctx.params
      checkLookupKey(
        ctx,
        params.lookup_key as string | null | undefined,
        params.transfer_lookup_key === true,
        price.id,
      )
      const before = renderRecord(ctx.state, price)
      if (params.active !== undefined) price.active = params.active as boolean
      if (params.nickname !== undefined) price.nickname = (params.nickname as string | null) || null
      if (params.lookup_key !== undefined) price.lookup_key = (params.lookup_key as string | null) || null
      price.metadata = mergeMetadata(price.metadata, params.metadata as Record<string, string | null>)
      const after = renderRecord(ctx.state, price)
      ctx.emit('price.updated', after, before)
      return after
    },
  },
  {
    method: 'GET',
    path: '/v1/prices',
    resource: 'prices',
    list: true,
    params: {
      active: p.boolean(),
      product: p.string(),
      type: p.enum(['one_time', 'recurring']),
      currency: p.string(),
      lookup_keys: p.array(p.string()),
      recurring: p.object({ interval: p.enum(INTERVALS), ...accepted('meter', 'usage_type') }),
      ...accepted('created'),
    },
    handle: (ctx) => {
      const q = ctx.params as {
        active?: boolean
        product?: string
        type?: string
        currency?: string
        lookup_keys?: string[]
        recurring?: { interval?: string }
      }
      const all = ctx.state.prices
        .list()
        .filter((price) => q.active === undefined || price.active === q.active)
        .filter((price) => q.product === undefined || price.product === q.product)
        .filter((price) => q.type === undefined || price.type === q.type)
        .filter((price) => q.currency === undefined || price.currency === q.currency.toLowerCase())
        .filter((price) => q.lookup_keys === undefined || q.lookup_keys.includes(price.lookup_key ?? ''))
        .filter(
          (price) =>
            q.recurring?.interval === undefined || price.recurring?.interval === q.recurring.interval,
        )
      const page = paginate(all, ctx.params, '/v1/prices', 'price')
      return { ...page, data: page.data.map((price) => renderRecord(ctx.state, price)) }
    },
  },
]
