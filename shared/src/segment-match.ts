import type { SegmentCondition, SegmentRule, SubscriberFacts } from './schemas/segments'

/**
 * Matching a subscriber against segments: pure, so the server decides with it at session start and the
 * console's editor previews with the very same rules. A missing attribute matches nothing but a
 * failed `exists`; an attribute of the wrong type (a number compared with a word) does not match,
 * rather than being coerced: a segment should catch exactly whom the merchant described.
 */

export { CUSTOM_ATTRIBUTE_NAME, MAX_CUSTOM_ATTRIBUTE_TEXT, MAX_CUSTOM_ATTRIBUTES } from './custom-attributes'

type Fact = string | number | boolean

/** The value of one attribute in the facts, `custom.<name>` reading the token's custom attributes. */
export function factOf(facts: SubscriberFacts, attribute: string): Fact | undefined {
  if (attribute.startsWith('custom.')) return facts.custom?.[attribute.slice(7)]
  const value = (facts as Record<string, unknown>)[attribute]
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined
}

/** Words compare without regard to case (a plan named "Pro" is "pro"); numbers and booleans exactly. */
const same = (fact: Fact, wanted: Fact) =>
  typeof fact === 'string' && typeof wanted === 'string'
    ? fact.toLowerCase() === wanted.toLowerCase()
    : fact === wanted

export function conditionMatches(condition: SegmentCondition, facts: SubscriberFacts): boolean {
  const fact = factOf(facts, condition.attribute)
  if (condition.operator === 'exists') return fact !== undefined
  if (fact === undefined) return false
  switch (condition.operator) {
    case 'equals':
      return same(fact, condition.value)
    case 'in':
      return condition.value.some((wanted) => same(fact, wanted))
    case 'gt':
      return typeof fact === 'number' && fact > condition.value
    case 'lt':
      return typeof fact === 'number' && fact < condition.value
    case 'between':
      return typeof fact === 'number' && fact >= condition.value[0] && fact <= condition.value[1]
  }
}

export function ruleMatches(rule: SegmentRule, facts: SubscriberFacts): boolean {
  const results = [
    ...rule.conditions.map((condition) => conditionMatches(condition, facts)),
    ...(rule.groups ?? []).map((group) => {
      const inner = group.conditions.map((condition) => conditionMatches(condition, facts))
      return group.match === 'all' ? inner.every(Boolean) : inner.some(Boolean)
    }),
  ]
  return rule.match === 'all' ? results.every(Boolean) : results.some(Boolean)
}

/** The first enabled segment, in order, whose rule the facts meet; null means the default flow. */
export function firstMatchingSegment<S extends { enabled: boolean; rule: SegmentRule }>(
  segments: readonly S[],
  facts: SubscriberFacts,
): S | null {
  return segments.find((segment) => segment.enabled && ruleMatches(segment.rule, facts)) ?? null
}
