import { seedMerchant } from '@retainkit/fakes/stripe'
import Stripe from 'stripe'
import { saveKeys } from '../../src/routes/stripe/test-support'
import type { Fixture } from './fixture'
import type { Target } from './targets'

/**
 * Saves that stick and why people leave: the raw export, the write-in quotes and themes, the merchant's
 * Stripe events and webhooks out (see targets.ts).
 */

let serial = 0
const next = () => {
  serial += 1
  return serial
}

/** An account connected by pasted keys, so Retainkit registered its endpoint on the merchant's Stripe. */
async function connectedByKeys(f: Fixture) {
  const { accountId, owner } = await f.t.createAccount()
  const merchant = await seedMerchant(f.t.stripe)
  await f.t.stripe.deliverWebhooks()
  await saveKeys(f.t, accountId, owner.token, merchant.keys)
  const endpoint = f.t.stripe.state(merchant.account).webhookEndpoints[0]
  if (!endpoint) throw new Error('connecting keys registers an endpoint')
  return { accountId, merchant, secret: endpoint.secret }
}

/** A webhook endpoint of the shop, created through the API (for removal and the delivery log). */
async function shopEndpoint(f: Fixture): Promise<string> {
  const res = await f.t.request(`/api/webhooks/${f.shop.accountId}`, {
    token: f.shop.ownerToken,
    body: { url: `https://hooks.merchant.example/fuzz/${next()}`, events: ['session.started'] },
  })
  return ((await res.json()) as { data: { id: string } }).data.id
}

