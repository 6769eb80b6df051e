import { Hono } from 'hono'
import { createLocalJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { createMemoryLogger } from '../../services/logger'
import { createOutboxMailer } from '../../services/mailer'
import { authRequest, PUBLIC, signInWithLink } from '../testing'
import { authRoutes } from '.'
import type { OutboxEntry } from './meta'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext({
    config: {
      oauthProviders: [
        {
          name: 'github',
          clientId: 'gh-client',
          clientSecret: 'gh-secret-value',
          authorizeUrl: 'https://github.com/login/oauth/authorize',
          tokenUrl: 'https://github.com/login/oauth/access_token',
          userinfoUrl: 'https://api.github.com/user',
          emailsUrl: 'https://api.github.com/user/emails',
          scopes: 'read:user user:email',
        },
      ],
    },
  })
})
afterAll(() => t.close())

describe('GET /auth/v1/.well-known/jwks.json', () => {
  it('publishes the ES256 public keys (cacheable for 10 minutes) that verify our access tokens', async () => {
    const res = await authRequest(t, '/auth/v1/.well-known/jwks.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=600')
    const jwks = (await res.json()) as { keys: Record<string, unknown>[] }
    expect(jwks.keys.length).toBeGreaterThan(0)
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })
      expect(key).not.toHaveProperty('d')
    }
    const session = await signInWithLink(t)
    const { payload, protectedHeader } = await jwtVerify(
      session.access_token,
      createLocalJWKSet(jwks as never),
      { issuer: `${PUBLIC}/auth/v1`, audience: 'authenticated', currentDate: t.clock.now() },
    )
    expect(protectedHeader.alg).toBe('ES256')
    expect(payload.sub).toBe(session.user.id)
  })
})

describe('GET /auth/v1/settings', () => {
  it('lists email and exactly the configured social providers, never their secrets', async () => {
    const res = await authRequest(t, '/auth/v1/settings')
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      external: { email: true, phone: false, anonymous_users: false, github: true },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    })
    expect(text).not.toContain('gh-secret-value')
    expect(text).not.toContain('gh-client')
  })
})

describe('GET /auth/v1/dev/outbox', () => {
  it('lists stored mail newest first, filtered by recipient', async () => {
    const mailer = createOutboxMailer(t.database.db, createMemoryLogger())
    const write = process.stdout.write
    process.stdout.write = () => true
    try {
      const from = { name: 'Retainkit', address: 'no-reply@localhost' }
      const mail = (to: string, subject: string, text: string, link?: string) =>
        mailer.send({ from, to, subject, text, html: `<p>${text}</p>`, ...(link ? { link } : {}) })
      await mail('a@example.com', 'first', 'one', `${PUBLIC}/l/1`)
      await mail('b@example.com', 'second', 'two', `${PUBLIC}/l/2`)
      await mail('a@example.com', 'third', 'three')
    } finally {
      process.stdout.write = write
    }
    const all = (await (
      await authRequest(t, '/auth/v1/dev/outbox', { peer: '127.0.0.1' })
    ).json()) as OutboxEntry[]
    expect(all.map((m) => m.subject)).toEqual(['third', 'second', 'first'])
    expect(all[1]).toEqual({
      to: 'b@example.com',
      subject: 'second',
      text: 'two',
      link: `${PUBLIC}/l/2`,
      sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(all[0]?.link).toBeNull()
    const res = await authRequest(t, '/auth/v1/dev/outbox?to=A@Example.com', { peer: '::1' })
    expect(res.headers.get('cache-control')).toBe('no-store')
    const mine = (await res.json()) as OutboxEntry[]
    expect(mine.map((m) => m.subject)).toEqual(['third', 'first'])
    expect((await authRequest(t, '/auth/v1/dev/outbox?to=not-an-email', { peer: '127.0.0.1' })).status).toBe(
      400,
    )
  })

  it('answers only loopback peers that no proxy forwarded: anyone else gets 404', async () => {
    const notFound = { code: 'not_found', message: 'Not found' }
    for (const peer of ['192.0.2.10', '10.0.0.7', '::ffff:172.16.0.1', '2001:db8::1']) {
      const res = await authRequest(t, '/auth/v1/dev/outbox', { peer })
      expect(res.status, peer).toBe(404)
      expect(await res.json()).toEqual(notFound)
    }
    // A reverse proxy on this machine forwards the world from a loopback socket: not local either.
    const forwardedBy: Record<string, string>[] = [
      { 'x-forwarded-for': '198.51.100.4' },
      { forwarded: 'for=198.51.100.4' },
      { 'x-real-ip': '198.51.100.4' },
    ]
    for (const headers of forwardedBy) {
      const res = await authRequest(t, '/auth/v1/dev/outbox', { peer: '127.0.0.1', headers })
      expect(res.status, JSON.stringify(headers)).toBe(404)
    }
    // In process there is no peer at all: not loopback.
    expect((await authRequest(t, '/auth/v1/dev/outbox')).status).toBe(404)
    expect((await authRequest(t, '/auth/v1/dev/outbox', { peer: '127.0.0.1' })).status).toBe(200)
  })

  it('does not exist when mail goes out through SMTP', async () => {
    const smtp = await createTestContext({ config: { smtpUrl: 'smtp://mail.example:587' } })
    try {
      const res = await authRequest(smtp, '/auth/v1/dev/outbox', { peer: '127.0.0.1' })
      expect(res.status).toBe(404)
      const runtime = (await (await smtp.request('/runtime-config.json')).json()) as { devOutbox: boolean }
      expect(runtime.devOutbox).toBe(false)
    } finally {
      await smtp.close()
    }
  })

  it('does not exist in production', async () => {
    const prod = await createTestContext({ config: { production: true, nodeEnv: 'production' } })
    try {
      const res = await authRequest(prod, '/auth/v1/dev/outbox', { peer: '127.0.0.1' })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ code: 'not_found', message: 'Not found' })
    } finally {
      await prod.close()
    }
  })
})

describe('the rest of /auth/v1', () => {
  it('answers unknown paths and methods with GoTrue JSON 404s, not the site page', async () => {
    for (const [method, path] of [
      ['GET', '/auth/v1/nothing'],
      ['GET', '/auth/v1/otp'],
      ['POST', '/auth/v1/signup'],
    ] as const) {
      const res = await authRequest(t, path, { method })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toContain('application/json')
    }
  })

  it('needs no x-api-key, and 413s oversized bodies', async () => {
    const res = await t.request('/auth/v1/settings', { apiKey: null })
    expect(res.status).toBe(200)
    const big = await t.request('/auth/v1/otp', {
      apiKey: null,
      rawBody: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    })
    expect(big.status).toBe(413)
  })

  it('serves nothing when a Supabase project does auth (no signing keys)', async () => {
    const app = new Hono().route('/', authRoutes({ ...t.deps, signingKeys: null }))
    expect((await app.request(`${PUBLIC}/auth/v1/settings`)).status).toBe(404)
    expect((await app.request(`${PUBLIC}/auth/v1/otp`, { method: 'POST', body: '{}' })).status).toBe(404)
  })
})
