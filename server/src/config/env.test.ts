import { describe, expect, it } from 'vitest'
import { ConfigurationError, loadConfig } from './env'

const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/app')
  } catch (error) {
    if (error instanceof ConfigurationError) return { variable: error.variable, message: error.message }
    throw error
  }
  throw new Error('expected a configuration error')
}

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({}, '/srv/app')
    expect(config).toMatchObject({
      port: 8787,
      publicUrl: 'http://localhost:8787',
      dataDir: '/srv/app/.data',
      databaseUrl: null,
      databasePoolSize: 10,
      supabase: null,
      seedDemo: true,
    })
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ RETAINKIT_SECRET_KEY: 'short' }, 'RETAINKIT_SECRET_KEY'],
    [{ RETAINKIT_API_KEY: 'too-short' }, 'RETAINKIT_API_KEY'],
    [{ SUPABASE_URL: 'https://x.supabase.co' }, 'SUPABASE_ANON_KEY'],
    [{ SUPABASE_URL: 'https://x.supabase.co', SUPABASE_ANON_KEY: 'short' }, 'SUPABASE_ANON_KEY'],
    [{ SUPABASE_ANON_KEY: 'a'.repeat(30) }, 'SUPABASE_URL'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ STRIPE_CLIENT_ID: 'client' }, 'STRIPE_CLIENT_ID'],
    [{ STRIPE_PLATFORM_SECRET_KEY: 'pk_test_x' }, 'STRIPE_PLATFORM_SECRET_KEY'],
    [{ STRIPE_API_BASE: 'localhost:12111' }, 'STRIPE_API_BASE'],
    [{ RETAINKIT_SEED_DEMO: 'yes' }, 'RETAINKIT_SEED_DEMO'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: '201' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
  ])('stops on a bad value and names the variable: %o', (env, variable) => {
    const { variable: named, message } = failure(env)
    expect(named).toBe(variable)
    expect(message).toMatch(new RegExp(`^CONFIGURATION_ERROR: ${variable} `))
  })

  it('sizes the PostgreSQL pool as told', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '32' }, '/srv/app').databasePoolSize).toBe(32)
  })

  it('requires a shared secret key in production on PostgreSQL', () => {
    expect(
      failure({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', SMTP_URL: 'smtp://m' }).variable,
    ).toBe('RETAINKIT_SECRET_KEY')
  })

  it('requires SMTP in production with embedded auth, never printing sign-in links', () => {
    expect(failure({ NODE_ENV: 'production', RETAINKIT_SECRET_KEY: 'ab'.repeat(32) }).variable).toBe(
      'SMTP_URL',
    )
  })

  it('keeps evidence three years by default, longer when asked, never less', () => {
    expect(loadConfig({}, '/srv/app').evidenceRetentionYears).toBe(3)
    expect(loadConfig({ EVIDENCE_RETENTION_YEARS: '7' }, '/srv/app').evidenceRetentionYears).toBe(7)
    for (const bad of ['2', '0', 'three', '1.5'])
      expect(failure({ EVIDENCE_RETENTION_YEARS: bad }).variable).toBe('EVIDENCE_RETENTION_YEARS')
  })

  it('lets webhooks reach loopback only when a test asks, and never in production', () => {
    expect(loadConfig({}, '/srv/app').webhooksAllowLoopback).toBe(false)
    expect(loadConfig({ RETAINKIT_WEBHOOKS_ALLOW_LOOPBACK: '1' }, '/srv/app').webhooksAllowLoopback).toBe(
      true,
    )
    expect(
      failure({
        NODE_ENV: 'production',
        RETAINKIT_SECRET_KEY: 'ab'.repeat(32),
        SMTP_URL: 'smtp://m',
        RETAINKIT_WEBHOOKS_ALLOW_LOOPBACK: '1',
      }).variable,
    ).toBe('RETAINKIT_WEBHOOKS_ALLOW_LOOPBACK')
  })

  it('accepts a hex or base64 secret key of 32 bytes', () => {
    expect(loadConfig({ RETAINKIT_SECRET_KEY: 'ab'.repeat(32) }).secretKey?.length).toBe(32)
    expect(
      loadConfig({ RETAINKIT_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') }).secretKey?.length,
    ).toBe(32)
  })

  describe('platform billing', () => {
    const billing = {
      STRIPE_PLATFORM_SECRET_KEY: 'sk_test_platform',
      STRIPE_PRICE_PRO_MONTHLY: 'price_monthly',
      STRIPE_PRICE_PRO_ANNUAL: 'price_annual',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    }

    it('is off without billing variables, even with a platform key (Connect only)', () => {
      expect(loadConfig({}).billing).toBeNull()
      expect(loadConfig({ STRIPE_PLATFORM_SECRET_KEY: 'sk_test_platform' }).billing).toBeNull()
    })

    it('reads the key, both Pro prices, the overage price and the webhook secret', () => {
      expect(loadConfig({ ...billing, STRIPE_PRICE_PRO_OVERAGE: 'price_overage' }).billing).toEqual({
        secretKey: 'sk_test_platform',
        prices: { monthly: 'price_monthly', annual: 'price_annual', overage: 'price_overage' },
        webhookSecret: 'whsec_abc123',
        meterEventName: 'retainkit_cancel_sessions',
      })
    })

    it.each([
      [{ ...billing, STRIPE_PLATFORM_SECRET_KEY: '' }, 'STRIPE_PLATFORM_SECRET_KEY'],
      [{ ...billing, STRIPE_PRICE_PRO_MONTHLY: '' }, 'STRIPE_PRICE_PRO_MONTHLY'],
      [{ ...billing, STRIPE_PRICE_PRO_ANNUAL: 'prod_x' }, 'STRIPE_PRICE_PRO_ANNUAL'],
      [{ ...billing, STRIPE_PRICE_PRO_ANNUAL: 'price_monthly' }, 'STRIPE_PRICE_PRO_ANNUAL'],
      [{ ...billing, STRIPE_WEBHOOK_SECRET: '' }, 'STRIPE_WEBHOOK_SECRET'],
      [{ ...billing, STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
      [{ ...billing, STRIPE_PRICE_PRO_OVERAGE: 'overage' }, 'STRIPE_PRICE_PRO_OVERAGE'],
      [{ ...billing, STRIPE_METER_EVENT_NAME: 'has spaces' }, 'STRIPE_METER_EVENT_NAME'],
      [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, 'STRIPE_PRICE_PRO_MONTHLY'],
    ])('stops on a half or bad billing configuration and names the variable: %o', (env, variable) => {
      expect(failure(env).variable).toBe(variable)
    })
  })
})
