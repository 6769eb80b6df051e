/**
 * `@retainkit/shared/flow`: the framework-free cancel-flow machine the widget and the console's preview
 * both run. Dependency-free and zod-free (types only from the schema) so it fits the widget's budget.
 */
export {
  ALL_SCREENS,
  CONFIRM_COPY,
  COPY_FALLBACKS,
  type CopyPlaceholder,
  type CopyValues,
  DEFAULT_ACTION_LABELS,
  daysLabel,
  endsOnText,
  fillCopy,
  formatDate,
  monthsLabel,
  percent,
  plannedScreens,
  resolveFlowWords,
  type ScreenCopy,
  type ScreenOption,
  screenCopy,
  screenKey,
  type WordsInput,
} from './copy'
export {
  buildFlowGraph,
  cappedKinds,
  countedSteps,
  createPlanContext,
  DEFAULT_CANCELLATION_FLOW,
  type FlowGraph,
  feedbackCategoryFor,
  offerFor,
  type PlanContext,
  type PlanInput,
  planFlow,
  projectedPath,
  shownReasons,
} from './graph'
export {
  ACTION_EVENTS,
  CALL_FAILED_MESSAGE,
  CANCEL_ATTEMPTS,
  createFlowMachine,
  FEEDBACK_MAX_LENGTH,
  HAND_OVER_MESSAGE,
  REASON_REQUIRED_MESSAGE,
  SCREEN_ACTIONS,
} from './machine'
export { defaultChoice, findOption, isOfferUsable, type OfferOption, offerOptions } from './offers'
export { parseScreen } from './parse-screen'
export {
  firstScreen,
  historyBefore,
  isTerminal,
  plannedOptions,
  SCREEN_RANK,
  screenAfter,
  stepProgress,
} from './path'
export { buildRedirectUrl, type RedirectPlaceholder, type RedirectValues } from './redirect'
export * from './types'
