import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { createStripeFake } from './fake'
import { stripeError } from './test-support'

function connectSetup() {
  const fake = createStripeFake()
  const platform = fake.createAccount({ businessName: 'Retainkit' })
  const merchant = fake.createAccount({ businessName: 'Merchant via OAuth' })
  const platformStripe = createStripeClient(fake, platform.secretKey)
  return { fake, platform, merchant, platformStripe }
}

describe('Connect OAuth', () => {
  it('exchanges a code for an access token that acts as the connected account', async () => {
    const { fake, platform, merchant, platformStripe } = connectSetup()
    const code = fake.createOAuthCode({
      platformSecretKey: platform.secretKey,
      connectedAccountId: merchant.id,
    })
    const token = await platformStripe.oauth.token({ grant_type: 'authorization_code', code })
    expect(token).toMatchObject({
      stripe_user_id: merchant.id,
      stripe_publishable_key: merchant.publishableKey,
      scope: 'read_write',
      livemode: false,
      token_type: 'bearer',
    })
    expect(token.access_token).toMatch(/^sk_test_/)
    expect(token.refresh_token).toMatch(/^rt_/)
    // The token is a key of the connected account…
    const asMerchant = createStripeClient(fake, token.access_token ?? '')
    const account = await asMerchant.accounts.retrieveCurrent()
    expect(account.business_profile?.name).toBe('Merchant via OAuth')
    // …and the platform may now act for it with Stripe-Account.
    const viaHeader = createStripeClient(fake, platform.secretKey, { stripeAccount: merchant.id })
    await viaHeader.customers.create({ email: 'x@example.com' })
    expect(fake.state(merchant.id).customers).toHaveLength(1)
    expect(fake.requests.find((r) => r.path === '/oauth/token')?.accountId).toBe(platform.id)
  })

  it('accepts the platform key as client_secret instead of bearer', async () => {
    const { fake, platform, merchant } = connectSetup()
    const code = fake.createOAuthCode({
      platformSecretKey: platform.secretKey,
      connectedAccountId: merchant.id,
    })
    const response = await fake.fetch('https://connect.stripe.com/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `grant_type=authorization_code&code=${code}&client_secret=${platform.secretKey}`,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ stripe_user_id: merchant.id })
  })

  it('lets a code work once; a replay fails and revokes the tokens it issued', async () => {
    const { fake, platform, merchant, platformStripe } = connectSetup()
    const code = fake.createOAuthCode({
      platformSecretKey: platform.secretKey,
      connectedAccountId: merchant.id,
    })
    const first = await platformStripe.oauth.token({ grant_type: 'authorization_code', code })
    const replay = await stripeError(platformStripe.oauth.token({ grant_type: 'authorization_code', code }))
    expect(replay.type).toBe('StripeInvalidGrantError')
    expect(replay.message).toContain('already been used')
    const revoked = await stripeError(createStripeClient(fake, first.access_token ?? '').customers.list())
    expect(revoked.statusCode).toBe(401)
  })

  it('rejects unknown codes, codes of another platform and unauthenticated calls', async () => {
    const { fake, platform, merchant, platformStripe } = connectSetup()
    const unknown = await stripeError(
      platformStripe.oauth.token({ grant_type: 'authorization_code', code: 'ac_nope' }),
    )
    expect(unknown.type).toBe('StripeInvalidGrantError')
    expect(unknown.message).toBe('Authorization code does not exist: ac_nope')

    const other = fake.createAccount({ businessName: 'Other platform' })
    const code = fake.createOAuthCode({
      platformSecretKey: platform.secretKey,
      connectedAccountId: merchant.id,
    })
    const stolen = await stripeError(
      createStripeClient(fake, other.secretKey).oauth.token({ grant_type: 'authorization_code', code }),
    )
    expect(stolen.message).toBe('Authorization code provided does not belong to you')

    const anonymous = await fake.fetch('https://connect.stripe.com/oauth/token', {
      method: 'POST',
      body: `grant_type=authorization_code&code=${code}`,
    })
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ error: 'invalid_client' })
    // The failed attempts did not burn the code.
    const token = await platformStripe.oauth.token({ grant_type: 'authorization_code', code })
    expect(token.stripe_user_id).toBe(merchant.id)
  })

  it('refreshes tokens and deauthorizes the connection', async () => {
    const { fake, platform, merchant, platformStripe } = connectSetup()
    const code = fake.createOAuthCode({
      platformSecretKey: platform.secretKey,
      connectedAccountId: merchant.id,
    })
    const token = await platformStripe.oauth.token({ grant_type: 'authorization_code', code })
    const refreshed = await platformStripe.oauth.token({
      grant_type: 'refresh_token',
      refresh_token: token.refresh_token ?? '',
    })
    expect(refreshed.access_token).not.toBe(token.access_token)
    const result = await platformStripe.oauth.deauthorize({
      client_id: platform.clientId,
      stripe_user_id: merchant.id,
    })
    expect(result).toMatchObject({ stripe_user_id: merchant.id })
    for (const key of [token.access_token, refreshed.access_token]) {
      expect((await stripeError(createStripeClient(fake, key ?? '').balance.retrieve())).statusCode).toBe(401)
    }
    const header = await stripeError(
      createStripeClient(fake, platform.secretKey, { stripeAccount: merchant.id }).customers.list(),
    )
    expect(header.statusCode).toBe(403)
  })

  it('checks the helper inputs', () => {
    const { fake, platform } = connectSetup()
    expect(() =>
      fake.createOAuthCode({ platformSecretKey: 'sk_test_unknown', connectedAccountId: platform.id }),
    ).toThrow()
    expect(() =>
      fake.createOAuthCode({ platformSecretKey: platform.secretKey, connectedAccountId: 'acct_missing' }),
    ).toThrow(/Unknown connected account/)
  })
})
