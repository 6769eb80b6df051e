import type {
  SegmentAttribute,
  SegmentCondition,
  SegmentOperator,
  SegmentRule,
} from '@retainkit/shared/schemas'
import { CUSTOM_ATTRIBUTE_NAME } from '@retainkit/shared/segment-match'

/**
 * What the condition builder knows about each attribute: what kind of value it holds (which decides the
 * tests that make sense and the control that edits the value), how to call it, and for closed lists
 * the values Stripe uses. Pure, so the builder's rules are tested without a DOM.
 */

/** `text` and `number` are free values; `choice` a closed list; `custom` is typed by the merchant. */
export type AttributeKind = 'text' | 'number' | 'choice'
/** The type a custom attribute's value has in the token (`attributes` claim). */
export type CustomValueType = 'text' | 'number' | 'boolean'

export const BILLING_INTERVALS = ['day', 'week', 'month', 'year'] as const
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'paused',
  'canceled',
] as const

export const ATTRIBUTES: Readonly<
  Record<SegmentAttribute, { label: string; kind: AttributeKind; choices?: readonly string[]; hint?: string }>
> = {
  plan: {
    label: 'Plan (Stripe price)',
    kind: 'text',
    hint: 'Type a price’s name to pick it from your Stripe catalogue, or its id (price_…)',
  },
  product: {
    label: 'Product (Stripe product)',
    kind: 'text',
    hint: 'Type a product’s name to pick it from your Stripe catalogue, or its id (prod_…)',
  },
  billing_interval: { label: 'Billing interval', kind: 'choice', choices: BILLING_INTERVALS },
  tenure_days: { label: 'Tenure (days subscribed)', kind: 'number' },
  // The hint names the account's currency (condition-builder.tsx); the rule keeps Stripe's minor units.
  mrr: { label: 'MRR (monthly revenue)', kind: 'number' },
  status: { label: 'Subscription status', kind: 'choice', choices: SUBSCRIPTION_STATUSES },
  country: { label: 'Country (ISO code)', kind: 'text', hint: 'Two letters, e.g. US, FR' },
  state: { label: 'State or region', kind: 'text', hint: 'e.g. CA, NY' },
}

export const OPERATOR_LABELS: Readonly<Record<SegmentOperator, string>> = {
  equals: 'is',
  in: 'is one of',
  gt: 'is greater than',
  lt: 'is less than',
  between: 'is between',
  exists: 'is present',
}

const TEXT_OPERATORS = ['equals', 'in', 'exists'] as const satisfies readonly SegmentOperator[]
const NUMBER_OPERATORS = ['equals', 'in', 'gt', 'lt', 'between', 'exists'] as const
const BOOLEAN_OPERATORS = ['equals', 'exists'] as const satisfies readonly SegmentOperator[]

export const isCustom = (attribute: string) => attribute.startsWith('custom.')
export const customName = (attribute: string) => attribute.slice('custom.'.length)

/** Whether a custom attribute's name is one the token may carry (lower case, digits, underscores). */
export const validCustomName = (name: string) => CUSTOM_ATTRIBUTE_NAME.test(name)

/** The type a condition's value has: numbers for comparisons, else what the value itself is. */
export function valueTypeOf(condition: SegmentCondition): CustomValueType {
  if (!isCustom(condition.attribute)) {
    return ATTRIBUTES[condition.attribute as SegmentAttribute]?.kind === 'number' ? 'number' : 'text'
  }
  switch (condition.operator) {
    case 'gt':
    case 'lt':
    case 'between':
      return 'number'
    case 'exists':
      return 'text'
    case 'in':
      return condition.value.length > 0 && condition.value.every((item) => typeof item === 'number')
        ? 'number'
        : 'text'
    case 'equals':
      return typeof condition.value === 'boolean'
        ? 'boolean'
        : typeof condition.value === 'number'
          ? 'number'
          : 'text'
  }
}

/** The tests offered for an attribute holding values of `type`. */
export function operatorsFor(attribute: string, type: CustomValueType): readonly SegmentOperator[] {
  if (isCustom(attribute)) {
    return type === 'number' ? NUMBER_OPERATORS : type === 'boolean' ? BOOLEAN_OPERATORS : TEXT_OPERATORS
  }
  return ATTRIBUTES[attribute as SegmentAttribute]?.kind === 'number' ? NUMBER_OPERATORS : TEXT_OPERATORS
}

/** A neutral value of `type` for a fresh condition, and the first choice of a closed list. */
function blankScalar(attribute: string, type: CustomValueType): string | number | boolean {
  const choices = ATTRIBUTES[attribute as SegmentAttribute]?.choices
  if (choices?.[0]) return choices[0]
  return type === 'number' ? 0 : type === 'boolean' ? true : ''
}

