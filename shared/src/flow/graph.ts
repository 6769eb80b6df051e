import type { CancelFlowConfig, CancellationReason } from '../config/types'
import { type FeedbackCategory, type FlowStep, OFFER_TYPES, type OfferType } from '../config/vocabulary'
import { type FlowCap, type JurisdictionMode, offersBeforeCancelling } from '../jurisdiction/modes'
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
  /** The jurisdiction's cap (mode `offer_cap`): what each path may show before the cancellation. */
  cap?: FlowCap | null
  /** The session's jurisdiction mode; absent (the published flow, before a session) counts as standard. */
  mode?: JurisdictionMode
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

/** What a cap removes first when a path has more screens than it allows: questions, then the offer. */
const CAP_DROPS = ['feedback', 'offer', 'reason'] as const

/**
 * The screen kinds a cap leaves, the same for every path (so "Step x of y" means the same whatever the
 * reason): no offer when none is allowed, then kinds dropped in CAP_DROPS order until the longest path
 * has at most `max_screens`. The confirm step is the last to stay: a cancellation is never performed
 * unasked.
 */
export function cappedKinds(paths: readonly (readonly FlowScreen[])[], cap: FlowCap): Set<FlowScreenKind> {
  const kinds = new Set<FlowScreenKind>(['reason', 'feedback', 'offer', 'confirm'])
  if (cap.max_offers < 1) kinds.delete('offer')
  const longest = () => Math.max(0, ...paths.map((path) => path.filter((s) => kinds.has(s.kind)).length))
  for (const kind of CAP_DROPS) if (longest() > cap.max_screens) kinds.delete(kind)
  return kinds
}

/**
 * The plan a machine walks: the counted steps, each reason's path (and the path without one), and the
 * options of every offer that has some. Under a cap every path loses the same kinds (`cappedKinds`)
 * and the counted steps are the kinds some path still shows; a mode without offers before the
 * cancellation does not count the offer step.
 */
export function planFlow(input: PlanInput): FlowPlan {
  const context = createPlanContext(input)
  const paths: FlowPlan['paths'] = { '': [...projectedPath(context, null)] }
  for (const { key } of context.reasons) paths[key] = [...projectedPath(context, key)]
  if (input.cap) {
    const kinds = cappedKinds(Object.values(paths), input.cap)
    for (const [key, path] of Object.entries(paths)) paths[key] = path.filter((s) => kinds.has(s.kind))
  }
  const options: FlowPlan['options'] = {}
  for (const offer of OFFER_TYPES) {
    const list = offerOptions(offer, input.config, context.subscriber)
    if (list.length) options[offer] = [...list]
  }
  const shown = new Set(Object.values(paths).flatMap((path) => path.map((screen) => screen.kind)))
  // A mode with no offer before the cancellation has no offer step to count, whatever the config holds
  // (eligibility alone never changes the total: a reason without an offer skips a number instead).
  const allowed = offersBeforeCancelling(input.mode ?? 'standard', input.cap?.max_offers)
  const counted = context.steps.filter((kind) => (input.cap ? shown.has(kind) : allowed || kind !== 'offer'))
  const steps = counted.length ? counted : (['confirm'] as const)
  // A reason required on a path that no longer asks for one would trap nobody, but would mean nothing.
  const requireReason = context.graph.requireReason && shown.has('reason')
  return { steps: [...steps], requireReason, paths, options }
}
