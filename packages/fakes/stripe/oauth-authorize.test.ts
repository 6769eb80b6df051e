import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { createStripeFake } from './fake'

const REDIRECT = 'http://localhost:8787/stripe/callback'

function connectSetup() {
  const fake = createStripeFake()
  const platform = fake.createAccount({ businessName: 'Retainkit', clientId: 'ca_RetainkitTest123' })
  const merchant = fake.createAccount({ businessName: 'Acme Cloud', email: 'billing@acme.example' })
  return { fake, platform, merchant, platformStripe: createStripeClient(fake, platform.secretKey) }
}

function authorizeUrl(query: Record<string, string>): string {
  return `https://connect.stripe.com/oauth/authorize?${new URLSearchParams(query)}`
}

const validQuery = (clientId: string, extra: Record<string, string> = {}) => ({
  response_type: 'code',
  client_id: clientId,
  scope: 'read_write',
  state: 'state-123',
  redirect_uri: REDIRECT,
  ...extra,
})

/** Submits the consent form as a browser would (urlencoded, `+` for spaces). */
function submit(fake: ReturnType<typeof createStripeFake>, fields: Record<string, string>) {
  return fake.fetch('https://connect.stripe.com/oauth/authorize', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

describe('GET /oauth/authorize (the consent page)', () => {
  it('names the platform and offers Connect and Cancel, carrying the request in the form', async () => {
    const { fake, platform, merchant } = connectSetup()
    const res = await fake.fetch(authorizeUrl(validQuery(platform.clientId)))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html).toContain('<h1>Connect to Retainkit</h1>')
    expect(html).toContain('Retainkit would like read and write access to your Stripe account.')
    expect(html).toContain('<button type="submit" name="decision" value="connect">Connect</button>')
    expect(html).toContain('<button type="submit" name="decision" value="cancel">Cancel</button>')
    expect(html).toContain('<input type="hidden" name="state" value="state-123">')
    expect(html).toContain(`<input type="hidden" name="client_id" value="${platform.clientId}">`)
    expect(html).toContain(`value="${merchant.id}"> Acme Cloud (${merchant.id})`)
    // Nothing connected yet: a new account is the default choice; the platform is never offered.
    expect(html).toContain('<input type="radio" name="account" value="new" checked>')
    expect(html).not.toContain(`value="${platform.id}"`)
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/oauth/authorize',
      status: 200,
      accountId: platform.id,
    })
  })

  it('preselects the account the prefill e-mail names', async () => {
    const { fake, platform, merchant } = connectSetup()
    const res = await fake.fetch(
      authorizeUrl(validQuery(platform.clientId, { 'stripe_user[email]': 'billing@acme.example' })),
    )
    const html = await res.text()
    expect(html).toContain(`<input type="radio" name="account" value="${merchant.id}" checked>`)
    expect(html).toContain('<input type="hidden" name="stripe_user[email]" value="billing@acme.example">')
  })

  it('escapes what it echoes', async () => {
    const { fake, platform } = connectSetup()
    const html = await (
      await fake.fetch(authorizeUrl(validQuery(platform.clientId, { state: '"><script>alert(1)</script>' })))
    ).text()
    expect(html).not.toContain('<script>')
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
  })

  it('shows an error page for an unknown client id or an unusable redirect_uri', async () => {
    const { fake, platform } = connectSetup()
    const unknown = await fake.fetch(authorizeUrl(validQuery('ca_nope')))
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toContain('No such application: &#39;ca_nope&#39;')
    for (const redirectUri of ['not a url', 'javascript:alert(1)']) {
      const bad = await fake.fetch(authorizeUrl(validQuery(platform.clientId, { redirect_uri: redirectUri })))
      expect(bad.status).toBe(400)
      expect(await bad.text()).toContain('Invalid redirect_uri')
    }
  })

  it('reports a bad scope or response type to the redirect URI', async () => {
    const { fake, platform } = connectSetup()
    const scope = await fake.fetch(authorizeUrl(validQuery(platform.clientId, { scope: 'admin' })), {
      redirect: 'manual',
    })
    expect(scope.status).toBe(302)
    const location = new URL(scope.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'invalid_scope',
      error_description: 'Invalid scope: admin',
      state: 'state-123',
    })
    const type = await fake.fetch(authorizeUrl(validQuery(platform.clientId, { response_type: 'token' })), {
      redirect: 'manual',
    })
    expect(new URL(type.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'unsupported_response_type',
    )
  })
})

