import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loopbackConfig } from './client'
import { createStripeFake, type StripeFake } from './fake'
import type { FakeServer } from './http-server'
import type { SeededMerchant } from './seed'
import { stripeError } from './test-support'

describe('over loopback HTTP', () => {
  let fake: StripeFake
  let server: FakeServer
  let keys: ReturnType<StripeFake['createAccount']>
  let stripe: Stripe

  beforeAll(async () => {
    fake = createStripeFake()
    keys = fake.createAccount({ businessName: 'Loopback Co' })
    server = await fake.listen(0)
    stripe = new Stripe(keys.secretKey, loopbackConfig(server.port))
  })
  afterAll(async () => {
    await server.close()
  })

  it('serves the SDK with host, port and protocol settings', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    const product = await stripe.products.create({ name: 'Pro' })
    const price = await stripe.prices.create({
      product: product.id,
      unit_amount: 2900,
      currency: 'usd',
      recurring: { interval: 'month' },
    })
    const customer = await stripe.customers.create({
      email: 'loop@example.com',
      address: { country: 'US', state: 'MN' },
    })
    const sub = await stripe.subscriptions.create(
      { customer: customer.id, items: [{ price: price.id }], expand: ['items.data.price.product'] },
      { idempotencyKey: 'loop-1' },
    )
    const replay = await stripe.subscriptions.create(
      { customer: customer.id, items: [{ price: price.id }], expand: ['items.data.price.product'] },
      { idempotencyKey: 'loop-1' },
    )
    expect(replay.id).toBe(sub.id)
    expect(((sub.items.data[0] as Stripe.SubscriptionItem).price.product as Stripe.Product).name).toBe('Pro')
    expect(sub.lastResponse.requestId).toMatch(/^req_/)
    expect(fake.mutations({ accountId: keys.id }).filter((m) => m.path === '/v1/subscriptions')).toHaveLength(
      1,
    )

    const error = await stripeError(
      stripe.subscriptions.update(sub.id, { coupon: 'X' } as Stripe.SubscriptionUpdateParams),
    )
    expect(error).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'coupon' })
  })

  it('routes OAuth by path even though the SDK sends it to the same host', async () => {
    const merchant = fake.createAccount({ businessName: 'Connected over HTTP' })
    const code = fake.createOAuthCode({ platformSecretKey: keys.secretKey, connectedAccountId: merchant.id })
    const token = await stripe.oauth.token({ grant_type: 'authorization_code', code })
    expect(token.stripe_user_id).toBe(merchant.id)
    const replay = await stripeError(stripe.oauth.token({ grant_type: 'authorization_code', code }))
    expect(replay.type).toBe('StripeInvalidGrantError')
  })

  it('answers unknown routes with Stripe’s 404 shape', async () => {
    const response = await fetch(`${server.url}/v1/nope`, {
      headers: { Authorization: `Bearer ${keys.secretKey}` },
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('Unrecognized request URL (GET: /v1/nope)'),
      },
    })
  })
})

describe('serve.ts', () => {
  it('starts the fake with --seed and prints the URL and seeded keys as JSON', async () => {
    const script = fileURLToPath(new URL('./serve.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--port', '0', '--seed'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = ''
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString()
          if (text.trimEnd().endsWith('}')) {
            try {
              JSON.parse(text)
              resolve(text)
            } catch {
              // Not the whole document yet.
            }
          }
        })
        child.once('exit', (code) => reject(new Error(`serve.ts exited early (${code})`)))
        setTimeout(() => reject(new Error('serve.ts did not start in time')), 20_000)
      })
      const info = JSON.parse(output) as { url: string; port: number; seeded: SeededMerchant }
      expect(info.url).toBe(`http://127.0.0.1:${info.port}`)
      const stripe = new Stripe(info.seeded.keys.secret, loopbackConfig(info.port))
      const sub = await stripe.subscriptions.retrieve(info.seeded.customers.paused.subscriptionId)
      expect(sub.pause_collection?.behavior).toBe('void')
    } finally {
      child.kill('SIGTERM')
    }
  }, 30_000)
})
