import type { Article } from '../types'
import { cancelFlowsThatConvert } from './cancel-flows-that-convert'
import { increaseLtvRetention } from './increase-ltv-retention'
import { reduceSubscriberChurn } from './reduce-subscriber-churn'

export type GuideRoute = 'reduceSubscriberChurn' | 'cancelFlowsThatConvert' | 'increaseLtvRetention'

/** The three guides, keyed by route name. */
export const GUIDES: Record<GuideRoute, Article> = {
  reduceSubscriberChurn,
  cancelFlowsThatConvert,
  increaseLtvRetention,
}
