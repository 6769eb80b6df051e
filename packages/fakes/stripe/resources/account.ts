import { permissionError } from '../errors'
import type { Route } from '../router'
import type { FakeAccount } from '../state'

/** The Account object as `GET /v1/account` returns it for a standard account. */
export function renderAccount(account: FakeAccount): Record<string, unknown> {
  return {
    id: account.id,
    object: 'account',
    business_profile: {
      mcc: null,
      name: account.businessName,
      product_description: null,
      support_email: account.email,
      support_phone: null,
      support_url: null,
      url: null,
    },
    business_type: 'company',
    capabilities: { card_payments: 'active', transfers: 'active' },
    charges_enabled: true,
    controller: { type: account.platformId ? 'application' : 'account' },
    country: account.country,
    created: account.created,
    default_currency: account.defaultCurrency,
    details_submitted: true,
    email: account.email,
    livemode: false,
    metadata: {},
    payouts_enabled: true,
    settings: {
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      dashboard: { display_name: account.businessName, timezone: 'Etc/UTC' },
    },
    type: 'standard',
  }
}

export const accountRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/account',
    resource: 'account',
    params: {},
    handle: (ctx) => renderAccount(ctx.account),
  },
  {
    // Only the account itself (or through Stripe-Account, its platform) may read it here.
    method: 'GET',
    path: '/v1/accounts/:id',
    resource: 'account',
    params: {},
    handle: (ctx) => {
      if (ctx.path.id !== ctx.account.id) {
        throw permissionError(
          `The provided key does not have access to account '${ctx.path.id}' (or that account does not exist). Application access may have been revoked.`,
        )
      }
      return renderAccount(ctx.account)
    },
  },
  {
    method: 'GET',
    path: '/v1/balance',
    resource: 'balance',
    params: {},
    handle: (ctx) => {
      const currency = ctx.account.defaultCurrency
      const zero = [{ amount: 0, currency, source_types: { card: 0 } }]
      return { object: 'balance', available: zero, livemode: false, pending: structuredClone(zero) }
    },
  },
]
