import type { PaymentMethodRecord } from '../billing-types'
import { invalidRequest } from '../errors'
import { newId, randomToken } from '../ids'
import { paginate } from '../pagination'
import { accepted, mergeMetadata, type Params, p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import type { Address, CustomerRecord } from '../types'
import { requireCustomer } from './customer-lookup'
import { attachTestPaymentMethod, customerPaymentMethod } from './payment-methods'
import { cancelSubscriptionNow } from './subscription-lifecycle'

export { requireCustomer } from './customer-lookup'

const address = p.object(
  {
    city: p.string(),
    country: p.string(),
    line1: p.string(),
    line2: p.string(),
    postal_code: p.string(),
    state: p.string(),
  },
  { emptyable: true },
)

const writable = {
  address,
  description: p.string({ emptyable: true }),
  email: p.string({ emptyable: true }),
  metadata: p.metadata(),
  name: p.string({ emptyable: true }),
  phone: p.string({ emptyable: true }),
  preferred_locales: p.array(p.string()),
  invoice_settings: p.object({
    default_payment_method: p.string({ emptyable: true }),
    ...accepted('custom_fields', 'footer', 'rendering_options'),
  }),
  ...accepted(
    'balance',
    'business_name',
    'cash_balance',
    'individual_name',
    'invoice_prefix',
    'next_invoice_sequence',
    'shipping',
    'source',
    'tax',
    'tax_exempt',
    'validate',
  ),
}

function toAddress(value: unknown, current: Address | null): Address | null {
  if (value === undefined) return current
  if (value === null) return null
  const given = value as Partial<Record<keyof Address, string>>
  const base: Address = current ?? {
    city: null,
    country: null,
    line1: null,
    line2: null,
    postal_code: null,
    state: null,
  }
  const next = { ...base }
  for (const key of Object.keys(base) as Array<keyof Address>) {
    if (given[key] !== undefined) next[key] = given[key] === '' ? null : (given[key] as string)
  }
  return next
}

function nullable(value: unknown, current: string | null): string | null {
  if (value === undefined) return current
  return value === null || value === '' ? null : (value as string)
}

/** A new customer with Stripe's defaults (the API and Checkout both create them). */
export function blankCustomer(now: number): CustomerRecord {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: now,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: null,
    invoice_prefix: randomToken(8, 'ABCDEF0123456789'),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
    name: null,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  }
}

function applyWritable(customer: CustomerRecord, params: Params): void {
  customer.address = toAddress(params.address, customer.address)
  customer.description = nullable(params.description, customer.description)
  customer.email = nullable(params.email, customer.email)
  customer.name = nullable(params.name, customer.name)
  customer.phone = nullable(params.phone, customer.phone)
  customer.metadata = mergeMetadata(customer.metadata, params.metadata as Record<string, string | null>)
  if (params.preferred_locales) customer.preferred_locales = params.preferred_locales as string[]
}

/**
 * `invoice_settings[default_payment_method]`: a payment method the customer owns (on create, the one
 * just attached through `payment_method` may be named by the test id it was made from).
 */
function applyDefaultPaymentMethod(
  ctx: RouteContext,
  customer: CustomerRecord,
  attached: { given: string; method: PaymentMethodRecord } | null,
): void {
  const settings = ctx.params.invoice_settings as { default_payment_method?: string | null } | undefined
  const wanted = settings?.default_payment_method
  if (wanted === undefined) return
  const param = 'invoice_settings[default_payment_method]'
  customer.invoice_settings.default_payment_method =
    wanted === null
      ? null
      : attached && wanted === attached.given
        ? attached.method.id
        : customerPaymentMethod(ctx.state, customer.id, wanted, param).id
}

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    resource: 'customers',
    params: { ...writable, payment_method: p.string(), ...accepted('tax_id_data', 'test_clock') },
    handle: (ctx) => {
      const customer = blankCustomer(ctx.now)
      applyWritable(customer, ctx.params)
      ctx.state.customers.add(customer)
      const given = ctx.params.payment_method as string | undefined
      const created = renderRecord(ctx.state, customer)
      ctx.emit('customer.created', created)
      const attached = given ? { given, method: attachTestPaymentMethod(ctx, customer, given) } : null
      applyDefaultPaymentMethod(ctx, customer, attached)
      return renderRecord(ctx.state, customer)
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    resource: 'customers',
    params: {},
    handle: (ctx) => {
      const id = ctx.path.id as string
      if (ctx.state.deletedCustomers.has(id)) return { id, object: 'customer', deleted: true }
      return renderRecord(ctx.state, requireCustomer(ctx, id))
    },
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    resource: 'customers',
    params: { ...writable, ...accepted('default_source') },
    handle: (ctx) => {
      const customer = requireCustomer(ctx, ctx.path.id as string)
      const before = renderRecord(ctx.state, customer)
      applyWritable(customer, ctx.params)
      applyDefaultPaymentMethod(ctx, customer, null)
      const after = renderRecord(ctx.state, customer)
      ctx.emit('customer.updated', after, before)
      return after
    },
  },
  {
    method: 'GET',
    path: '/v1/customers',
    resource: 'customers',
    list: true,
    params: { email: p.string(), ...accepted('created', 'test_clock') },
    handle: (ctx) => {
      const email = ctx.params.email as string | undefined
      if (email !== undefined && email.length > 512) {
        throw invalidRequest('Invalid email: must be at most 512 characters', { param: 'email' })
      }
      // Stripe's email filter is an exact, case-sensitive match.
      const all = ctx.state.customers.list().filter((c) => email === undefined || c.email === email)
      const page = paginate(all, ctx.params, '/v1/customers', 'customer')
      return { ...page, data: page.data.map((c) => renderRecord(ctx.state, c)) }
    },
  },
  {
    // Deleting a customer cancels its subscriptions immediately, as on Stripe.
    method: 'DELETE',
    path: '/v1/customers/:id',
    resource: 'customers',
    params: {},
    handle: (ctx) => {
      const customer = requireCustomer(ctx, ctx.path.id as string)
      for (const sub of ctx.state.subscriptions.values()) {
        if (
          sub.customer === customer.id &&
          sub.status !== 'canceled' &&
          sub.status !== 'incomplete_expired'
        ) {
          cancelSubscriptionNow(ctx, sub, {})
        }
      }
      const before = renderRecord(ctx.state, customer)
      ctx.state.customers.delete(customer.id)
      ctx.state.deletedCustomers.add(customer.id)
      ctx.emit('customer.deleted', before)
      return { id: customer.id, object: 'customer', deleted: true }
    },
  },
]
