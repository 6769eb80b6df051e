import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { apiKeySchema, credentialsSchema } from './credentials'

function issues(schema: ZodType, value: unknown): Array<[string, string]> {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

const valid = { gateway: 'stripe', api_key: 'sk_test_51HxYz0abc', access_token: 'pk_test_51HxYz0abc' }

describe('provider keys', () => {
  it('accepts secret (sk_live_, sk_test_) and restricted (rk_) keys as the secret key', () => {
    for (const key of ['sk_test_51HxYz0abc', 'sk_live_51HxYz0abc', 'rk_live_51HxYz0abc', 'rk_test_abc']) {
      expect(issues(credentialsSchema, { ...valid, api_key: key })).toEqual([])
    }
  })

  it('a secret key not starting with sk_ gives "Invalid Stripe secret key format"', () => {
    for (const bad of ['pk_test_51HxYz0abc', 'sk-test-abc', 'test_abc', '', 'sk_test_abc;drop', 'sk_']) {
      expect(issues(credentialsSchema, { ...valid, api_key: bad })).toEqual([
        ['api_key', 'Invalid Stripe secret key format'],
      ])
    }
  })

  it('a publishable key not starting with pk_ gives "Invalid Stripe publishable key format"', () => {
    for (const bad of ['sk_test_51HxYz0abc', 'rk_test_abc', 'pk-test', '', 'pk_']) {
      expect(issues(credentialsSchema, { ...valid, access_token: bad })).toEqual([
        ['access_token', 'Invalid Stripe publishable key format'],
      ])
    }
  })

  it('both keys are required', () => {
    expect(issues(credentialsSchema, valid)).toEqual([])
    expect(issues(credentialsSchema, { gateway: 'stripe', access_token: valid.access_token })).toEqual([
      ['api_key', 'Invalid Stripe secret key format'],
    ])
    expect(issues(credentialsSchema, { gateway: 'stripe', api_key: valid.api_key })).toEqual([
      ['access_token', 'Invalid Stripe publishable key format'],
    ])
  })

  it('gateway is fixed to stripe', () => {
    expect(issues(credentialsSchema, { ...valid, gateway: 'paypal' })).toEqual([
      ['gateway', 'Only Stripe is supported'],
    ])
  })
})

describe('API key: 32-255 characters', () => {
  it('32 and 255 pass', () => {
    expect(issues(apiKeySchema, 'k'.repeat(32))).toEqual([])
    expect(issues(apiKeySchema, 'k'.repeat(255))).toEqual([])
  })

  it('31 and 256 fail', () => {
    expect(issues(apiKeySchema, 'k'.repeat(31))).toEqual([['', 'API key must be at least 32 characters']])
    expect(issues(apiKeySchema, 'k'.repeat(256))).toEqual([['', 'API key too long']])
    expect(issues(apiKeySchema, undefined)).toEqual([['', 'API key is required']])
  })
})
