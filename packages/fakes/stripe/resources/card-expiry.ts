import type { PaymentMethodRecord } from '../billing-types'
import type { AccountState } from '../state'
import type { Mutator } from './subscription-items'

/** When Stripe says an attached card "will expire at the end of the month": that month's first second. */
function expiringNoticeAt(method: PaymentMethodRecord): number | null {
  if (method.customer === null) return null
  if (method.hidden.expiringSent === `${method.card.exp_year}-${method.card.exp_month}`) return null
  const at = Date.UTC(method.card.exp_year, method.card.exp_month - 1, 1) / 1000
  // A card attached during its last month gets no notice: the month had already begun.
  return at > method.created ? at : null
}

/** The next `customer.source.expiring` due on this account, if any. */
export function nextCardNotice(state: AccountState): { at: number; method: PaymentMethodRecord } | null {
  let next: { at: number; method: PaymentMethodRecord } | null = null
  for (const method of state.paymentMethods.values()) {
    const at = expiringNoticeAt(method)
    if (at !== null && (!next || at < next.at)) next = { at, method }
  }
  return next
}

/**
 * `customer.source.expiring` for a card payment method: Stripe describes the card as a `card` object
 * (brand, expiry, last four, its customer); here its id is the payment method's.
 */
export function sendCardNotice(ctx: Mutator, method: PaymentMethodRecord): void {
  method.hidden.expiringSent = `${method.card.exp_year}-${method.card.exp_month}`
  const brand = { visa: 'Visa', mastercard: 'MasterCard', amex: 'American Express' }[method.card.brand]
  ctx.emit('customer.source.expiring', {
    id: method.id,
    object: 'card',
    address_city: null,
    address_country: null,
    address_line1: null,
    address_line1_check: null,
    address_line2: null,
    address_state: null,
    address_zip: null,
    address_zip_check: null,
    brand,
    country: method.card.country,
    customer: method.customer,
    cvc_check: method.card.checks.cvc_check,
    dynamic_last4: null,
    exp_month: method.card.exp_month,
    exp_year: method.card.exp_year,
    fingerprint: method.card.fingerprint,
    funding: method.card.funding,
    last4: method.card.last4,
    metadata: { ...method.metadata },
    name: method.billing_details.name,
    tokenization_method: null,
  })
}
