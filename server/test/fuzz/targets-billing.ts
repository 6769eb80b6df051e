import Stripe from 'stripe'
import type { Fixture } from './fixture'
import type { Target } from './targets'

/** The billing routes and the operator's admin endpoint, each with a valid request (see targets.ts). */

let serial = 0
const next = () => {
  serial += 1
  return serial
}

/** An account of its own per call, so the billing rate limit of one does not starve the next. */
async function ownAccount(f: Fixture) {
  const account = await f.t.createAccount()
  return { accountId: account.accountId, token: account.owner.token }
}

export const BILLING_TARGETS: Target[] = [
  {
    method: 'GET',
    doc: 'GET /api/billing/status/{accountId}',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/billing/status/${f.shop.accountId}` }),
  },
  {
    method: 'POST',
    doc: 'POST /api/billing/checkout/{accountId}',
    caller: 'merchant',
    valid: async (f) => {
      const { accountId, token } = await ownAccount(f)
      return { path: `/api/billing/checkout/${accountId}`, token, body: { interval: 'year' } }
    },
  },
  {
    method: 'POST',
    doc: 'POST /api/billing/portal/{accountId}',
    caller: 'merchant',
    // The portal needs a Stripe customer: an account that has started Checkout has one.
    valid: async (f) => {
      const { accountId, token } = await ownAccount(f)
      await f.t.request(`/api/billing/checkout/${accountId}`, { token, body: { interval: 'month' } })
      return { path: `/api/billing/portal/${accountId}`, token }
    },
  },
  {
    method: 'POST',
    doc: 'POST /api/billing/webhook',
    caller: 'anyone',
    // Signed as Stripe signs; any change to the body breaks the signature (400, nothing stored).
    valid: (f) => {
      const body = {
        id: `evt_fuzz_${next()}`,
        object: 'event',
        type: 'customer.created',
        created: Math.floor(f.t.clock.now().getTime() / 1000),
        livemode: false,
        data: { object: { id: `cus_fuzz_${serial}`, object: 'customer' } },
      }
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(body),
        secret: f.t.billing?.webhook?.secret ?? '',
        timestamp: Math.floor(f.t.clock.now().getTime() / 1000),
      })
      return { path: '/api/billing/webhook', body, headers: { 'stripe-signature': signature } }
    },
  },

  // The operator's admin endpoint (npm run admin)
  {
    method: 'POST',
    doc: 'POST /api/admin/accounts',
    caller: 'admin',
    valid: () => ({ path: '/api/admin/accounts' }),
  },
  {
    method: 'POST',
    doc: 'POST /api/admin/tier',
    caller: 'admin',
    // Billing is on in the fixture, so the operator must force; the shop stays Pro.
    valid: (f) => ({
      path: '/api/admin/tier',
      body: { account: f.shop.accountId, tier: 'pro', force: true },
    }),
  },
  {
    method: 'POST',
    doc: 'POST /api/admin/revoke-sessions',
    caller: 'admin',
    // A user of its own: signing the shop's owner out would lock the merchant targets out.
    valid: async (f) => ({ path: '/api/admin/revoke-sessions', body: { email: (await f.t.signIn()).email } }),
  },
  {
    method: 'POST',
    doc: 'POST /api/admin/mail',
    caller: 'admin',
    valid: () => ({ path: '/api/admin/mail' }),
  },
  {
    method: 'POST',
    doc: 'POST /api/admin/waitlist',
    caller: 'admin',
    valid: () => ({ path: '/api/admin/waitlist' }),
  },
  {
    method: 'POST',
    doc: 'POST /api/admin/early-access',
    caller: 'admin',
    valid: (f) => ({ path: '/api/admin/early-access', body: { account: f.shop.accountId, on: true } }),
  },
  {
    method: 'POST',
    doc: 'POST /api/admin/reconcile',
    caller: 'admin',
    valid: (f) => ({ path: '/api/admin/reconcile', body: { account: f.shop.accountId } }),
  },
]
