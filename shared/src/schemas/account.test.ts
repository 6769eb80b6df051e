import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { accountDataSchema, accountIdSchema, createAccountSchema, tierSchema } from './account'

function issues(schema: ZodType, value: unknown): Array<[string, string]> {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

/** A syntactically valid address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`

/** A valid dotted domain of exactly `length` characters (labels of at most 63). */
function domainOfLength(length: number): string {
  const labels: string[] = []
  let remaining = length - '.com'.length
  while (remaining > 0) {
    const size = Math.min(63, remaining - (labels.length > 0 ? 1 : 0))
    labels.push('a'.repeat(size))
    remaining -= size + (labels.length > 1 ? 1 : 0)
  }
  return `${labels.join('.')}.com`
}

describe('account email', () => {
  it('accepts valid addresses, rejects malformed ones with "Invalid email format"', () => {
    expect(issues(accountDataSchema, { email: 'owner@shop.example.com' })).toEqual([])
    for (const bad of ['owner', 'owner@', '@example.com', 'owner@example', 'own er@example.com']) {
      expect(issues(accountDataSchema, { email: bad })).toEqual([['email', 'Invalid email format']])
    }
  })

  it('255 characters pass, 256 give "Email too long"', () => {
    expect(emailOfLength(255)).toHaveLength(255)
    expect(issues(accountDataSchema, { email: emailOfLength(255) })).toEqual([])
    expect(issues(accountDataSchema, { email: emailOfLength(256) })).toEqual([['email', 'Email too long']])
  })

  it('an empty string is treated as absent', () => {
    const result = accountDataSchema.safeParse({ email: '' })
    expect(result.success).toBe(true)
    expect(result.data?.email).toBeUndefined()
  })
})

describe('account domain', () => {
  it('accepts dotted domains, rejects others with "Invalid domain format"', () => {
    for (const ok of ['example.com', 'shop.example.co.uk', 'my-shop.io']) {
      expect(issues(accountDataSchema, { domain: ok })).toEqual([])
    }
    for (const bad of [
      'localhost',
      'https://example.com',
      'example.com/path',
      '-shop.com',
      'shop_1.com',
      'a..com',
    ]) {
      expect(issues(accountDataSchema, { domain: bad })).toEqual([['domain', 'Invalid domain format']])
    }
  })

  it('255 characters pass, 256 give "Domain too long"', () => {
    expect(domainOfLength(255)).toHaveLength(255)
    expect(domainOfLength(256)).toHaveLength(256)
    expect(issues(accountDataSchema, { domain: domainOfLength(255) })).toEqual([])
    expect(issues(accountDataSchema, { domain: domainOfLength(256) })).toEqual([
      ['domain', 'Domain too long'],
    ])
  })

  it('an empty string is treated as absent', () => {
    const result = accountDataSchema.safeParse({ domain: '', email: '' })
    expect(result.success).toBe(true)
    expect(result.data?.domain).toBeUndefined()
  })
})

describe('account ID', () => {
  it('1 and 100 characters pass', () => {
    expect(issues(accountIdSchema, 'a')).toEqual([])
    expect(issues(accountIdSchema, 'a'.repeat(100))).toEqual([])
    expect(issues(accountIdSchema, 'acct_Demo-42')).toEqual([])
  })

  it('missing or empty gives only "Account ID is required"', () => {
    expect(issues(accountIdSchema, '')).toEqual([['', 'Account ID is required']])
    expect(issues(accountIdSchema, undefined)).toEqual([['', 'Account ID is required']])
  })

  it('101 characters give "Account ID too long"', () => {
    expect(issues(accountIdSchema, 'a'.repeat(101))).toEqual([['', 'Account ID too long']])
  })

  it('only letters, numbers, hyphens and underscores', () => {
    for (const bad of ['acct 1', 'acct.1', 'acct/1', '../etc', 'acct;drop', 'café']) {
      expect(issues(accountIdSchema, bad)).toEqual([
        ['', 'Account ID can only contain letters, numbers, hyphens, and underscores'],
      ])
    }
  })

  it('applies to account_id in account data', () => {
    expect(issues(accountDataSchema, { account_id: 'bad id' })).toEqual([
      ['account_id', 'Account ID can only contain letters, numbers, hyphens, and underscores'],
    ])
  })
})

describe('tier', () => {
  it('is free or pro only', () => {
    expect(issues(tierSchema, 'free')).toEqual([])
    expect(issues(tierSchema, 'pro')).toEqual([])
    for (const bad of ['growth', 'Pro', '', undefined]) expect(issues(tierSchema, bad)).toHaveLength(1)
    expect(issues(accountDataSchema, { tier: 'enterprise' }).map(([path]) => path)).toEqual(['tier'])
  })
})

describe('account payloads', () => {
  it('a full account passes and unknown fields are rejected', () => {
    const account = { account_id: 'acct_1', name: 'Demo Shop', email: 'a@b.co', domain: 'b.co', tier: 'pro' }
    expect(issues(createAccountSchema, account)).toEqual([])
    expect(issues(createAccountSchema, { ...account, stripe_secret: 'sk_live_x' }).map(([p]) => p)).toEqual([
      '',
    ])
  })

  it('name is 1-100 characters after trimming', () => {
    expect(issues(accountDataSchema, { name: 'a'.repeat(100) })).toEqual([])
    expect(issues(accountDataSchema, { name: '  ' })).toEqual([['name', 'Account name is required']])
    expect(issues(accountDataSchema, { name: 'a'.repeat(101) })).toEqual([['name', 'Account name too long']])
  })
})
