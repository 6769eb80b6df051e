import type { OfferType } from '../config/vocabulary'
import type { OfferOption } from './offers'
import type { FlowPlan, FlowScreen, FlowScreenKind } from './types'

/**
 * Walking a planned flow (FlowPlan): the machine's side of the step graph. What the plan holds is
 * decided elsewhere (graph.ts, on the server and in the preview); this only reads it.
 */

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

/** The screens a subscriber with this reason walks through (without one: the '' path). */
const pathOf = (plan: FlowPlan, reasonKey: string | null): readonly FlowScreen[] =>
  plan.paths[reasonKey ?? ''] ?? plan.paths[''] ?? []

/** What an offer lets the subscriber choose, as planned. */
export const plannedOptions = (plan: FlowPlan, offer: OfferType): readonly OfferOption[] =>
  plan.options[offer] ?? []

/** Where the flow opens. With no step left to show, the confirm screen: a cancel is never performed unasked. */
export const firstScreen = ({ plan }: { plan: FlowPlan }): FlowScreen =>
  pathOf(plan, null)[0] ?? { kind: 'confirm' }

/**
 * The next screen after `from` on the path (with `toConfirm`, the confirm step, skipping the rest), or
 * null when the cancellation itself comes next.
 */
export const screenAfter = (
  plan: FlowPlan,
  from: FlowScreen,
  reasonKey: string | null,
  toConfirm?: boolean,
): FlowScreen | null =>
  pathOf(plan, reasonKey).find((screen) =>
    toConfirm ? screen.kind === 'confirm' : SCREEN_RANK[screen.kind] > SCREEN_RANK[from.kind],
  ) ?? null

/** The path before `screen` (what BACK retraces when the flow was opened or moved there directly). */
export const historyBefore = (
  plan: FlowPlan,
  screen: FlowScreen,
  reasonKey: string | null,
): readonly FlowScreen[] =>
  isTerminal(screen)
    ? []
    : pathOf(plan, reasonKey).filter((step) => SCREEN_RANK[step.kind] < SCREEN_RANK[screen.kind])

/**
 * "Step 2 of 4": the screen's place among the counted steps (plan.steps), whatever the reason. A screen
 * outside them (only the preview's step switcher can show one) counts as one more step.
 */
export function stepProgress(plan: FlowPlan, screen: FlowScreen): { stepIndex: number; stepCount: number } {
  const { steps } = plan
  const stepCount = steps.length + (isTerminal(screen) || steps.includes(screen.kind) ? 0 : 1)
  const stepIndex = isTerminal(screen)
    ? stepCount
    : steps.filter((kind) => SCREEN_RANK[kind] < SCREEN_RANK[screen.kind]).length
  return { stepIndex, stepCount }
}
