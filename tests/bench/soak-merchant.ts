/**
 * The soak's merchant, set up over HTTP against a server running as its own process (the soak measures
 * that process alone, so nothing here opens its database): an owner signed in through the embedded
 * auth server's magic link (read from the development outbox), an account made Pro through the admin
 * endpoint (`DATA_DIR/admin.json`, what `npm run admin` uses), the Stripe fake connected, a widget
 * secret, and a pool of subscribers in the fake.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  createStripeClient,
  type SeededMerchant,
  type StripeFake,
  seedMerchant,
} from '@retainkit/fakes/stripe'

export interface SoakMerchant {
  accountId: string
  secret: string
  customers: string[]
}

async function expectJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`soak set-up, ${what}: HTTP ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** A magic link sent and followed, as a person would: the session's access token (implicit flow). */
async function signIn(base: string, apiKey: string, email: string): Promise<string> {
  await expectJson(
    await fetch(`${base}/auth/v1/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: apiKey },
      body: JSON.stringify({ email, create_user: true }),
    }),
    'ask for a magic link',
  )
  // The mail worker sends it within moments of the commit.
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await expectJson<{ link: string | null }[]>(
      await fetch(`${base}/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`, {
        headers: { apikey: apiKey },
      }),
      'read the outbox',
    )
    const link = mails.find((mail) => mail.link)?.link
    if (link) {
      const followed = await fetch(link, { redirect: 'manual' })
      const location = followed.headers.get('location') ?? ''
      const token = new URLSearchParams(location.split('#')[1] ?? '').get('access_token')
      if (!token) throw new Error(`soak set-up: the magic link led to ${location || followed.status}`)
      return token
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('soak set-up: no sign-in mail within 10 s')
}

/** Subscribers on the Pro monthly price, created over the fake's API through the real SDK. */
async function addCustomers(fake: StripeFake, merchant: SeededMerchant, count: number): Promise<string[]> {
  const sdk = createStripeClient(fake, merchant.keys.secret)
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const customer = await sdk.customers.create({ name: `Soak ${i}`, email: `soak-${i}@example.com` })
    await sdk.subscriptions.create({ customer: customer.id, items: [{ price: merchant.prices.proMonthly }] })
    ids.push(customer.id)
  }
  return ids
}

export async function provisionSoakMerchant(options: {
  base: string
  dataDir: string
  fake: StripeFake
  customers: number
}): Promise<SoakMerchant> {
  const { base, dataDir, fake } = options
  const { apiKey } = await expectJson<{ apiKey: string }>(
    await fetch(`${base}/runtime-config.json`),
    'runtime config',
  )
  const token = await signIn(base, apiKey, `soak-${randomUUID().slice(0, 8)}@merchant.example`)
  const call = <T>(what: string, path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'x-api-key': apiKey,
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }).then((response) => expectJson<{ data: T }>(response, what))

  const accountId = `acct_soak_${randomUUID().slice(0, 8)}`
  await call('create the account', '/api/accounts', {
    body: { account_id: accountId, name: 'Soak Cloud', domain: 'soak.example' },
  })
  const admin = JSON.parse(readFileSync(join(dataDir, 'admin.json'), 'utf8')) as {
    url: string
    token: string
  }
  await expectJson(
    await fetch(`${admin.url}/api/admin/tier`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ account: accountId, tier: 'pro' }),
    }),
    'make the account Pro',
  )
  const merchant = await seedMerchant(fake)
  const action = (name: string) => `/api/account?accountId=${accountId}&action=${name}`
  await call('connect Stripe', action('credentials'), {
    body: { gateway: 'stripe', api_key: merchant.keys.secret, access_token: merchant.keys.publishable },
  })
  const { secret } = (
    await call<{ secret: string }>('widget secret', action('widget-secret'), { method: 'POST' })
  ).data
  const customers = await addCustomers(fake, merchant, options.customers)
  return { accountId, secret, customers }
}
