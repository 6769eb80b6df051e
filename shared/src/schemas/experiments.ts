import { z } from 'zod'
import { cancelFlowConfigSchema } from '../config/schema'
import { segmentIdSchema } from './segments'

/**
 * Experiments (`/api/account?action=experiments`): 2-4 arms of one segment's flow (or of the default
 * flow), each a full variant of it, plus an optional holdout that sees no offers. Weights are whole
 * numbers whose shares decide the allocation of new customers; a customer keeps their arm.
 */
export const EXPERIMENT_MESSAGES = {
  arms: 'An experiment has 2-4 arms',
  weight: 'Weights are whole numbers from 0 to 100',
  someWeight: 'At least one arm needs a weight above 0',
  holdout: 'The holdout takes 0-50 % of customers',
  name: 'Experiment name must be 1-60 characters',
  armName: 'Arm name must be 1-40 characters',
} as const

export const experimentIdSchema = z.string().regex(/^exp_[A-Za-z0-9]{8,40}$/, 'Invalid experiment id')
export const armIdSchema = z.string().regex(/^arm_[A-Za-z0-9]{8,40}$/, 'Invalid arm id')

const weight = z
  .number(EXPERIMENT_MESSAGES.weight)
  .int(EXPERIMENT_MESSAGES.weight)
  .min(0, EXPERIMENT_MESSAGES.weight)
  .max(100, EXPERIMENT_MESSAGES.weight)
const holdoutPercent = z
  .number(EXPERIMENT_MESSAGES.holdout)
  .int(EXPERIMENT_MESSAGES.holdout)
  .min(0, EXPERIMENT_MESSAGES.holdout)
  .max(50, EXPERIMENT_MESSAGES.holdout)

export const ALLOCATIONS = ['fixed', 'thompson'] as const
export type Allocation = (typeof ALLOCATIONS)[number]

export const experimentArmInputSchema = z.strictObject({
  name: z.string().trim().min(1, EXPERIMENT_MESSAGES.armName).max(40, EXPERIMENT_MESSAGES.armName),
  weight,
  config_json: cancelFlowConfigSchema,
})

/** Body of `POST /api/account?action=experiments`: a new experiment, running at once. */
export const experimentCreateSchema = z.strictObject({
  name: z.string().trim().min(1, EXPERIMENT_MESSAGES.name).max(60, EXPERIMENT_MESSAGES.name),
  /** The segment whose subscribers take part; null for those the default flow catches. */
  segment_id: segmentIdSchema.nullable(),
  arms: z
    .array(experimentArmInputSchema)
    .min(2, EXPERIMENT_MESSAGES.arms)
    .max(4, EXPERIMENT_MESSAGES.arms)
    .refine((arms) => arms.some((arm) => arm.weight > 0), EXPERIMENT_MESSAGES.someWeight),
  holdout_percent: holdoutPercent,
  allocation: z.enum(ALLOCATIONS, "allocation must be 'fixed' or 'thompson'"),
})

/** Body of `PUT /api/account?action=experiments`: new weights, stop, or promote an arm into the flow. */
export const experimentUpdateSchema = z.discriminatedUnion(
  'op',
  [
    z.strictObject({
      id: experimentIdSchema,
      op: z.literal('weights'),
      weights: z
        .array(z.strictObject({ arm_id: armIdSchema, weight }))
        .min(2, EXPERIMENT_MESSAGES.arms)
        .max(4, EXPERIMENT_MESSAGES.arms)
        .refine((arms) => arms.some((arm) => arm.weight > 0), EXPERIMENT_MESSAGES.someWeight),
      holdout_percent: holdoutPercent.optional(),
    }),
    z.strictObject({ id: experimentIdSchema, op: z.literal('stop') }),
    z.strictObject({ id: experimentIdSchema, op: z.literal('promote'), arm_id: armIdSchema }),
  ],
  "op must be 'weights', 'stop' or 'promote'",
)
export type ExperimentCreate = z.infer<typeof experimentCreateSchema>
export type ExperimentUpdate = z.infer<typeof experimentUpdateSchema>
