import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import {
  couponListQuerySchema,
  createCouponSchema,
  stripeOAuthCallbackSchema,
  stripeOAuthStartSchema,
} from './stripe'

function issues(schema: ZodType, value: unknown): Array<[string, string]> {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

const coupon = (config: Record<string, unknown>) => ({ account_id: 'acct-1', config })

describe('createCouponSchema', () => {
  it('accepts the three durations, with months only for repeating', () => {
    expect(issues(createCouponSchema, coupon({ percent_off: 20, duration: 'once' }))).toEqual([])
    expect(issues(createCouponSchema, coupon({ percent_off: 100, duration: 'forever' }))).toEqual([])
    expect(
      issues(
        createCouponSchema,
        coupon({
          percent_off: 12.5,
          duration: 'repeating',
          duration_in_months: 3,
          name: 'Stay',
          id: 'STAY_1',
        }),
      ),
    ).toEqual([])
  })

  it('holds percent_off to 1–100 with at most two decimals', () => {
    for (const bad of [0, 0.5, 100.01, 101, -5, '20', null]) {
      expect(issues(createCouponSchema, coupon({ percent_off: bad, duration: 'once' }))).toEqual([
        ['config.percent_off', 'Percent off must be between 1 and 100'],
      ])
    }
    expect(issues(createCouponSchema, coupon({ percent_off: 33.333, duration: 'once' }))).toEqual([
      ['config.percent_off', 'Percent off can have at most two decimal places'],
    ])
  })

  it('requires duration_in_months iff the duration is repeating', () => {
    expect(issues(createCouponSchema, coupon({ percent_off: 20, duration: 'repeating' }))).toEqual([
      ['config.duration_in_months', 'Duration in months is required for repeating coupons'],
    ])
    expect(
      issues(createCouponSchema, coupon({ percent_off: 20, duration: 'once', duration_in_months: 3 })),
    ).toEqual([['config.duration_in_months', 'Duration in months is only allowed for repeating coupons']])
    for (const bad of [0, 1.5, 37]) {
      expect(
        issues(
          createCouponSchema,
          coupon({ percent_off: 20, duration: 'repeating', duration_in_months: bad }),
        ),
      ).toEqual([['config.duration_in_months', 'Duration in months must be a whole number between 1 and 36']])
    }
  })

  it('checks the duration, the id pattern and the name length', () => {
    expect(issues(createCouponSchema, coupon({ percent_off: 20, duration: 'weekly' }))).toEqual([
      ['config.duration', "Duration must be 'once', 'repeating' or 'forever'"],
    ])
    expect(issues(createCouponSchema, coupon({ percent_off: 20, duration: 'once', id: 'bad id!' }))).toEqual([
      ['config.id', 'Coupon ID can only contain letters, numbers, hyphens, and underscores'],
    ])
    expect(
      issues(createCouponSchema, coupon({ percent_off: 20, duration: 'once', id: 'A'.repeat(51) })),
    ).toEqual([['config.id', 'Coupon ID too long']])
    expect(
      issues(createCouponSchema, coupon({ percent_off: 20, duration: 'once', name: 'n'.repeat(41) })),
    ).toEqual([['config.name', 'Coupon name too long']])
  })

  it('treats empty optional strings as absent', () => {
    const parsed = createCouponSchema.parse(coupon({ percent_off: 20, duration: 'once', id: '', name: '' }))
    expect(parsed.config).toEqual({ percent_off: 20, duration: 'once' })
  })

  it('refuses unknown fields, a missing config and a bad account id', () => {
    expect(issues(createCouponSchema, coupon({ percent_off: 20, duration: 'once', amount_off: 5 }))).toEqual([
      ['config', 'Unrecognized key: "amount_off"'],
    ])
    expect(issues(createCouponSchema, { account_id: 'acct-1' })).toEqual([
      ['config', 'Coupon settings are required'],
    ])
    expect(
      issues(createCouponSchema, { account_id: 'a b', config: { percent_off: 20, duration: 'once' } }),
    ).toEqual([['account_id', 'Account ID can only contain letters, numbers, hyphens, and underscores']])
  })
})

describe('couponListQuerySchema', () => {
  it('defaults the limit to 10 and reads it from query text', () => {
    expect(couponListQuerySchema.parse({})).toEqual({ limit: 10 })
    expect(couponListQuerySchema.parse({ limit: '100', starting_after: 'SAVE20' })).toEqual({
      limit: 100,
      starting_after: 'SAVE20',
    })
  })

  it('holds the limit to 1–100', () => {
    for (const bad of ['0', '101', '-1', '1.5', 'ten', '1e2']) {
      expect(issues(couponListQuerySchema, { limit: bad })).toEqual([
        ['limit', 'Limit must be a whole number between 1 and 100'],
      ])
    }
  })

  it('validates the cursor and refuses unknown parameters', () => {
    for (const bad of ['a b', 'x'.repeat(256), "'; drop"]) {
      expect(issues(couponListQuerySchema, { starting_after: bad })).toEqual([
        ['starting_after', 'Invalid starting_after cursor'],
      ])
    }
    expect(issues(couponListQuerySchema, { page: '2' })).toEqual([['', 'Unrecognized key: "page"']])
  })
})

describe('OAuth bodies', () => {
  it('start takes an account id', () => {
    expect(issues(stripeOAuthStartSchema, { account_id: 'acct-1' })).toEqual([])
    expect(issues(stripeOAuthStartSchema, {})).toEqual([['account_id', 'Account ID is required']])
  })

  it('callback takes a code and a state of safe characters', () => {
    expect(issues(stripeOAuthCallbackSchema, { code: 'ac_123', state: 'a'.repeat(43) })).toEqual([])
    expect(issues(stripeOAuthCallbackSchema, { code: 'ac 1', state: 'a'.repeat(43) })).toEqual([
      ['code', 'Invalid authorization code'],
    ])
    expect(issues(stripeOAuthCallbackSchema, { code: 'ac_1', state: 'short' })).toEqual([
      ['state', 'Invalid state'],
    ])
  })
})