export const RETENTION_TARGETS: Target[] = [
  {
    method: 'GET',
    doc: 'GET /api/analytics/quotes',
    caller: 'merchant',
    valid: (f) => ({
      path: `/api/analytics/quotes?account_id=${f.shop.accountId}&sentiment=negative&theme=price`,
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=themes',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/account?accountId=${f.shop.accountId}&action=themes` }),
  },
  {
    method: 'PUT',
    doc: 'PUT /api/account#action=themes',
    caller: 'merchant',
    // A built-in theme exists before any write-in mentions it: pinning it is always a valid change.
    valid: (f) => ({
      path: `/api/account?accountId=${f.shop.accountId}&action=themes`,
      body: { key: 'price', name: `Pricing ${next()}`, pinned: true, reason_key: 'too_expensive' },
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=summaries',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/account?accountId=${f.shop.accountId}&action=summaries` }),
  },
  {
    method: 'GET',
    doc: 'GET /api/analytics/export',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/analytics/export?account_id=${f.shop.accountId}&format=json` }),
  },
  {
    method: 'GET',
    doc: 'GET /api/evidence',
    caller: 'merchant',
    valid: (f) => ({
      path: `/api/evidence?account_id=${f.shop.accountId}&session_id=${f.sessionId}&format=json`,
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/evidence/verify',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/evidence/verify?account_id=${f.shop.accountId}` }),
  },
  {
    method: 'POST',
    doc: 'POST /api/stripe/webhooks/{accountId}',
    caller: 'anyone',
    // Signed as Stripe signs with the registered endpoint's secret; a changed body breaks the signature.
    valid: async (f) => {
      const { accountId, merchant, secret } = await connectedByKeys(f)
      const subscriptionId = merchant.customers.activeMonthly.subscriptionId
      const created = Math.floor(f.t.clock.now().getTime() / 1000)
      const body = {
        id: `evt_fuzz_merchant_${next()}`,
        object: 'event',
        type: 'customer.subscription.updated',
        created,
        livemode: false,
        data: { object: { id: subscriptionId, object: 'subscription' } },
      }
      const payload = JSON.stringify(body)
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: created })
      return { path: `/api/stripe/webhooks/${accountId}`, body, headers: { 'stripe-signature': signature } }
    },
  },
  {
    method: 'POST',
    doc: 'POST /api/stripe/connect/webhook',
    caller: 'anyone',
    // The shop connected by OAuth registers the platform's Connect endpoint; Stripe signs with its secret.
    valid: async (f) => {
      await f.t.request('/api/stripe/oauth/callback', {
        token: f.shop.ownerToken,
        body: await f.newOAuthCallback(),
      })
      const endpoint = f.t.stripe.state(f.platformAccount).webhookEndpoints.find((e) => e.connect)
      if (!endpoint) throw new Error('an OAuth connection registers the Connect endpoint')
      const created = Math.floor(f.t.clock.now().getTime() / 1000)
      const body = {
        id: `evt_fuzz_connect_${next()}`,
        object: 'event',
        account: f.merchant.account,
        type: 'customer.subscription.updated',
        created,
        livemode: false,
        data: { object: { id: f.merchant.customers.activeMonthly.subscriptionId, object: 'subscription' } },
      }
      const payload = JSON.stringify(body)
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: endpoint.secret,
        timestamp: created,
      })
      return { path: '/api/stripe/connect/webhook', body, headers: { 'stripe-signature': signature } }
    },
  },
  {
    method: 'GET',
    doc: 'GET /api/webhooks/{accountId}',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/webhooks/${f.shop.accountId}` }),
  },
  {
    method: 'POST',
    doc: 'POST /api/webhooks/{accountId}',
    caller: 'merchant',
    // An account of its own: the shop's ten endpoints would soon be used up.
    valid: async (f) => {
      const { accountId, owner } = await f.t.createAccount()
      return {
        path: `/api/webhooks/${accountId}`,
        token: owner.token,
        body: { url: 'https://hooks.merchant.example/retainkit', events: ['offer.accepted', 'save.lost'] },
      }
    },
  },
  {
    method: 'DELETE',
    doc: 'DELETE /api/webhooks/{accountId}/endpoints/{endpointId}',
    caller: 'merchant',
    valid: async (f) => ({ path: `/api/webhooks/${f.shop.accountId}/endpoints/${await shopEndpoint(f)}` }),
  },
  {
    method: 'GET',
    doc: 'GET /api/webhooks/{accountId}/deliveries',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/webhooks/${f.shop.accountId}/deliveries` }),
  },
  {
    method: 'POST',
    doc: 'POST /api/webhooks/{accountId}/deliveries/{deliveryId}/replay',
    caller: 'merchant',
    // A delivery exists once an event the endpoint listens to happens: a cancel session starts.
    valid: async (f) => {
      const endpointId = await shopEndpoint(f)
      await f.freshSession()
      const log = await f.t.request(
        `/api/webhooks/${f.shop.accountId}/deliveries?endpoint_id=${endpointId}`,
        {
          token: f.shop.ownerToken,
        },
      )
      const deliveries = ((await log.json()) as { data: { id: string }[] }).data
      const delivery = deliveries[0]
      if (!delivery) throw new Error('a started session queues a delivery')
      return { path: `/api/webhooks/${f.shop.accountId}/deliveries/${delivery.id}/replay` }
    },
  },
  {
    method: 'POST',
    doc: 'POST /api/webhooks/{accountId}/endpoints/{endpointId}/test',
    caller: 'merchant',
    // A sample of an event the endpoint receives; the endpoint's own account keeps the shop's few.
    valid: async (f) => {
      const { accountId, owner } = await f.t.createAccount()
      const res = await f.t.request(`/api/webhooks/${accountId}`, {
        token: owner.token,
        body: { url: `https://hooks.merchant.example/test/${next()}`, events: ['save.lost'] },
      })
      const endpointId = ((await res.json()) as { data: { id: string } }).data.id
      return {
        path: `/api/webhooks/${accountId}/endpoints/${endpointId}/test`,
        token: owner.token,
        body: { type: 'save.lost' },
      }
    },
  },
  {
    method: 'GET',
    doc: 'GET /api/sessions/{accountId}',
    caller: 'merchant',
    valid: (f) => ({
      path: `/api/sessions/${f.shop.accountId}?outcome=canceled&jurisdiction=offers_after_cancel&limit=10`,
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/sessions/{accountId}/export',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/sessions/${f.shop.accountId}/export?mode=live&jurisdiction=offer_cap` }),
  },
  {
    method: 'GET',
    doc: 'GET /api/sessions/{accountId}/{sessionId}',
    caller: 'merchant',
    valid: async (f) => ({ path: `/api/sessions/${f.shop.accountId}/${(await f.freshSession()).sessionId}` }),
  },
  {
    method: 'GET',
    doc: 'GET /api/sessions/{accountId}/{sessionId}/evidence',
    caller: 'merchant',
    valid: async (f) => ({
      path: `/api/sessions/${f.shop.accountId}/${(await f.freshSession()).sessionId}/evidence`,
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/stripe/past-cancellations/{accountId}',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/stripe/past-cancellations/${f.shop.accountId}` }),
  },
  {
    method: 'POST',
    doc: 'POST /api/stripe/past-cancellations/{accountId}/import',
    caller: 'merchant',
    valid: (f) => ({ path: `/api/stripe/past-cancellations/${f.shop.accountId}/import` }),
  },
]
