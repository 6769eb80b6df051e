import type { FlowScreen } from '@retainkit/shared/flow'
import { FEEDBACK_LABELS, OFFER_LABELS } from '../labels'

/** A stable string for a screen (select values, React keys): `feedback:other`, `offer:pause`. */
export function screenKey(screen: FlowScreen): string {
  switch (screen.kind) {
    case 'feedback':
      return `feedback:${screen.category}`
    case 'offer':
    case 'success':
      return `${screen.kind}:${screen.offer}`
    default:
      return screen.kind
  }
}

/** What the step switcher calls a screen. */
export function screenLabel(screen: FlowScreen): string {
  switch (screen.kind) {
    case 'reason':
      return 'Reason question'
    case 'feedback':
      return `Feedback: ${FEEDBACK_LABELS[screen.category].toLowerCase()}`
    case 'offer':
      return `Offer: ${OFFER_LABELS[screen.offer].toLowerCase()}`
    case 'confirm':
      return 'Confirm cancellation'
    case 'success':
      return `Success: ${OFFER_LABELS[screen.offer].toLowerCase()}`
    case 'final':
      return 'Cancellation confirmed'
  }
}
