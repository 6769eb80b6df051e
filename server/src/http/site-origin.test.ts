import { hostname } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { pkcePair, uniqueEmail } from '../auth/testing'
import { localOrigin } from './site-origin'

const PORT = 8787
const LAN = '192.0.2.2'
const addresses = () => new Set(['127.0.0.1', '::1', LAN, 'fe80::1'])

describe('localOrigin: which Host headers may stand for the site', () => {
  const origin = (host: string | undefined) => localOrigin(host, { port: PORT }, addresses)

  it("takes this machine's own names and addresses", () => {
    expect(origin('localhost:8787')).toBe('http://localhost:8787')
    expect(origin('127.0.0.1:8787')).toBe('http://127.0.0.1:8787')
    expect(origin('[::1]:8787')).toBe('http://[::1]:8787')
    expect(origin('app.localhost:8787')).toBe('http://app.localhost:8787')
    expect(origin(`${LAN}:8787`)).toBe(`http://${LAN}:8787`)
    expect(origin(`${hostname()}:8787`)).toBe(`http://${hostname().toLowerCase()}:8787`)
    // Loopback on another port: a tunnel or port forward that ends on this machine.
    expect(origin('127.0.0.1:9000')).toBe('http://127.0.0.1:9000')
    expect(origin('localhost')).toBe('http://localhost')
  })

  it('refuses every other host, and anything that is not a plain host[:port]', () => {
    for (const host of [
      undefined,
      '',
      'evil.example',
      'evil.example:8787',
      'localhost.evil.example:8787',
      '127.0.0.1.nip.io:8787',
      // The machine's LAN address on a port the server does not listen on.
      `${LAN}:9000`,
      '192.0.2.3:8787',
      'localhost:8787@evil.example',
      'evil.example/localhost:8787',
      'localhost:8787/path',
      'localhost:8787?x',
      'localhost:8787#x',
      'local host:8787',
      `${'a'.repeat(400)}.localhost`,
    ]) {
      expect({ host, origin: origin(host) }).toEqual({ host, origin: null })
    }
  })
})

describe('the site without PUBLIC_URL answers as the origin it was opened at', () => {
  let t: TestContext
  let fixed: TestContext
  beforeAll(async () => {
    ;[t, fixed] = await Promise.all([
      createTestContext({ config: { publicUrlFixed: false } }),
      createTestContext(),
    ])
  })
  afterAll(async () => {
    await Promise.all([t.close(), fixed.close()])
  })

  const runtimeConfig = async (ctx: TestContext, host: string) => {
    const res = await ctx.app.request(`http://${host}/runtime-config.json`, { headers: { host } })
    expect(res.status).toBe(200)
    return (await res.json()) as Record<string, unknown>
  }

  it('runtime-config.json: the loopback origin the console came from; PUBLIC_URL once set', async () => {
    expect(await runtimeConfig(t, '127.0.0.1:8787')).toMatchObject({
      backendUrl: 'http://127.0.0.1:8787',
      apiBaseUrl: 'http://127.0.0.1:8787',
      stripeRedirectUrl: 'http://127.0.0.1:8787/stripe/callback',
      billingPortalUrl: 'http://127.0.0.1:8787/settings/?tab=billing',
      siteUrl: null,
    })
    // A Host that is not this machine's: the default origin, not the header's.
    expect(await runtimeConfig(t, 'evil.example')).toMatchObject({
      backendUrl: 'http://localhost:8787',
      apiBaseUrl: 'http://localhost:8787',
    })
    expect(await runtimeConfig(fixed, '127.0.0.1:8787')).toMatchObject({
      backendUrl: 'http://localhost:8787',
      apiBaseUrl: 'http://localhost:8787',
      siteUrl: 'http://localhost:8787',
    })
  })

  const requestLink = (ctx: TestContext, host: string, email: string, redirectTo: string) =>
    ctx.app.request(`http://${host}/auth/v1/otp?${new URLSearchParams({ redirect_to: redirectTo })}`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({
        email,
        code_challenge: pkcePair().challenge,
        code_challenge_method: 's256',
      }),
    })
  const mailedLink = async (ctx: TestContext, email: string) =>
    new URL((await ctx.readOutbox(email)).at(-1)?.link as string)

  it('a sign-in started at 127.0.0.1 is mailed a link to 127.0.0.1 that returns to 127.0.0.1', async () => {
    const email = uniqueEmail()
    const res = await requestLink(t, '127.0.0.1:8787', email, 'http://127.0.0.1:8787/auth/callback')
    expect(res.status).toBe(200)
    const link = await mailedLink(t, email)
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:8787/auth/v1/verify')
    expect(link.searchParams.get('redirect_to')).toBe('http://127.0.0.1:8787/auth/callback')
    const verify = await t.app.request(link.toString(), { headers: { host: link.host } })
    const back = new URL(verify.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:8787/auth/callback')
    expect(back.searchParams.get('code')).toBeTruthy()
  })

  it('a Host that is not this machine never shapes a mailed link (Host-header injection)', async () => {
    const email = uniqueEmail()
    const res = await requestLink(t, 'evil.example', email, 'http://evil.example/steal')
    expect(res.status).toBe(200)
    const link = await mailedLink(t, email)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8787/auth/v1/verify')
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:8787/')
    // Nor can a local Host send the sign-in back to another machine.
    const other = uniqueEmail()
    await requestLink(t, '127.0.0.1:8787', other, 'http://evil.example/steal')
    expect((await mailedLink(t, other)).searchParams.get('redirect_to')).toBe('http://127.0.0.1:8787/')
  })

  it('with PUBLIC_URL set, links and redirects stay on it whatever the Host', async () => {
    const email = uniqueEmail()
    await requestLink(fixed, '127.0.0.1:8787', email, 'http://127.0.0.1:8787/auth/callback')
    const link = await mailedLink(fixed, email)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8787/auth/v1/verify')
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:8787/')
  })
})
