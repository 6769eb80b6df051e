import type { z } from 'zod'
import type {
  cancelFlowConfigShape,
  cancellationReasonSchema,
  copySchema,
  planSchema,
  themeSchema,
} from './shape'

/** Types only: importing this file adds nothing to a bundle. */
export type CancelFlowConfig = z.infer<ReturnType<typeof cancelFlowConfigShape>>
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
