import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { parseTrustProxy } from '../../http/client-address'
import { sha256Hex } from '../crypto'
import {
  authRequest,
  CALLBACK,
  errorBody,
  follow,
  lastLink,
  PUBLIC,
  pkcePair,
  requestLink,
  uniqueEmail,
} from '../testing'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const EXPIRED_QUERY =
  'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired'

async function tokenRows(email: string) {
  return t.database.db.selectFrom('auth_one_time_tokens').selectAll().where('email', '=', email).execute()
}

describe('POST /auth/v1/otp', () => {
  it('mails a one-time link and answers {} like GoTrue', async () => {
    const email = uniqueEmail()
    const res = await requestLink(t, email, { challenge: pkcePair().challenge })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({})
    const message = (await t.readOutbox()).at(-1)
    expect(message).toMatchObject({ to: email, subject: 'Your Retainkit sign-in link' })
    const link = new URL(message?.link ?? '')
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC}/auth/v1/verify`)
    expect(link.searchParams.get('type')).toBe('signup')
    expect(link.searchParams.get('redirect_to')).toBe(CALLBACK)
    expect(link.searchParams.get('token')).toMatch(/^pkce_[A-Za-z0-9_-]{43}$/)
    expect(message?.text).toContain(message?.link)
    expect(message?.text).toContain('expires in 15 minutes')
  })

  it('stores the token only as a SHA-256 hash, with the PKCE challenge', async () => {
    const email = uniqueEmail()
    const { challenge } = pkcePair()
    await requestLink(t, email, { challenge })
    const token = (await lastLink(t, email)).searchParams.get('token') ?? ''
    const rows = await tokenRows(email)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).toBe(sha256Hex(token))
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(JSON.stringify(rows)).not.toContain(token.slice(5))
    expect(rows[0]).toMatchObject({ code_challenge: challenge, code_challenge_method: 's256' })
    expect(new Date(rows[0]?.expires_at ?? 0).getTime() - t.clock.now().getTime()).toBe(15 * 60_000)
  })

  it('lowercases the email and uses type=magiclink once the user exists', async () => {
    const email = uniqueEmail('Mixed').replace('mixed', 'MiXeD')
    await requestLink(t, email)
    await follow(t, await lastLink(t, email))
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(new Date(user.last_sign_in_at ?? 0).toISOString()).toBe(t.clock.now().toISOString())
    expect(user.email_confirmed_at).not.toBeNull()
    t.clock.advance(61_000)
    await requestLink(t, email)
    expect((await lastLink(t, email)).searchParams.get('type')).toBe('magiclink')
  })

  it('allows redirects only to the site origin, falling back to the site root', async () => {
    const cases: [string, string][] = [
      [`${PUBLIC}/auth/callback/`, `${PUBLIC}/auth/callback/`],
      [`${PUBLIC}/dashboard/?account_id=a`, `${PUBLIC}/dashboard/?account_id=a`],
      ['https://evil.example/auth/callback', `${PUBLIC}/`],
      ['//evil.example/x', `${PUBLIC}/`],
      ['http://localhost:9999/auth/callback', `${PUBLIC}/`],
      ['http://127.0.0.1:8787/auth/callback', `${PUBLIC}/`],
      ['https://localhost:8787/auth/callback', `${PUBLIC}/`],
      ['http://user:pw@localhost:8787/', `${PUBLIC}/`],
      ['javascript:alert(1)', `${PUBLIC}/`],
    ]
    for (const [given, expected] of cases) {
      const email = uniqueEmail()
      await requestLink(t, email, { redirectTo: given })
      expect((await lastLink(t, email)).searchParams.get('redirect_to')).toBe(expected)
    }
  })

  it('refuses a new address when create_user is false, sending nothing', async () => {
    const email = uniqueEmail()
    const before = (await t.readOutbox()).length
    const res = await requestLink(t, email, { createUser: false })
    expect(res.status).toBe(422)
    expect(await errorBody(res)).toEqual({ code: 'otp_disabled', message: 'Signups not allowed for otp' })
    expect((await t.readOutbox()).length).toBe(before)
    const { userId } = await t.signIn(email)
    expect(userId).toBeTruthy()
    expect((await requestLink(t, email, { createUser: false })).status).toBe(200)
  })

  it('sends at most one mail per address per 60 seconds (429 over_email_send_rate_limit)', async () => {
    const email = uniqueEmail()
    expect((await requestLink(t, email)).status).toBe(200)
    t.clock.advance(15_000)
    const again = await requestLink(t, email)
    expect(again.status).toBe(429)
    expect(await errorBody(again)).toEqual({
      code: 'over_email_send_rate_limit',
      message: 'For security purposes, you can only request this after 45 seconds.',
    })
    t.clock.advance(45_000)
    expect((await requestLink(t, email)).status).toBe(200)
    expect(await t.readOutbox(email)).toHaveLength(2)
  })

  it('limits requests per client IP, behind a proxy by the forwarded address', async () => {
    const send = (ip: string, forwarded?: string) =>
      t.app.request(
        `${PUBLIC}/auth/v1/otp`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
          },
          body: JSON.stringify({ email: uniqueEmail('ip') }),
        },
        { incoming: { socket: { remoteAddress: ip } } },
      )
    for (let i = 0; i < 20; i += 1) expect((await send('203.0.113.9')).status).toBe(200)
    const limited = await send('203.0.113.9')
    expect(limited.status).toBe(429)
    // No X-Supabase-Api-Version header here: GoTrue's legacy body.
    expect(await limited.json()).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
    })
    // A peer cannot dodge the limit with its own X-Forwarded-For...
    expect((await send('203.0.113.9', '198.51.100.1')).status).toBe(429)
    // ...but behind the proxy TRUST_PROXY names, each forwarded client has its own bucket.
    t.deps.config.trustProxy = parseTrustProxy('10.0.0.2')
    try {
      expect((await send('10.0.0.2', '198.51.100.7')).status).toBe(200)
      expect((await send('10.0.0.2', '203.0.113.9')).status).toBe(429)
    } finally {
      t.deps.config.trustProxy = parseTrustProxy(undefined)
    }
    // A new window starts after ten minutes.
    t.clock.advance(10 * 60_000)
    expect((await send('203.0.113.9')).status).toBe(200)
  })

  it('answers bad input with GoTrue 4xx errors, modern or legacy shaped', async () => {
    const bad = await authRequest(t, '/auth/v1/otp', { body: { email: 'not-an-email' } })
    expect(bad.status).toBe(400)
    expect(bad.headers.get('X-Supabase-Api-Version')).toBe('2024-01-01')
    expect(await errorBody(bad)).toEqual({
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })
    const legacy = await authRequest(t, '/auth/v1/otp', { body: { email: '' }, legacy: true })
    expect(legacy.status).toBe(400)
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'An email address is required',
    })
    const broken = await t.app.request(`${PUBLIC}/auth/v1/otp`, { method: 'POST', body: '{"email":' })
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { error_code: string }).error_code).toBe('bad_json')
    const array = await authRequest(t, '/auth/v1/otp', { body: [1, 2] })
    expect(array.status).toBe(400)
    const phone = await authRequest(t, '/auth/v1/otp', { body: { phone: '+15551234567' } })
    expect(phone.status).toBe(422)
    const cases: [Record<string, unknown>, string][] = [
      [
        { code_challenge: pkcePair().challenge, code_challenge_method: 'md5' },
        'code challenge method not supported',
      ],
      [
        { code_challenge: 'short', code_challenge_method: 's256' },
        'code challenge has to be between 43 and 128 characters',
      ],
      [
        { code_challenge: pkcePair().challenge },
        'PKCE flow requires code_challenge_method and code_challenge',
      ],
      [{ data: { blob: 'x'.repeat(5000) } }, 'User metadata is too large'],
      [{ create_user: 'yes' }, 'Invalid input: expected boolean, received string'],
    ]
    for (const [extra, message] of cases) {
      const res = await authRequest(t, '/auth/v1/otp', { body: { email: uniqueEmail(), ...extra } })
      expect(res.status).toBe(400)
      expect((await errorBody(res)).message).toBe(message)
    }
  })

  it('a sign-in mail the mail server refuses once is retried and its link still works', async () => {
    await t.readOutbox() // what earlier tests queued goes out first
    const mailer = t.deps.mailer
    let calls = 0
    t.deps.mailer = {
      send: async (message) => {
        calls += 1
        if (calls === 1) throw new Error(`421 4.3.2 ${message.to} try again later`)
        return mailer.send(message)
      },
    }
    const email = uniqueEmail()
    try {
      const res = await requestLink(t, email, { challenge: pkcePair().challenge })
      expect(res.status).toBe(200)
      expect(await t.readOutbox(email)).toEqual([])
      const row = await t.database.db
        .selectFrom('mail_outbox')
        .select(['status', 'attempts', 'last_error', 'next_attempt_at'])
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({ status: 'pending', attempts: 1 })
      expect(row.last_error).toContain('try again later')
      expect(row.last_error).not.toContain(email)
      expect(new Date(row.next_attempt_at).getTime() - t.clock.now().getTime()).toBe(10_000)
      t.clock.advance(10_000)
      const [mail] = await t.readOutbox(email)
      expect(mail?.subject).toBe('Your Retainkit sign-in link')
      const { status, location } = await follow(t, new URL(mail?.link ?? ''))
      expect(status).toBe(303)
      expect(location.searchParams.get('code')).toBeTruthy()
    } finally {
      t.deps.mailer = mailer
    }
  })

  it('words the sign-in mail in the language the browser asks for', async () => {
    const email = uniqueEmail()
    const res = await authRequest(t, '/auth/v1/otp', {
      body: { email },
      headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' },
    })
    expect(res.status).toBe(200)
    const [mail] = await t.readOutbox(email)
    expect(mail?.subject).toBe('Ihr Anmeldelink für Retainkit')
    expect(mail?.text).toContain('läuft in 15 Minuten ab')
    expect(mail?.html).toContain('<html lang="de"')
  })
})

describe('GET /auth/v1/verify', () => {
  it('PKCE: marks the token used and 303-redirects to redirect_to with a code', async () => {
    const email = uniqueEmail()
    await requestLink(t, email, { challenge: pkcePair().challenge, redirectTo: `${PUBLIC}/auth/callback/` })
    const { status, location } = await follow(t, await lastLink(t, email))
    expect(status).toBe(303)
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC}/auth/callback/`)
    expect(location.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/)
    expect(location.hash).toBe('')
    const rows = await tokenRows(email)
    expect(rows[0]?.used_at).not.toBeNull()
    const flow = await t.database.db
      .selectFrom('auth_flow_codes')
      .selectAll()
      .where('code_hash', '=', sha256Hex(location.searchParams.get('code') ?? ''))
      .executeTakeFirstOrThrow()
    expect(new Date(flow.expires_at).getTime() - t.clock.now().getTime()).toBe(5 * 60_000)
  })

  it('is single use: the second visit gets otp_expired in query and fragment', async () => {
    const email = uniqueEmail()
    await requestLink(t, email, { challenge: pkcePair().challenge })
    const link = await lastLink(t, email)
    expect((await follow(t, link)).location.searchParams.get('code')).toBeTruthy()
    const second = await follow(t, link)
    expect(second.status).toBe(303)
    expect(`${second.location.origin}${second.location.pathname}`).toBe(`${PUBLIC}/auth/callback`)
    expect(second.location.search).toBe(`?${EXPIRED_QUERY}`)
    expect(second.location.hash).toBe(`#${EXPIRED_QUERY}`)
  })

  it('expires after 15 minutes', async () => {
    const email = uniqueEmail()
    await requestLink(t, email, { challenge: pkcePair().challenge })
    const first = await lastLink(t, email)
    t.clock.advance(15 * 60_000 - 1000)
    expect((await follow(t, first)).location.searchParams.get('code')).toBeTruthy()
    t.clock.advance(61_000)
    await requestLink(t, email, { challenge: pkcePair().challenge })
    const second = await lastLink(t, email)
    t.clock.advance(15 * 60_000)
    expect((await follow(t, second)).location.search).toBe(`?${EXPIRED_QUERY}`)
  })

  it('refuses unknown tokens and a link whose type was changed', async () => {
    const unknown = await follow(
      t,
      `${PUBLIC}/auth/v1/verify?token=pkce_nope&type=magiclink&redirect_to=${CALLBACK}`,
    )
    expect(unknown.location.search).toBe(`?${EXPIRED_QUERY}`)
    const email = uniqueEmail()
    await requestLink(t, email, { challenge: pkcePair().challenge })
    const link = await lastLink(t, email)
    link.searchParams.set('type', 'magiclink')
    expect((await follow(t, link)).location.search).toBe(`?${EXPIRED_QUERY}`)
  })

  it('never redirects an error off-site', async () => {
    const res = await follow(
      t,
      `${PUBLIC}/auth/v1/verify?token=pkce_x&type=signup&redirect_to=https://evil.example/`,
    )
    expect(res.location.origin).toBe(PUBLIC)
    expect(res.location.pathname).toBe('/')
  })

  it('implicit flow (no challenge): the session travels in the fragment', async () => {
    const email = uniqueEmail()
    await requestLink(t, email)
    const link = await lastLink(t, email)
    expect(link.searchParams.get('token')?.startsWith('pkce_')).toBe(false)
    const { status, location } = await follow(t, link)
    expect(status).toBe(303)
    expect(location.search).toBe('')
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('token_type')).toBe('bearer')
    expect(fragment.get('expires_in')).toBe('3600')
    expect(fragment.get('type')).toBe('signup')
    expect(Number(fragment.get('expires_at'))).toBe(Math.floor(t.clock.now().getTime() / 1000) + 3600)
    const user = await authRequest(t, '/auth/v1/user', { token: fragment.get('access_token') ?? '' })
    expect(((await user.json()) as { email: string }).email).toBe(email)
    // An unknown implicit token reports the error in the fragment only.
    const bad = await follow(t, `${PUBLIC}/auth/v1/verify?token=nope&type=magiclink&redirect_to=${CALLBACK}`)
    expect(bad.location.search).toBe('')
    expect(bad.location.hash).toBe(`#${EXPIRED_QUERY}`)
  })

  it('answers a missing token or an unsupported type with a JSON 400', async () => {
    const missing = await authRequest(t, '/auth/v1/verify?type=magiclink')
    expect(missing.status).toBe(400)
    expect(await errorBody(missing)).toEqual({
      code: 'validation_failed',
      message: 'Verify requires a token',
    })
    const type = await authRequest(t, '/auth/v1/verify?token=x&type=recovery')
    expect(type.status).toBe(400)
    expect((await errorBody(type)).message).toBe('Unsupported verification type')
  })
})
