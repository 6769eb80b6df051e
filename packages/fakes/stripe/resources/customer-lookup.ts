import { resourceMissing } from '../errors'
import type { RouteContext } from '../router'
import type { CustomerRecord } from '../types'

/**
 * A customer of the account by id, or Stripe's resource_missing error naming `param`. A leaf: the
 * resources that take a customer (payment methods, promotion codes, subscriptions...) read it here, so
 * customers.ts can call into them without a ring.
 */
export function requireCustomer(ctx: RouteContext, id: string, param = 'id'): CustomerRecord {
  const customer = ctx.state.customers.get(id)
  if (!customer) throw resourceMissing('customer', id, param)
  return customer
}
