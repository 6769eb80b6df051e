import type { CancelFlowConfig, CancellationReason } from '../config/types'
import { type FeedbackCategory, type FlowStep, OFFER_TYPES, type OfferType } from '../config/vocabulary'
import { isOfferUsable, offerOptions } from './offers'
import type { FlowPlan, FlowScreen, FlowScreenKind, FlowSubscriber } from './types'

/**
 * Planning a flow (FlowPlan): which steps exist, which offer each reason leads to, what each offer lets
 * the subscriber choose. The server plans for the widget (the published config for the screens shown
 * before a session exists; the session's flow, eligibility and subscriber at its start) and the
 * console's preview plans its draft, both through `planFlow`, so the two never disagree; the widget's
 * bundle only walks the result (path.ts).
 */

/** Which steps exist, decided once from `config.cancellation_flow`. */
export interface FlowGraph {
  readonly reason: boolean
  readonly feedback: boolean
  readonly offer: boolean
  readonly confirm: boolean
  readonly requireReason: boolean
}

/** What a plan is made from. */
export interface PlanInput {
  config: CancelFlowConfig
  /** In display order (`shownReasons`); only enabled ones count. */
  reasons: readonly CancellationReason[]
  /** Offers the server allows for this subscriber; the preview (and the screens before a session) pass all. */
  eligibleOffers: readonly OfferType[]
  /** Whose plan is never offered as a switch. */
  subscriber?: FlowSubscriber
}

/** What planning reads, fixed once. */
export interface PlanContext {
  readonly config: CancelFlowConfig
  readonly graph: FlowGraph
  readonly steps: readonly FlowScreenKind[]
  readonly reasons: readonly CancellationReason[]
  readonly eligibleOffers: readonly OfferType[]
  readonly subscriber: Readonly<FlowSubscriber>
}

/** `cancellation_flow` when the config has none. */
export const DEFAULT_CANCELLATION_FLOW: Readonly<{
  steps: readonly FlowStep[]
  require_reason: boolean
  collect_feedback: boolean
}> = {
  steps: ['reason', 'feedback', 'offer', 'confirm'],
  require_reason: true,
  collect_feedback: true,
}

/**
 * The reasons the reason screen lists: enabled ones, in account order, or in the order of
 * `copy.cancel_reasons` (reason keys) when the merchant set it.
 */
export function shownReasons(
  config: CancelFlowConfig,
  reasons: readonly CancellationReason[],
): readonly CancellationReason[] {
  const enabled = reasons.filter((reason) => reason.enabled)
  const order = config.copy.cancel_reasons
  if (!order) return enabled
  return [...new Set(order)].flatMap((key) => enabled.filter((reason) => reason.key === key))
}

/** The step graph, built once. A reason step with nothing to choose from is dropped: it would trap people. */
export function buildFlowGraph(config: CancelFlowConfig, reasonCount: number): FlowGraph {
  const { steps, require_reason, collect_feedback } = config.cancellation_flow ?? DEFAULT_CANCELLATION_FLOW
  const reason = steps.includes('reason') && reasonCount > 0
  return Object.freeze({
    reason,
    feedback: steps.includes('feedback') && collect_feedback,
    offer: steps.includes('offer'),
    confirm: steps.includes('confirm'),
    requireReason: reason && require_reason,
  })
}

const COUNTED = ['reason', 'feedback', 'offer', 'confirm'] as const

/**
 * The steps "Step x of y" counts, fixed once per flow from the graph and the config alone: an offer step
 * counts when the config has an offer it could show, whichever reason is chosen and whatever the server
 * finds eligible, so the total never changes mid-flow (a reason without an offer skips a number instead).
 */
export function countedSteps(config: CancelFlowConfig, graph: FlowGraph): readonly FlowScreenKind[] {
  const offers =
    graph.offer &&
    config.compliance?.suppress_offers !== true &&
    OFFER_TYPES.some((offer) => config[offer].enabled && isOfferUsable(offer, config))
  const steps = COUNTED.filter((kind) => (kind === 'offer' ? offers : graph[kind]))
  // A flow with nothing to show opens on confirm (firstScreen): one step.
  return Object.freeze(steps.length ? steps : (['confirm'] as const))
}

export function createPlanContext(input: PlanInput): PlanContext {
  // Already in display order (shownReasons, applied by the config endpoint and the preview).
  const reasons = Object.freeze(input.reasons.filter((reason) => reason.enabled))
  const graph = buildFlowGraph(input.config, reasons.length)
  return Object.freeze({
    config: input.config,
    graph,
    steps: countedSteps(input.config, graph),
    reasons,
    eligibleOffers: Object.freeze([...input.eligibleOffers]),
    subscriber: Object.freeze({ ...input.subscriber }),
  })
}

const findReason = (context: PlanContext, key: string | null): CancellationReason | undefined =>
  context.reasons.find((reason) => reason.key === key)

/** No reason (none asked, or skipped when optional) means the generic 'any_reason' screen. */
export const feedbackCategoryFor = (context: PlanContext, reasonKey: string | null): FeedbackCategory =>
  findReason(context, reasonKey)?.feedback ?? 'any_reason'

/**
 * The save offer for a reason, or null. With a reason, only the offer it maps to; without one, the
 * first offer that applies in OFFER_TYPES order. Compliance suppression wins over everything.
 */
export function offerFor(context: PlanContext, reasonKey: string | null): OfferType | null {
  const { config, eligibleOffers, subscriber } = context
  const applies = (offer: OfferType | 'none'): offer is OfferType =>
    offer !== 'none' &&
    config[offer].enabled &&
    eligibleOffers.includes(offer) &&
    isOfferUsable(offer, config, subscriber)
  if (config.compliance?.suppress_offers === true) return null
  const reason = findReason(context, reasonKey)
  return (reason ? [reason.offer] : OFFER_TYPES).find(applies) ?? null
}

/** The non-terminal screens a subscriber with this reason walks through, in order. */
export function projectedPath(context: PlanContext, reasonKey: string | null): readonly FlowScreen[] {
  const { graph } = context
  const offer = graph.offer && offerFor(context, reasonKey)
  const path: FlowScreen[] = []
  if (graph.reason) path.push({ kind: 'reason' })
  if (graph.feedback) path.push({ kind: 'feedback', category: feedbackCategoryFor(context, reasonKey) })
  if (offer) path.push({ kind: 'offer', offer })
  if (graph.confirm) path.push({ kind: 'confirm' })
  return path
}

/**
 * The plan a machine walks: the counted steps, each reason's path (and the path without one), and the
 * options of every offer that has some.
 */
export function planFlow(input: PlanInput): FlowPlan {
  const context = createPlanContext(input)
  const paths: FlowPlan['paths'] = { '': [...projectedPath(context, null)] }
  for (const { key } of context.reasons) paths[key] = [...projectedPath(context, key)]
  const options: FlowPlan['options'] = {}
  for (const offer of OFFER_TYPES) {
    const list = offerOptions(offer, input.config, context.subscriber)
    if (list.length) options[offer] = [...list]
  }
  return { steps: [...context.steps], requireReason: context.graph.requireReason, paths, options }
}
