import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { createStripeFake } from './fake'
import { decodeForm, parseKey } from './form-codec'
import { monthlySubscriber } from './test-support'

describe('decodeForm', () => {
  it('splits bracket keys into paths', () => {
    expect(parseKey('items[0][price]')).toEqual(['items', '0', 'price'])
    expect(parseKey('expand[]')).toEqual(['expand', ''])
    expect(parseKey('plain')).toEqual(['plain'])
    expect(parseKey('broken[key')).toEqual(['broken[key'])
  })

  it('builds nested objects and indexed arrays, keeping empty strings for "unset"', () => {
    const decoded = decodeForm(
      'items[0][price]=price_a&items[0][quantity]=2&items[1][id]=si_b&items[1][deleted]=true' +
        '&metadata[plan]=pro&pause_collection=&expand[0]=customer&expand[1]=items.data.price.product',
    )
    expect(decoded).toEqual({
      items: [
        { price: 'price_a', quantity: '2' },
        { id: 'si_b', deleted: 'true' },
      ],
      metadata: { plan: 'pro' },
      pause_collection: '',
      expand: ['customer', 'items.data.price.product'],
    })
  })

  it('decodes percent-encoding and encoded brackets, and appends with []', () => {
    expect(
      decodeForm('?email=a%2Bb%40example.com&metadata%5Bnote%5D=hi+there&expand[]=x&expand[]=y'),
    ).toEqual({
      email: 'a+b@example.com',
      metadata: { note: 'hi there' },
      expand: ['x', 'y'],
    })
  })

  it('keeps non-contiguous numeric keys as an object (the validator rejects them as arrays)', () => {
    expect(decodeForm('items[1][price]=p')).toEqual({ items: { 1: { price: 'p' } } })
  })
})

describe('what the SDK sends', () => {
  it('encodes nested params, arrays and empty-string unsets the way the decoder expects', async () => {
    const fake = createStripeFake()
    const keys = fake.createAccount()
    const seen: Array<{ method: string; url: string; body: string; headers: Headers }> = []
    // A spy in front of the fake records the raw wire format of each SDK call.
    const spy = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init)
      seen.push({
        method: request.method,
        url: request.url,
        body: await request.clone().text(),
        headers: request.headers,
      })
      return fake.fetch(request)
    }
    const stripe = new Stripe(keys.secretKey, {
      maxNetworkRetries: 0,
      httpClient: Stripe.createFetchHttpClient(spy as typeof fetch),
    })
    const { subscription } = await monthlySubscriber(stripe)
    await stripe.coupons.create({ id: 'TEN', percent_off: 10 })
    await stripe.subscriptions.update(subscription.id, {
      discounts: [{ coupon: 'TEN' }],
      metadata: { source: 'retainkit' },
      pause_collection: '',
      expand: ['customer'],
    })
    await stripe.subscriptions.list({
      customer: subscription.customer as string,
      limit: 3,
      expand: ['data.customer'],
    })
    await stripe.subscriptions.cancel(subscription.id, {
      cancellation_details: { feedback: 'too_expensive' },
    })

    const update = seen.find(
      (r) => r.method === 'POST' && r.url.endsWith(`/v1/subscriptions/${subscription.id}`),
    )
    expect(update?.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(update?.headers.get('idempotency-key')).toMatch(/^stripe-node-retry-/)
    expect(update?.headers.get('stripe-version')).toBe('2026-10-28.endive')
    expect(update?.body).toBe(
      'discounts[0][coupon]=TEN&metadata[source]=retainkit&pause_collection=&expand[0]=customer',
    )
    expect(decodeForm(update?.body ?? '')).toEqual({
      discounts: [{ coupon: 'TEN' }],
      metadata: { source: 'retainkit' },
      pause_collection: '',
      expand: ['customer'],
    })

    const list = seen.find((r) => r.method === 'GET' && r.url.includes('/v1/subscriptions?'))
    expect(new URL(list?.url ?? 'http://x').search).toBe(
      `?customer=${subscription.customer}&limit=3&expand[0]=data.customer`,
    )
    // DELETE sends its params in the query string, not a body.
    const cancel = seen.find((r) => r.method === 'DELETE')
    expect(cancel?.body).toBe('')
    expect(new URL(cancel?.url ?? 'http://x').search).toBe('?cancellation_details[feedback]=too_expensive')
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      params: { cancellation_details: { feedback: 'too_expensive' } },
      status: 200,
    })
  })
})
