import type { SegmentCondition, SegmentRule } from '@retainkit/shared/schemas'
import { segmentConditionSchema } from '@retainkit/shared/schemas'
import { ruleMatches } from '@retainkit/shared/segment-match'
import { describe, expect, it } from 'vitest'
import { operatorsFor, parseList, reshape, sampleFactsFor, valueTypeOf } from './condition-model'

describe('the condition model', () => {
  it('offers comparisons only for attributes that hold numbers', () => {
    expect(operatorsFor('mrr', 'number')).toEqual(['equals', 'in', 'gt', 'lt', 'between', 'exists'])
    expect(operatorsFor('plan', 'text')).toEqual(['equals', 'in', 'exists'])
    expect(operatorsFor('billing_interval', 'text')).toEqual(['equals', 'in', 'exists'])
    expect(operatorsFor('custom.vip', 'boolean')).toEqual(['equals', 'exists'])
    expect(operatorsFor('custom.seats', 'number')).toContain('between')
  })

  it('reshapes a condition into one the shared schema accepts for every attribute and test', () => {
    const attributes = [
      'plan',
      'billing_interval',
      'tenure_days',
      'mrr',
      'status',
      'country',
      'state',
      'custom.seats',
    ]
    for (const attribute of attributes) {
      const start = reshape({ attribute: 'plan', operator: 'equals', value: 'price_1' }, { attribute })
      for (const operator of operatorsFor(attribute, valueTypeOf(start))) {
        const next = reshape(start, { operator })
        expect(segmentConditionSchema.safeParse(next).success, `${attribute} ${operator}`).toBe(true)
      }
    }
  })

  it('keeps what it can of the old value', () => {
    const plan: SegmentCondition = { attribute: 'plan', operator: 'equals', value: 'price_team' }
    expect(reshape(plan, { operator: 'in' })).toEqual({
      attribute: 'plan',
      operator: 'in',
      value: ['price_team'],
    })
    const mrr: SegmentCondition = { attribute: 'mrr', operator: 'gt', value: 5000 }
    expect(reshape(mrr, { operator: 'between' })).toEqual({
      attribute: 'mrr',
      operator: 'between',
      value: [5000, 5000],
    })
    // Another attribute starts afresh: a plan id is no billing interval.
    expect(reshape(plan, { attribute: 'billing_interval' })).toEqual({
      attribute: 'billing_interval',
      operator: 'equals',
      value: 'day',
    })
    expect(reshape({ attribute: 'custom.vip', operator: 'equals', value: 'x' }, { type: 'boolean' })).toEqual(
      {
        attribute: 'custom.vip',
        operator: 'equals',
        value: true,
      },
    )
  })

  it('reads numbers from a list only for attributes holding numbers', () => {
    expect(parseList('10, 20, x,', 'number')).toEqual([10, 20, 'x'])
    expect(parseList('007, FR', 'text')).toEqual(['007', 'FR'])
  })

  it('makes a sample subscriber who falls in the segment', () => {
    const rules: SegmentRule[] = [
      {
        match: 'all',
        conditions: [
          { attribute: 'billing_interval', operator: 'equals', value: 'year' },
          { attribute: 'mrr', operator: 'between', value: [5000, 9000] },
          { attribute: 'tenure_days', operator: 'gt', value: 90 },
          { attribute: 'custom.seats', operator: 'lt', value: 5 },
        ],
        groups: [
          { match: 'any', conditions: [{ attribute: 'country', operator: 'in', value: ['FR', 'DE'] }] },
        ],
      },
      {
        match: 'any',
        conditions: [],
        groups: [
          {
            match: 'all',
            conditions: [
              { attribute: 'status', operator: 'equals', value: 'trialing' },
              { attribute: 'custom.vip', operator: 'exists' },
            ],
          },
        ],
      },
    ]
    for (const rule of rules) expect(ruleMatches(rule, sampleFactsFor(rule))).toBe(true)
  })
})