const asNumber = (value: unknown): number | null =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : null

/**
 * The condition rebuilt for another attribute, test or value type, keeping what it can of the old value
 * (a plan id stays when "is" becomes "is one of"; a number stays across comparisons).
 */
export function reshape(
  previous: SegmentCondition,
  next: { attribute?: string; operator?: SegmentOperator; type?: CustomValueType },
): SegmentCondition {
  const attribute = next.attribute ?? previous.attribute
  const attributeChanged = attribute !== previous.attribute
  const type =
    next.type ??
    (attributeChanged && !isCustom(attribute)
      ? valueTypeOf({ attribute, operator: 'exists' })
      : valueTypeOf(previous))
  const allowed = operatorsFor(attribute, type)
  const wanted = next.operator ?? previous.operator
  const operator = allowed.includes(wanted) ? wanted : (allowed[0] ?? 'equals')
  const kindChanged =
    (attributeChanged && !(isCustom(attribute) && isCustom(previous.attribute))) ||
    (next.type !== undefined && next.type !== valueTypeOf(previous))
  const old = kindChanged || previous.operator === 'exists' ? undefined : previous.value
  const first = Array.isArray(old) ? old[0] : old
  const oldNumber = asNumber(first)
  switch (operator) {
    case 'exists':
      return { attribute, operator }
    case 'gt':
    case 'lt':
      return { attribute, operator, value: oldNumber !== null && Number.isFinite(oldNumber) ? oldNumber : 0 }
    case 'between': {
      const low = oldNumber !== null && Number.isFinite(oldNumber) ? oldNumber : 0
      const high = Array.isArray(old) && typeof old[1] === 'number' ? Math.max(old[1], low) : low
      return { attribute, operator, value: [low, high] }
    }
    case 'in': {
      if (Array.isArray(old) && old.length > 0 && previous.operator === 'in')
        return { attribute, operator, value: old }
      const seed = first === undefined || typeof first === 'boolean' ? blankScalar(attribute, type) : first
      return { attribute, operator, value: [typeof seed === 'boolean' ? String(seed) : seed] }
    }
    case 'equals': {
      const seed = first === undefined ? blankScalar(attribute, type) : first
      return { attribute, operator, value: seed }
    }
  }
}

/** A new condition: the billing interval, as annual subscribers are the commonest segment. */
export const blankCondition = (): SegmentCondition => ({
  attribute: 'billing_interval',
  operator: 'equals',
  value: 'year',
})

/** Parses the comma-separated list a text box holds; numbers when the attribute holds numbers. */
export function parseList(text: string, type: CustomValueType): Array<string | number> {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (type === 'number' && !Number.isNaN(Number(part)) ? Number(part) : part))
}

type Facts = Record<string, unknown> & { custom?: Record<string, string | number | boolean> }

/** One value that meets a condition (the low end of a range, just past a bound). */
function meetingValue(condition: SegmentCondition): string | number | boolean {
  switch (condition.operator) {
    case 'exists':
      return valueTypeOf(condition) === 'number' ||
        ATTRIBUTES[condition.attribute as SegmentAttribute]?.kind === 'number'
        ? 1
        : 'yes'
    case 'equals':
      return condition.value
    case 'in':
      return condition.value[0] ?? ''
    case 'gt':
      return condition.value + 1
    case 'lt':
      return Math.max(0, condition.value - 1)
    case 'between':
      return condition.value[0]
  }
}

/**
 * A sample subscriber meant to fall in a segment: a value meeting each condition of an AND rule, or
 * the first condition (or group) of an OR rule. Conditions that contradict each other cannot all be
 * met, and then the preview honestly says the sample lands elsewhere.
 */
export function sampleFactsFor(rule: SegmentRule): Facts {
  const facts: Facts = {}
  const meet = (condition: SegmentCondition) => {
    const value = meetingValue(condition)
    if (isCustom(condition.attribute))
      facts.custom = { ...facts.custom, [customName(condition.attribute)]: value }
    else facts[condition.attribute] = value
  }
  const meetAll = (conditions: readonly SegmentCondition[], match: 'all' | 'any') => {
    if (match === 'all') conditions.forEach(meet)
    else if (conditions[0]) meet(conditions[0])
  }
  if (rule.match === 'all') {
    meetAll(rule.conditions, 'all')
    for (const group of rule.groups ?? []) meetAll(group.conditions, group.match)
  } else if (rule.conditions.length > 0) {
    meetAll(rule.conditions, 'any')
  } else if (rule.groups?.[0]) {
    meetAll(rule.groups[0].conditions, rule.groups[0].match)
  }
  return facts
}
