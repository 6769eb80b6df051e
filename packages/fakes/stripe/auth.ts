import type { AccountRegistry } from './accounts'
import { authenticationError, permissionError } from './errors'
import { maskKey } from './ids'
import type { HttpMethod } from './router'
import type { FakeAccount, KeyRecord, PermissionResource } from './state'

/** The API key from `Authorization: Bearer <key>` or HTTP Basic (key as user name), if any. */
export function readApiKey(header: string | null): string | null {
  if (!header) return null
  const [scheme, value] = header.trim().split(/\s+/, 2)
  if (!scheme || !value) return null
  if (scheme.toLowerCase() === 'bearer') return value
  if (scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8')
    return decoded.split(':')[0] || null
  }
  return null
}

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/."

export interface Caller {
  key: KeyRecord
  /** The account the request acts on (the connected account when `Stripe-Account` is set). */
  account: FakeAccount
}

/**
 * Resolves who is calling and on which account. Publishable keys cannot call any endpoint the fake
 * serves; `Stripe-Account` is honoured only for the account itself or a platform's connected account.
 */
export function authenticate(
  registry: AccountRegistry,
  apiKey: string | null,
  stripeAccount: string | null,
): Caller {
  if (!apiKey) throw authenticationError(NO_KEY)
  const key = registry.keys.get(apiKey)
  const owner = key ? registry.account(key.accountId) : undefined
  if (!key || key.revoked || !owner) throw authenticationError(`Invalid API Key provided: ${maskKey(apiKey)}`)
  if (key.kind === 'publishable') {
    throw authenticationError(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    )
  }
  if (!stripeAccount || stripeAccount === owner.id) return { key, account: owner }
  const target = registry.account(stripeAccount)
  // OAuth access tokens already act as the connected account; they cannot hop to another one.
  if (!target || key.platformId !== null || target.platformId !== owner.id) {
    throw permissionError(
      `The provided key '${maskKey(apiKey)}' does not have access to account '${stripeAccount}' (or that account does not exist). Application access may have been revoked.`,
    )
  }
  return { key, account: target }
}

const SINGULAR: Record<PermissionResource, string> = {
  account: 'account',
  balance: 'balance',
  customers: 'customer',
  products: 'product',
  prices: 'price',
  coupons: 'coupon',
  promotion_codes: 'promotion_code',
  subscriptions: 'subscription',
  invoice_items: 'invoice_item',
  events: 'event',
  webhook_endpoints: 'webhook_endpoint',
  billing_meters: 'billing_meter',
  checkout_sessions: 'checkout_session',
  billing_portal: 'billing_portal',
  invoices: 'invoice',
  payment_methods: 'payment_method',
  payment_intents: 'payment_intent',
}

/** Restricted keys carry per-resource `none`/`read`/`write`; unspecified resources default to `write`. */
export function checkPermission(caller: Caller, resource: PermissionResource, method: HttpMethod): void {
  const permissions = caller.key.permissions
  if (caller.key.kind !== 'restricted' || !permissions) return
  const level = permissions[resource] ?? 'write'
  const needed = method === 'GET' ? 'read' : 'write'
  if (level === 'write' || (level === 'read' && needed === 'read')) return
  throw permissionError(
    `The provided key '${maskKey(caller.key.key)}' does not have the required permissions for this endpoint on account '${caller.account.id}'. Having the 'rak_${SINGULAR[resource]}_${needed}' permission would allow this request to continue.`,
  )
}
