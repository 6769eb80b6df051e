import { z } from 'zod'
import { cancelFlowConfigSchema, cancellationReasonsSchema } from '../config/schema'
import { CUSTOM_ATTRIBUTE_NAME, MAX_CUSTOM_ATTRIBUTE_TEXT, MAX_CUSTOM_ATTRIBUTES } from '../custom-attributes'

/**
 * Segments (`/api/account?action=segments`): audiences the server matches a subscriber against when a
 * cancel session starts, each with its own flow. The facts come from Stripe and from claims the
 * merchant signed into the subscriber token, never from the widget's request.
 */

/** Facts the server knows about every subscriber; custom ones are `custom.<name>`. */
export const SEGMENT_ATTRIBUTES = [
  'plan',
  'product',
  'billing_interval',
  'tenure_days',
  'mrr',
  'status',
  'country',
  'state',
] as const
export type SegmentAttribute = (typeof SEGMENT_ATTRIBUTES)[number]

export const SEGMENT_OPERATORS = ['equals', 'in', 'gt', 'lt', 'between', 'exists'] as const
export type SegmentOperator = (typeof SEGMENT_OPERATORS)[number]

export const SEGMENT_MESSAGES = {
  attribute: `attribute must be one of ${SEGMENT_ATTRIBUTES.join(', ')} or custom.<name>`,
  operator: `operator must be one of ${SEGMENT_OPERATORS.join(', ')}`,
  scalar: 'value must be a string, number or boolean',
  list: 'value must be a list of 1-50 strings or numbers',
  number: 'value must be a number',
  range: 'value must be [low, high] with low ≤ high',
  noValue: 'exists takes no value',
  name: 'Segment name must be 1-60 characters',
  uniqueIds: 'Segment ids must be unique',
  tooMany: 'At most 20 segments',
} as const

const attribute = z
  .string()
  .refine(
    (name) =>
      (SEGMENT_ATTRIBUTES as readonly string[]).includes(name) ||
      (name.startsWith('custom.') && CUSTOM_ATTRIBUTE_NAME.test(name.slice(7))),
    SEGMENT_MESSAGES.attribute,
  )

const scalar = z.union([z.string().max(200), z.number(), z.boolean()], SEGMENT_MESSAGES.scalar)
const number = z.number(SEGMENT_MESSAGES.number)

/** One typed test of one attribute; each operator says what its value must be. */
export const segmentConditionSchema = z.discriminatedUnion(
  'operator',
  [
    z.strictObject({ attribute, operator: z.literal('equals'), value: scalar }),
    z.strictObject({
      attribute,
      operator: z.literal('in'),
      value: z
        .array(z.union([z.string().max(200), z.number()]), SEGMENT_MESSAGES.list)
        .min(1, SEGMENT_MESSAGES.list)
        .max(50, SEGMENT_MESSAGES.list),
    }),
    z.strictObject({ attribute, operator: z.literal('gt'), value: number }),
    z.strictObject({ attribute, operator: z.literal('lt'), value: number }),
    z.strictObject({
      attribute,
      operator: z.literal('between'),
      value: z
        .tuple([number, number], SEGMENT_MESSAGES.range)
        .refine(([low, high]) => low <= high, SEGMENT_MESSAGES.range),
    }),
    z.strictObject({
      attribute,
      operator: z.literal('exists'),
      value: z.undefined(SEGMENT_MESSAGES.noValue).optional(),
    }),
  ],
  SEGMENT_MESSAGES.operator,
)
export type SegmentCondition = z.infer<typeof segmentConditionSchema>

const match = z.enum(['all', 'any'], "match must be 'all' (AND) or 'any' (OR)")

/** A group of conditions joined by AND (`all`) or OR (`any`). */
export const conditionGroupSchema = z.strictObject({
  match,
  conditions: z.array(segmentConditionSchema).min(1, 'A group needs at least one condition').max(20),
})
export type ConditionGroup = z.infer<typeof conditionGroupSchema>

/**
 * A segment's rule: its conditions and groups joined by `match`, so (A AND B) OR C is
 * `{match: 'any', conditions: [C], groups: [{match: 'all', conditions: [A, B]}]}`.
 */
export const segmentRuleSchema = z
  .strictObject({
    match,
    conditions: z.array(segmentConditionSchema).max(20),
    groups: z.array(conditionGroupSchema).max(10).optional(),
  })
  .refine((rule) => rule.conditions.length + (rule.groups?.length ?? 0) > 0, {
    message: 'A segment needs at least one condition',
    path: ['conditions'],
  })
export type SegmentRule = z.infer<typeof segmentRuleSchema>

export const segmentIdSchema = z.string().regex(/^seg_[A-Za-z0-9]{8,40}$/, 'Invalid segment id')

/** One segment as the editor saves it: its rule and its own flow (copy, offers; reasons optional). */
export const segmentInputSchema = z.strictObject({
  /** Absent for a new segment: the server names it. */
  id: segmentIdSchema.optional(),
  name: z.string().trim().min(1, SEGMENT_MESSAGES.name).max(60, SEGMENT_MESSAGES.name),
  enabled: z.boolean(),
  rule: segmentRuleSchema,
  config_json: cancelFlowConfigSchema,
  /** The segment's own reasons; absent or null means the account's reasons. */
  reasons: cancellationReasonsSchema.nullable().optional(),
})
export type SegmentInput = z.infer<typeof segmentInputSchema>

/** Body of `PUT /api/account?action=segments`: the whole ordered list (first match wins). */
export const segmentsPayloadSchema = z.strictObject({
  segments: z
    .array(segmentInputSchema)
    .max(20, SEGMENT_MESSAGES.tooMany)
    .refine((list) => {
      const ids = list.flatMap((segment) => (segment.id ? [segment.id] : []))
      return new Set(ids).size === ids.length
    }, SEGMENT_MESSAGES.uniqueIds),
})

/** The custom attributes a subscriber token may carry (`attributes` claim): flat, typed, bounded. */
export const customAttributesSchema = z
  .record(
    z.string().regex(CUSTOM_ATTRIBUTE_NAME),
    z.union([z.string().max(MAX_CUSTOM_ATTRIBUTE_TEXT), z.number().finite(), z.boolean()]),
  )
  .refine((record) => Object.keys(record).length <= MAX_CUSTOM_ATTRIBUTES)

/** What a segment is matched against: the server fills it in at session start. */
export const subscriberFactsSchema = z.strictObject({
  plan: z.string().max(255).optional(),
  product: z.string().max(255).optional(),
  billing_interval: z.enum(['day', 'week', 'month', 'year']).optional(),
  tenure_days: z.number().nonnegative().optional(),
  mrr: z.number().nonnegative().optional(),
  status: z.string().max(40).optional(),
  country: z.string().max(2).optional(),
  state: z.string().max(64).optional(),
  custom: customAttributesSchema.optional(),
})
export type SubscriberFacts = z.infer<typeof subscriberFactsSchema>

/** Body of `POST /api/account?action=segment-preview`: unsaved segments, and a sample subscriber. */
export const segmentPreviewSchema = z.strictObject({
  segments: z.array(segmentInputSchema).max(20, SEGMENT_MESSAGES.tooMany),
  sample: subscriberFactsSchema.optional(),
})