describe('POST /oauth/authorize (the consent form)', () => {
  const form = (clientId: string, extra: Record<string, string>) => ({
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'read_write',
    state: 'state-123',
    ...extra,
  })

  it('Connect with an existing account redirects with a code that exchanges for that account', async () => {
    const { fake, platform, merchant, platformStripe } = connectSetup()
    const res = await submit(fake, form(platform.clientId, { account: merchant.id, decision: 'connect' }))
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    expect(location.searchParams.get('state')).toBe('state-123')
    expect(location.searchParams.get('scope')).toBe('read_write')
    const code = location.searchParams.get('code') ?? ''
    expect(code).toMatch(/^ac_/)
    const token = await platformStripe.oauth.token({ grant_type: 'authorization_code', code })
    expect(token).toMatchObject({
      stripe_user_id: merchant.id,
      stripe_publishable_key: merchant.publishableKey,
      scope: 'read_write',
    })
    // Reconnecting offers the now-connected account first, preselected.
    const html = await (await fake.fetch(authorizeUrl(validQuery(platform.clientId)))).text()
    expect(html).toContain(`<input type="radio" name="account" value="${merchant.id}" checked>`)
  })

  it('Connect with a new account creates one, named from the prefill', async () => {
    const { fake, platform, platformStripe } = connectSetup()
    const res = await submit(
      fake,
      form(platform.clientId, {
        account: 'new',
        decision: 'connect',
        'stripe_user[business_name]': 'New Shop',
        'stripe_user[email]': 'owner@newshop.example',
      }),
    )
    const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? ''
    const token = await platformStripe.oauth.token({ grant_type: 'authorization_code', code })
    const account = await createStripeClient(fake, token.access_token ?? '').accounts.retrieveCurrent()
    expect(account.business_profile?.name).toBe('New Shop')
    expect(account.email).toBe('owner@newshop.example')
  })

  it('Cancel redirects with access_denied and the state, and issues no code', async () => {
    const { fake, platform } = connectSetup()
    const res = await submit(fake, form(platform.clientId, { decision: 'cancel' }))
    expect(res.status).toBe(302)
    expect(Object.fromEntries(new URL(res.headers.get('location') ?? '').searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The user denied your request',
      state: 'state-123',
    })
  })

  it('refuses an unknown account, the platform itself, or no decision', async () => {
    const { fake, platform } = connectSetup()
    for (const account of ['acct_missing', platform.id]) {
      const res = await submit(fake, form(platform.clientId, { account, decision: 'connect' }))
      expect(res.status).toBe(400)
    }
    expect((await submit(fake, form(platform.clientId, {}))).status).toBe(400)
    expect((await submit(fake, form('ca_nope', { decision: 'connect' }))).status).toBe(400)
  })

  it('works over loopback as a browser would use it', async () => {
    const { fake, platform, merchant } = connectSetup()
    const server = await fake.listen(0)
    try {
      const page = await fetch(
        `${server.url}/oauth/authorize?${new URLSearchParams(validQuery(platform.clientId))}`,
      )
      expect(await page.text()).toContain('action="/oauth/authorize"')
      const res = await fetch(`${server.url}/oauth/authorize`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form(platform.clientId, { account: merchant.id, decision: 'connect' })),
        redirect: 'manual',
      })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toMatch(/^http:\/\/localhost:8787\/stripe\/callback\?code=ac_/)
    } finally {
      await server.close()
    }
  })
})

describe('fixed client ids', () => {
  it('are validated and unique', () => {
    const fake = createStripeFake()
    expect(fake.createAccount({ clientId: 'ca_Fixed1' }).clientId).toBe('ca_Fixed1')
    expect(() => fake.createAccount({ clientId: 'ca_Fixed1' })).toThrow(/taken/)
    expect(() => fake.createAccount({ clientId: 'client-1' })).toThrow(/ca_/)
  })
})
