import { z } from 'zod'
import { cancelFlowConfigSchema, cancellationReasonSchema, cancellationReasonsSchema } from '../config/schema'
import { segmentRuleSchema } from '../schemas/segments'
import { isoTime, obj } from './common'
import { currencyCodeField, moneyTotals } from './responses-money'

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
  sessions: z.number().int().describe('Finished sessions: kept their plan, accepted an offer or cancelled'),
  saves: z.number().int().describe('kept_plan + accepted_offers'),
  kept_plan: z.number().int(),
  accepted_offers: z.number().int(),
  save_rate: z.number().nullable(),
  save_rate_interval: interval.nullable().describe("The arm's own rate, Wilson 95 %"),
  saved_mrr: moneyTotals.describe('MRR its saves kept when made (a kept plan at its full MRR), per currency'),
  net_mrr: moneyTotals.describe('Of it, what they keep now: lost saves and pauses not over count 0'),
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
    conclusive: z.boolean(),
  })
    .nullable()
    .describe('Against the first arm: always-valid interval of the difference (valid at any look)'),
})
const span = obj({ amount: z.number().int(), low: z.number().int(), high: z.number().int() })
export const holdoutLift = obj({
  save_rate: obj({ difference: z.number(), low: z.number(), high: z.number(), conclusive: z.boolean() }),
  net_mrr: z.array(
    obj({
      currency: currencyCodeField,
      offer_sessions: z.number().int(),
      holdout_sessions: z.number().int(),
      per_session: span.describe("Per finished session, in the currency's minor unit"),
      total: span.describe("Over the offer arms' finished sessions in the currency"),
      conclusive: z.boolean(),
    }),
  ),
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
  currencies: z.array(currencyCodeField),
  arms: z.array(armResult),
  holdout_lift: holdoutLift
    .nullable()
    .describe('Offers (every tested arm) over the holdout, in points and in net saved MRR per currency'),
  verdict: obj({
    text: z.string(),
    leader_arm_id: z.string().nullable(),
    confidence: z.number().nullable().describe('1 − the always-valid p-value of leader vs runner-up'),
    conclusive: z.boolean().describe("The interval of the leader's difference over the runner-up excludes 0"),
    difference: z.number().nullable(),
    interval: interval.nullable(),
  }),
})
export const experimentList = obj({ experiments: z.array(experimentResult) })
