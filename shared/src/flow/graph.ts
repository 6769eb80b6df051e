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

export const isTerminal = (screen: FlowScreen): boolean => SCREEN_RANK[screen.kind] > 3

/** Screens of `path` that come before `screen` in the flow order. */
const before = (path: readonly FlowScreen[], screen: FlowScreen) =>
  path.filter((step) => SCREEN_RANK[step.kind] < SCREEN_RANK[screen.kind])

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

export function createFlowContext(options: Omit<FlowMachineOptions, 'effects'>): FlowContext {
  // Already in display order (shownReasons, applied by the config endpoint and the preview).
  const reasons = Object.freeze(options.reasons.filter((reason) => reason.enabled))
  const graph = buildFlowGraph(options.config, reasons.length)
  return Object.freeze({
    config: options.config,
    graph,
    steps: countedSteps(options.config, graph),
    reasons,
    eligibleOffers: Object.freeze([...options.eligibleOffers]),
    subscriber: Object.freeze({ ...options.subscriber }),
    locale: options.locale ?? 'en-US',
    strings: options.strings,
  })
}

const findReason = (context: FlowContext, key: string | null): CancellationReason | undefined =>
  context.reasons.find((reason) => reason.key === key)

/** No reason (none asked, or skipped when optional) means the generic 'any_reason' screen. */
export const feedbackCategoryFor = (context: FlowContext, reasonKey: string | null): FeedbackCategory =>
  findReason(context, reasonKey)?.feedback ?? 'any_reason'

/**
 * The save offer for a reason, or null. With a reason, only the offer it maps to; without one, the
 * first offer that applies in OFFER_TYPES order. Compliance suppression wins over everything.
 */
export function offerFor(context: FlowContext, reasonKey: string | null): OfferType | null {
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
export function projectedPath(context: FlowContext, reasonKey: string | null): readonly FlowScreen[] {
  const { graph } = context
  const offer = graph.offer && offerFor(context, reasonKey)
  const path: FlowScreen[] = []
  if (graph.reason) path.push({ kind: 'reason' })
  if (graph.feedback) path.push({ kind: 'feedback', category: feedbackCategoryFor(context, reasonKey) })
  if (offer) path.push({ kind: 'offer', offer })
  if (graph.confirm) path.push({ kind: 'confirm' })
  return path
}

/** Where the flow opens. With no step left to show, the confirm screen: a cancel is never performed unasked. */
export const firstScreen = (context: FlowContext): FlowScreen =>
  projectedPath(context, null)[0] ?? { kind: 'confirm' }

/** The next screen after `from` on the path, or null when the cancellation comes next. */
export const screenAfter = (
  context: FlowContext,
  from: FlowScreen,
  reasonKey: string | null,
): FlowScreen | null =>
  projectedPath(context, reasonKey).find((screen) => SCREEN_RANK[screen.kind] > SCREEN_RANK[from.kind]) ??
  null

/** The path before `screen` (what BACK retraces when the flow was opened or moved there directly). */
export const historyBefore = (
  context: FlowContext,
  screen: FlowScreen,
  reasonKey: string | null,
): readonly FlowScreen[] => (isTerminal(screen) ? [] : before(projectedPath(context, reasonKey), screen))

/**
 * "Step 2 of 4": the screen's place among the counted steps (context.steps), whatever the reason. A
 * screen outside them (only the preview's step switcher can show one) counts as one more step.
 */
export function stepProgress(
  context: FlowContext,
  screen: FlowScreen,
): { stepIndex: number; stepCount: number } {
  const { steps } = context
  const stepCount = steps.length + (isTerminal(screen) || steps.includes(screen.kind) ? 0 : 1)
  const stepIndex = isTerminal(screen)
    ? stepCount
    : steps.filter((kind) => SCREEN_RANK[kind] < SCREEN_RANK[screen.kind]).length
  return { stepIndex, stepCount }
}
