import type { CancelFlowConfig, CancellationReason } from '../config/types'
import { type FeedbackCategory, type FlowStep, OFFER_TYPES, type OfferType } from '../config/vocabulary'
import { isOfferUsable } from './offers'
import type { FlowContext, FlowGraph, FlowMachineOptions, FlowScreen, FlowScreenKind } from './types'

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

/** Position in the fixed flow order; the order of `steps` in the config does not matter. */
export const SCREEN_RANK: Readonly<Record<FlowScreenKind, number>> = {
  reason: 0,
  feedback: 1,
  offer: 2,
  confirm: 3,
  success: 4,
  final: 4,
}

export const isTerminal = (screen: FlowScreen): boolean => SCREEN_RANK[screen.kind] === 4

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
  const byKey = new Map(enabled.map((reason) => [reason.key, reason]))
  const picked: CancellationReason[] = []
  for (const key of new Set(order)) {
    const reason = byKey.get(key)
    if (reason) picked.push(reason)
  }
  return picked
}

/** The step graph, built once. A reason step with nothing to choose from is dropped: it would trap people. */
export function buildFlowGraph(config: CancelFlowConfig, reasonCount: number): FlowGraph {
  const flow = config.cancellation_flow ?? DEFAULT_CANCELLATION_FLOW
  const has = (step: FlowStep) => flow.steps.includes(step)
  const reason = has('reason') && reasonCount > 0
  return Object.freeze({
    reason,
    feedback: has('feedback') && flow.collect_feedback,
    offer: has('offer'),
    confirm: has('confirm'),
    requireReason: reason && flow.require_reason,
  })
}

export function createFlowContext(options: Omit<FlowMachineOptions, 'effects'>): FlowContext {
  const reasons = Object.freeze(shownReasons(options.config, options.reasons))
  return Object.freeze({
    config: options.config,
    graph: buildFlowGraph(options.config, reasons.length),
    reasons,
    eligibleOffers: Object.freeze([...options.eligibleOffers]),
    subscriber: Object.freeze({ ...options.subscriber }),
    locale: options.locale ?? 'en-US',
  })
}

export const findReason = (context: FlowContext, key: string | null): CancellationReason | undefined =>
  key === null ? undefined : context.reasons.find((reason) => reason.key === key)

/** No reason (none asked, or skipped when optional) means the generic 'any_reason' screen. */
export const feedbackCategoryFor = (context: FlowContext, reasonKey: string | null): FeedbackCategory =>
  findReason(context, reasonKey)?.feedback ?? 'any_reason'

function offerApplies(context: FlowContext, offer: OfferType): boolean {
  const { config } = context
  return (
    config[offer].enabled &&
    context.eligibleOffers.includes(offer) &&
    isOfferUsable(offer, config, context.subscriber)
  )
}

/**
 * The save offer for a reason, or null. With a reason, only the offer it maps to; without one, the
 * first offer that applies in OFFER_TYPES order. Compliance suppression wins over everything.
 */
export function offerFor(context: FlowContext, reasonKey: string | null): OfferType | null {
  if (context.config.compliance?.suppress_offers === true) return null
  const reason = findReason(context, reasonKey)
  if (!reason) return OFFER_TYPES.find((offer) => offerApplies(context, offer)) ?? null
  return reason.offer !== 'none' && offerApplies(context, reason.offer) ? reason.offer : null
}

/** The non-terminal screens a subscriber with this reason walks through, in order. */
export function projectedPath(context: FlowContext, reasonKey: string | null): readonly FlowScreen[] {
  const { graph } = context
  const path: FlowScreen[] = []
  if (graph.reason) path.push({ kind: 'reason' })
  if (graph.feedback) path.push({ kind: 'feedback', category: feedbackCategoryFor(context, reasonKey) })
  const offer = graph.offer ? offerFor(context, reasonKey) : null
  if (offer) path.push({ kind: 'offer', offer })
  if (graph.confirm) path.push({ kind: 'confirm' })
  return path
}

/** Where the flow opens. With no step left to show, the confirm screen: a cancel is never performed unasked. */
export function firstScreen(context: FlowContext): FlowScreen {
  return projectedPath(context, null)[0] ?? { kind: 'confirm' }
}

/** The next screen after `from` on the path, or null when the cancellation comes next. */
export function screenAfter(
  context: FlowContext,
  from: FlowScreen,
  reasonKey: string | null,
): FlowScreen | null {
  const rank = SCREEN_RANK[from.kind]
  return projectedPath(context, reasonKey).find((screen) => SCREEN_RANK[screen.kind] > rank) ?? null
}

/** "Step 2 of 4": the current screen's place among the steps of the path for the current reason. */
export function stepProgress(
  context: FlowContext,
  screen: FlowScreen,
  reasonKey: string | null,
): { stepIndex: number; stepCount: number } {
  const path = projectedPath(context, reasonKey)
  const rank = SCREEN_RANK[screen.kind]
  const onPath = path.some((step) => step.kind === screen.kind)
  // A screen off the path (the fallback confirm, a previewed offer) still counts as a step.
  const stepCount = path.length + (onPath || isTerminal(screen) ? 0 : 1)
  const stepIndex = isTerminal(screen)
    ? stepCount
    : path.filter((step) => SCREEN_RANK[step.kind] < rank).length
  return { stepIndex, stepCount }
}
