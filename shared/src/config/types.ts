import type { z } from 'zod'
import type {
  cancelFlowConfigSchema,
  cancellationReasonSchema,
  copySchema,
  planSchema,
  themeSchema,
} from './schema'

/** Types only: importing this file adds nothing to a bundle. */
export type CancelFlowConfig = z.infer<typeof cancelFlowConfigSchema>
export type CancelFlowCopy = z.infer<typeof copySchema>
export type Plan = z.infer<typeof planSchema>
export type Theme = z.infer<typeof themeSchema>
export type CancellationReason = z.infer<typeof cancellationReasonSchema>
export type {
  FeedbackCategory,
  FlowStep,
  OfferType,
  ReasonOffer,
  SaveMechanism,
  SessionStep,
} from './vocabulary'
