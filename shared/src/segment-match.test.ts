import { describe, expect, it } from 'vitest'
import { type SubscriberFacts, segmentConditionSchema, segmentRuleSchema } from './schemas/segments'
import { conditionMatches, firstMatchingSegment, ruleMatches } from './segment-match'

const facts: SubscriberFacts = {
  plan: 'price_pro_monthly',
  product: 'Pro',
  billing_interval: 'month',
  tenure_days: 120,
  mrr: 2900,
  status: 'past_due',
  country: 'US',
  state: 'MN',
  custom: { company_size: 40, beta: true, team: 'growth' },
}

/** [condition, facts, expected]: every operator, on present, missing and mistyped attributes. */
const TABLE: Array<[string, unknown, SubscriberFacts, boolean]> = [
  ['equals a word', { attribute: 'plan', operator: 'equals', value: 'price_pro_monthly' }, facts, true],
  ['equals ignores case of words', { attribute: 'product', operator: 'equals', value: 'pro' }, facts, true],
  ['equals a different word', { attribute: 'plan', operator: 'equals', value: 'price_basic' }, facts, false],
  ['equals a number', { attribute: 'mrr', operator: 'equals', value: 2900 }, facts, true],
  ['equals a boolean', { attribute: 'custom.beta', operator: 'equals', value: true }, facts, true],
  [
    'equals: number never equals its digits',
    { attribute: 'mrr', operator: 'equals', value: '2900' },
    facts,
    false,
  ],
  [
    'equals on a missing attribute',
    { attribute: 'custom.region', operator: 'equals', value: 'eu' },
    facts,
    false,
  ],
  ['in a list', { attribute: 'status', operator: 'in', value: ['trialing', 'past_due'] }, facts, true],
  ['in a list without it', { attribute: 'status', operator: 'in', value: ['active'] }, facts, false],
  [
    'in a list of numbers',
    { attribute: 'custom.company_size', operator: 'in', value: [10, 40] },
    facts,
    true,
  ],
  [
    'in on a missing attribute',
    { attribute: 'state', operator: 'in', value: ['MN'] },
    { country: 'US' },
    false,
  ],
  ['gt above', { attribute: 'tenure_days', operator: 'gt', value: 90 }, facts, true],
  ['gt equal is not greater', { attribute: 'tenure_days', operator: 'gt', value: 120 }, facts, false],
  ['gt on a word (mistyped)', { attribute: 'custom.team', operator: 'gt', value: 1 }, facts, false],
  ['gt on a boolean (mistyped)', { attribute: 'custom.beta', operator: 'gt', value: 0 }, facts, false],
  ['gt on a missing attribute', { attribute: 'mrr', operator: 'gt', value: 0 }, {}, false],
  ['lt below', { attribute: 'mrr', operator: 'lt', value: 5000 }, facts, true],
  ['lt equal is not less', { attribute: 'mrr', operator: 'lt', value: 2900 }, facts, false],
  ['lt on a word (mistyped)', { attribute: 'plan', operator: 'lt', value: 10 }, facts, false],
  ['between inside', { attribute: 'tenure_days', operator: 'between', value: [30, 180] }, facts, true],
  [
    'between includes its ends',
    { attribute: 'tenure_days', operator: 'between', value: [120, 120] },
    facts,
    true,
  ],
  ['between outside', { attribute: 'tenure_days', operator: 'between', value: [0, 30] }, facts, false],
  [
    'between on a word (mistyped)',
    { attribute: 'custom.team', operator: 'between', value: [0, 9] },
    facts,
    false,
  ],
  [
    'between on a missing attribute',
    { attribute: 'tenure_days', operator: 'between', value: [0, 9] },
    {},
    false,
  ],
  ['exists present', { attribute: 'custom.team', operator: 'exists' }, facts, true],
  [
    'exists present but false',
    { attribute: 'custom.beta', operator: 'exists' },
    { custom: { beta: false } },
    true,
  ],
  ['exists missing', { attribute: 'custom.region', operator: 'exists' }, facts, false],
  ['exists without custom attributes', { attribute: 'custom.team', operator: 'exists' }, {}, false],
  ['country', { attribute: 'country', operator: 'equals', value: 'US' }, facts, true],
]

