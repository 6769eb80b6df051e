import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { shownReasons } from '@retainkit/shared/flow'
import type { SubscriberFacts } from '@retainkit/shared/schemas'
import { firstMatchingSegment } from '@retainkit/shared/segment-match'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { type AssignedArm, assignArm, findRunningExperiment } from '../experiments/assign'
import { loadReasons } from '../flow-config'
import type { Subscriber } from '../widget/subscriber-token'
import { loadSegments } from './store'

const DAY_MS = 86_400_000

/**
 * The facts segments test, from what the server itself knows: the Stripe subscription it just read,
 * where the subscriber lives (signed claim, else Stripe's address) and the custom attributes the
 * merchant signed into the token. Nothing here comes from the widget's request body.
 */
export function subscriberFacts(input: {
  subscriber: Subscriber
  subscription: Stripe.Subscription | null
  summary: {
    plan: { priceId: string; productName: string; interval: string }
    mrr: number
    status: string
  } | null
  jurisdiction: { country: string | null; state: string | null } | null
  now: Date
}): SubscriberFacts {
  const { subscription, summary, jurisdiction, now } = input
  const facts: SubscriberFacts = {}
  if (summary) {
    facts.plan = summary.plan.priceId
    if (summary.plan.productName) facts.product = summary.plan.productName
    if (['day', 'week', 'month', 'year'].includes(summary.plan.interval)) {
      facts.billing_interval = summary.plan.interval as SubscriberFacts['billing_interval']
    }
    facts.mrr = summary.mrr
    facts.status = summary.status
  }
  const started = subscription?.start_date ?? subscription?.created
  if (typeof started === 'number') {
    facts.tenure_days = Math.max(0, Math.floor((now.getTime() - started * 1000) / DAY_MS))
  }
  if (jurisdiction?.country) facts.country = jurisdiction.country.toUpperCase()
  if (jurisdiction?.state) facts.state = jurisdiction.state.toUpperCase()
  if (Object.keys(input.subscriber.attributes).length > 0) facts.custom = { ...input.subscriber.attributes }
  return facts
}

export interface RoutedFlow {
  facts: SubscriberFacts
  segmentId: string | null
  /** The flow this subscriber runs; `custom` says it is not the account's default. */
  config: CancelFlowConfig
  reasons: CancellationReason[]
  custom: boolean
  arm: AssignedArm | null
}

/**
 * Which flow a subscriber sees: the first enabled segment their facts meet (else the default flow),
 * then, when an experiment runs on that audience, their arm — decided once per customer and kept.
 * A holdout arm runs the audience's flow with no offers. Free accounts run the default flow only.
 */
export async function routeFlow(
  deps: AppDeps,
  input: {
    accountId: string
    customerId: string
    tier: 'free' | 'pro'
    /** The published config's `routed`: without segments or a running experiment, nothing to read. */
    routed: boolean
    facts: SubscriberFacts
    defaultConfig: CancelFlowConfig
    defaultReasons: CancellationReason[]
  },
): Promise<RoutedFlow> {
  const { accountId, facts, defaultConfig, defaultReasons } = input
  const base: RoutedFlow = {
    facts,
    segmentId: null,
    config: defaultConfig,
    reasons: defaultReasons,
    custom: false,
    arm: null,
  }
  if (input.tier !== 'pro' || !input.routed) return base
  const segment = firstMatchingSegment(await loadSegments(deps.db, accountId), facts)
  const routed: RoutedFlow = segment
    ? {
        ...base,
        segmentId: segment.id,
        config: segment.config_json,
        reasons: [
          ...shownReasons(segment.config_json, segment.reasons ?? (await loadReasons(deps.db, accountId))),
        ],
        custom: true,
      }
    : base
  const experiment = await findRunningExperiment(deps.db, accountId, routed.segmentId)
  if (!experiment) return routed
  const arm = await assignArm(deps, experiment, input.customerId)
  if (arm.holdout || !arm.config) return { ...routed, arm }
  return {
    ...routed,
    arm,
    config: arm.config,
    reasons: [...shownReasons(arm.config, routed.reasons)],
    custom: true,
  }
}
