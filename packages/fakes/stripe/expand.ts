import { invalidRequest } from './errors'
import type { JsonObject } from './render'

/**
 * Which fields of which object types hold an expandable id, and what they expand to. Paths are
 * relative to the nearest object that has an `object` field (e.g. a discount's `source.coupon`).
 * This API version no longer auto-expands a discount's coupon: it lives at `source.coupon`.
 */
const EXPANDABLE: Record<string, Record<string, string>> = {
  subscription: {
    customer: 'customer',
    default_payment_method: 'payment_method',
    discounts: 'discount',
    latest_invoice: 'invoice',
  },
  customer: { 'invoice_settings.default_payment_method': 'payment_method' },
  subscription_item: { discounts: 'discount' },
  price: { product: 'product' },
  plan: { product: 'product' },
  product: { default_price: 'price' },
  discount: {
    customer: 'customer',
    promotion_code: 'promotion_code',
    subscription: 'subscription',
    'source.coupon': 'coupon',
  },
  promotion_code: { customer: 'customer', 'promotion.coupon': 'coupon' },
  invoiceitem: { customer: 'customer', subscription: 'subscription' },
  'checkout.session': { customer: 'customer', subscription: 'subscription', invoice: 'invoice' },
  invoice: { customer: 'customer', 'parent.subscription_details.subscription': 'subscription' },
  invoice_payment: { invoice: 'invoice', 'payment.payment_intent': 'payment_intent' },
  payment_intent: { customer: 'customer', payment_method: 'payment_method' },
  payment_method: { customer: 'customer' },
  'billing_portal.session': { configuration: 'billing_portal.configuration' },
}

export type Lookup = (type: string, id: string) => JsonObject | undefined

/**
 * Fields Stripe leaves out unless expanded (includable): `invoice.payments`. `include` makes one for
 * the object with that id.
 */
const INCLUDABLE: Record<string, readonly string[]> = { invoice: ['payments'] }
export type Include = (type: string, field: string, id: string) => JsonObject | undefined

const MAX_DEPTH = 4

function cannotExpand(path: string): never {
  throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' })
}

/**
 * Applies Stripe's `expand[]` paths to a rendered response, in place. Lists are walked through
 * `data`, arrays element by element, so `data.product` and `items.data.price.product` work as on
 * Stripe. Unknown paths fail the request, as Stripe does.
 */
export function applyExpansions(
  root: JsonObject,
  paths: readonly string[],
  lookup: Lookup,
  include: Include = () => undefined,
): void {
  for (const path of paths) {
    const segments = path.split('.')
    if (segments.length > MAX_DEPTH) {
      throw invalidRequest(
        `You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`,
        {
          param: 'expand',
        },
      )
    }
    walk(root, segments, 0, path, { lookup, include }, '', '')
  }
}

function walk(
  node: JsonObject,
  segments: string[],
  index: number,
  fullPath: string,
  finders: { lookup: Lookup; include: Include },
  ownerType: string,
  relative: string,
): void {
  const { lookup } = finders
  const type = typeof node.object === 'string' ? node.object : ownerType
  const base = typeof node.object === 'string' ? '' : relative
  const key = segments[index] as string
  const fieldPath = base ? `${base}.${key}` : key
  if (!Object.hasOwn(node, key) && !base && INCLUDABLE[type]?.includes(key) && typeof node.id === 'string') {
    const included = finders.include(type, key, node.id)
    if (included) node[key] = included
  }
  if (!Object.hasOwn(node, key)) cannotExpand(segments.slice(0, index + 1).join('.'))
  const target = EXPANDABLE[type]?.[fieldPath]
  const isLast = index === segments.length - 1

  const visit = (value: unknown, replace: (next: JsonObject) => void): void => {
    if (value === null || value === undefined) return
    if (typeof value === 'string') {
      if (!target) cannotExpand(fullPath)
      const expanded = lookup(target, value)
      if (!expanded) return
      replace(expanded)
      if (!isLast) walk(expanded, segments, index + 1, fullPath, finders, target, '')
      return
    }
    if (typeof value === 'object' && !Array.isArray(value)) {
      if (isLast) {
        // Already an object: fine if it is an expandable field (expanded twice), an error otherwise.
        if (!target && typeof (value as JsonObject).object !== 'string') cannotExpand(fullPath)
        return
      }
      walk(value as JsonObject, segments, index + 1, fullPath, finders, type, fieldPath)
    }
  }

  const value = node[key]
  if (Array.isArray(value)) {
    value.forEach((element, i) => {
      visit(element, (next) => {
        value[i] = next
      })
    })
  } else {
    visit(value, (next) => {
      node[key] = next
    })
  }
}