describe('segment conditions', () => {
  it.each(TABLE)('%s', (_name, raw, subject, expected) => {
    const condition = segmentConditionSchema.parse(raw)
    expect(conditionMatches(condition, subject)).toBe(expected)
  })

  it('refuses conditions whose value does not fit the operator, with a message', () => {
    const refused: Array<[unknown, string]> = [
      [{ attribute: 'mrr', operator: 'gt', value: '10' }, 'value must be a number'],
      [{ attribute: 'mrr', operator: 'between', value: [9, 1] }, 'value must be [low, high] with low ≤ high'],
      [{ attribute: 'mrr', operator: 'between', value: [1] }, 'value must be [low, high] with low ≤ high'],
      [{ attribute: 'plan', operator: 'in', value: [] }, 'value must be a list of 1-50 strings or numbers'],
      [{ attribute: 'plan', operator: 'exists', value: 'x' }, 'exists takes no value'],
      [{ attribute: 'plan', operator: 'like', value: 'x' }, 'operator must be one of'],
      [{ attribute: 'email', operator: 'exists' }, 'attribute must be one of'],
      [{ attribute: 'custom.Bad-Name', operator: 'exists' }, 'attribute must be one of'],
    ]
    for (const [raw, message] of refused) {
      const result = segmentConditionSchema.safeParse(raw)
      expect(result.success, JSON.stringify(raw)).toBe(false)
      expect(result.error?.issues.map((issue) => issue.message).join(' | ')).toContain(message)
    }
  })
})

describe('segment rules', () => {
  const annual = { attribute: 'billing_interval', operator: 'equals', value: 'year' }
  const longTenure = { attribute: 'tenure_days', operator: 'gt', value: 100 }
  const pastDue = { attribute: 'status', operator: 'equals', value: 'past_due' }

  it('joins conditions with AND (all) and OR (any), and groups one level deep', () => {
    const all = segmentRuleSchema.parse({ match: 'all', conditions: [longTenure, pastDue] })
    const allFails = segmentRuleSchema.parse({ match: 'all', conditions: [longTenure, annual] })
    const any = segmentRuleSchema.parse({ match: 'any', conditions: [annual, pastDue] })
    const anyFails = segmentRuleSchema.parse({ match: 'any', conditions: [annual] })
    // annual OR (long tenure AND past due)
    const nested = segmentRuleSchema.parse({
      match: 'any',
      conditions: [annual],
      groups: [{ match: 'all', conditions: [longTenure, pastDue] }],
    })
    expect([all, allFails, any, anyFails, nested].map((rule) => ruleMatches(rule, facts))).toEqual([
      true,
      false,
      true,
      false,
      true,
    ])
    expect(ruleMatches(nested, { ...facts, status: 'active' })).toBe(false)
  })

  it('refuses a rule with no condition at all', () => {
    expect(segmentRuleSchema.safeParse({ match: 'all', conditions: [] }).success).toBe(false)
  })

  it('takes the first enabled segment that matches, in order, and null for the default flow', () => {
    const rule = (condition: unknown) => segmentRuleSchema.parse({ match: 'all', conditions: [condition] })
    const segments = [
      { name: 'annual', enabled: true, rule: rule(annual) },
      { name: 'off', enabled: false, rule: rule(pastDue) },
      { name: 'veterans', enabled: true, rule: rule(longTenure) },
      { name: 'past due', enabled: true, rule: rule(pastDue) },
    ]
    expect(firstMatchingSegment(segments, facts)?.name).toBe('veterans')
    expect(firstMatchingSegment(segments, { ...facts, billing_interval: 'year' })?.name).toBe('annual')
    expect(firstMatchingSegment(segments, { ...facts, tenure_days: 5 })?.name).toBe('past due')
    expect(firstMatchingSegment(segments, { status: 'active' })).toBeNull()
  })
})
