import { createPlanContext, type FlowScreen, shownReasons } from '@retainkit/shared/flow'
import {
  FEEDBACK_CATEGORIES,
  type FeedbackCategory,
  OFFER_TYPES,
  type OfferType,
} from '@retainkit/shared/vocabulary'
import type { PreviewScreenOption, PreviewScreens } from './public-types'

const OFFER_NAMES: Readonly<Record<OfferType, string>> = {
  discount: 'Discount',
  pause: 'Pause',
  plan_switch: 'Plan switch',
  billing_cycle_switch: 'Billing-cycle switch',
  trial_extension: 'Trial extension',
  talk_to_us: 'Talk to us',
}

const FEEDBACK_NAMES: Readonly<Record<FeedbackCategory, string>> = {
  any_reason: 'any reason',
  switched_competitor: 'switched to a competitor',
  bad_experience: 'bad experience',
  other: 'other',
}

/**
 * Every screen this config can show, in flow order: the reason step and the feedback screens its reasons
 * lead to (when those steps are on), each enabled offer and its success screen, confirm and the final
 * confirmation (always: a flow without steps still opens on confirm).
 */
export const PREVIEW_SCREENS: PreviewScreens = (config, reasons) => {
  const { graph, reasons: shown } = createPlanContext({
    config,
    reasons: shownReasons(config, reasons),
    eligibleOffers: OFFER_TYPES,
  })
  const list: PreviewScreenOption[] = []
  const add = (screen: FlowScreen, label: string) => list.push({ screen, label })
  const offers = OFFER_TYPES.filter((offer) => config[offer].enabled)
  if (graph.reason) add({ kind: 'reason' }, 'Reason')
  if (graph.feedback) {
    for (const category of FEEDBACK_CATEGORIES) {
      if (category === 'any_reason' || shown.some((reason) => reason.feedback === category)) {
        add({ kind: 'feedback', category }, `Feedback: ${FEEDBACK_NAMES[category]}`)
      }
    }
  }
  if (graph.offer) for (const offer of offers) add({ kind: 'offer', offer }, `Offer: ${OFFER_NAMES[offer]}`)
  add({ kind: 'confirm' }, 'Confirm')
  for (const offer of offers) add({ kind: 'success', offer }, `Success: ${OFFER_NAMES[offer]}`)
  add({ kind: 'final' }, 'Final confirmation')
  return list
}
