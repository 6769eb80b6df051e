import { z } from 'zod'
import { cancelFlowConfigSchema, cancellationReasonSchema, cancellationReasonsSchema } from '../config/schema'
import { segmentRuleSchema } from '../schemas/segments'
import { isoTime, obj } from './common'

/** Segments and experiments (`/api/account?action=segments|segment-preview|experiments`). */

export const segmentView = obj({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  position: z.number().int(),
  rule: segmentRuleSchema,
  config_json: cancelFlowConfigSchema,
  reasons: cancellationReasonsSchema.nullable(),
  updated_at: isoTime,
})
export const segmentList = obj({ segments: z.array(segmentView) })

export const segmentPreview = obj({
  /** Which segment the sample subscriber falls in (index in the list sent; null: the default flow). */
  sample: obj({
    segment_index: z.number().int().nullable(),
    config_json: cancelFlowConfigSchema,
    reasons: z.array(cancellationReasonSchema),
  }).nullable(),
  /** Last month's live sessions each segment would have caught, first match wins. */
  reach: obj({
    since: isoTime,
    sessions: z.number().int(),
    /** Sessions started before segments existed carry no facts to match. */
    without_facts: z.number().int(),
    segments: z.array(z.number().int()),
    default_flow: z.number().int(),
  }),
})

const interval = obj({ low: z.number(), high: z.number() })
export const armResult = obj({
  id: z.string(),
  name: z.string(),
  holdout: z.boolean(),
  weight: z.number().int(),
  share: z.number(),
  config_json: cancelFlowConfigSchema.nullable(),
  sessions: z.number().int(),
  saves: z.number().int(),
  save_rate: z.number().nullable(),
  save_rate_interval: interval.nullable(),
  saved_mrr: z.number(),
  durability: z.array(
    obj({
      days: z.number().int(),
      decided: z.number().int(),
      kept: z.number().int(),
      rate: z.number().nullable(),
    }),
  ),
  vs_control: obj({
    difference: z.number(),
    low: z.number(),
    high: z.number(),
    confidence: z.number(),
  }).nullable(),
})
export const experimentResult = obj({
  id: z.string(),
  name: z.string(),
  segment_id: z.string().nullable(),
  on_default: z.boolean(),
  status: z.enum(['running', 'stopped']),
  allocation: z.enum(['fixed', 'thompson']),
  holdout_percent: z.number().int(),
  promoted_arm_id: z.string().nullable(),
  started_at: isoTime,
  stopped_at: isoTime.nullable(),
  currency: z.string().nullable(),
  arms: z.array(armResult),
  verdict: obj({
    text: z.string(),
    leader_arm_id: z.string().nullable(),
    confidence: z.number().nullable(),
    conclusive: z.boolean(),
  }),
})
export const experimentList = obj({ experiments: z.array(experimentResult) })
