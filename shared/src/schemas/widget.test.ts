import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import {
  acceptOfferSchema,
  cancelSchema,
  reactivationRequestSchema,
  sessionEventSchema,
  sessionEventsSchema,
  sessionStartSchema,
} from './widget'

function issues(schema: ZodType, value: unknown): Array<[string, string]> {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}
const paths = (schema: ZodType, value: unknown) => issues(schema, value).map(([path]) => path)

describe('POST /api/widget/sessions', () => {
  it('takes an optional live/test mode and nothing else', () => {
    expect(issues(sessionStartSchema, {})).toEqual([])
    expect(issues(sessionStartSchema, { mode: 'test' })).toEqual([])
    expect(paths(sessionStartSchema, { mode: 'sandbox' })).toEqual(['mode'])
    expect(paths(sessionStartSchema, { customerId: 'cus_1' })).toEqual([''])
  })
})

describe('POST /api/widget/sessions/:id/events', () => {
  const event = { step: 'reason_selected', reasonKey: 'too_expensive', at: '2026-01-31T10:00:00Z' }

  it('accepts known steps with their optional details', () => {
    expect(issues(sessionEventSchema, event)).toEqual([])
    expect(issues(sessionEventSchema, { step: 'offer_shown', offer: 'billing_cycle_switch' })).toEqual([])
    expect(issues(sessionEventSchema, { step: 'feedback_submitted', text: 'x'.repeat(2000) })).toEqual([])
  })

  it('rejects unknown steps and offers, bad reason keys, long text and bad timestamps', () => {
    expect(paths(sessionEventSchema, { step: 'hacked' })).toEqual(['step'])
    expect(paths(sessionEventSchema, { step: 'offer_shown', offer: 'free_month' })).toEqual(['offer'])
    expect(issues(sessionEventSchema, { step: 'reason_selected', reasonKey: 'Too Expensive' })).toEqual([
      ['reasonKey', 'Invalid reason key'],
    ])
    expect(issues(sessionEventSchema, { step: 'feedback_submitted', text: 'x'.repeat(2001) })).toEqual([
      ['text', 'Feedback too long'],
    ])
    expect(issues(sessionEventSchema, { step: 'session_started', at: 'now' })).toEqual([
      ['at', 'Invalid date format'],
    ])
  })

  it('batches hold 1 to 50 events', () => {
    const batch = (n: number) => ({ events: Array.from({ length: n }, () => event) })
    expect(issues(sessionEventsSchema, batch(1))).toEqual([])
    expect(issues(sessionEventsSchema, batch(50))).toEqual([])
    expect(issues(sessionEventsSchema, batch(0))).toEqual([['events', 'At least one event required']])
    expect(issues(sessionEventsSchema, batch(51))).toEqual([['events', 'At most 50 events per batch']])
  })
})

describe('POST /api/widget/sessions/:id/accept', () => {
  it('accepts an offer with its choice', () => {
    expect(issues(acceptOfferSchema, { offer: 'discount' })).toEqual([])
    expect(
      issues(acceptOfferSchema, { offer: 'pause', choice: { months: 3 }, reasonKey: 'temporary_break' }),
    ).toEqual([])
    expect(issues(acceptOfferSchema, { offer: 'plan_switch', choice: { planId: 'price_1' } })).toEqual([])
    expect(issues(acceptOfferSchema, { offer: 'discount', handledByMerchant: true })).toEqual([])
  })

  it('rejects unknown offers and impossible choices', () => {
    expect(paths(acceptOfferSchema, { offer: 'none' })).toEqual(['offer'])
    expect(paths(acceptOfferSchema, { offer: 'pause', choice: { months: 0 } })).toEqual(['choice.months'])
    expect(paths(acceptOfferSchema, { offer: 'pause', choice: { months: 1.5 } })).toEqual(['choice.months'])
    expect(paths(acceptOfferSchema, { offer: 'pause', choice: { months: 25 } })).toEqual(['choice.months'])
    expect(paths(acceptOfferSchema, { offer: 'plan_switch', choice: { planId: '' } })).toEqual([
      'choice.planId',
    ])
    expect(paths(acceptOfferSchema, { offer: 'discount', amount: 100 })).toEqual([''])
  })
})

describe('POST /api/widget/sessions/:id/cancel and reactivation', () => {
  it('cancel takes an optional reason and feedback', () => {
    expect(issues(cancelSchema, {})).toEqual([])
    expect(issues(cancelSchema, { reasonKey: 'other', feedback: 'Moving abroad' })).toEqual([])
    expect(issues(cancelSchema, { feedback: 'x'.repeat(2001) })).toEqual([['feedback', 'Feedback too long']])
    expect(paths(cancelSchema, { reasonKey: '../x' })).toEqual(['reasonKey'])
  })

  it('reactivation takes an empty body', () => {
    expect(issues(reactivationRequestSchema, {})).toEqual([])
    expect(paths(reactivationRequestSchema, { subscriptionId: 'sub_1' })).toEqual([''])
  })
})
