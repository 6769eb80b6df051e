import { FEEDBACK_CATEGORIES, OFFER_TYPES, type OfferType, type SessionStep } from '../config/vocabulary'
import type { OfferChoice, SessionEventInput } from '../widget-api'
import {
  createFlowContext,
  firstScreen,
  isTerminal,
  projectedPath,
  SCREEN_RANK,
  screenAfter,
  stepProgress,
} from './graph'
import { choiceOf, defaultChoice, findOption, offerOptions } from './offers'
import {
  type FlowAction,
  type FlowEvent,
  type FlowListener,
  type FlowMachine,
  type FlowMachineOptions,
  type FlowOutcome,
  type FlowScreen,
  type FlowScreenKind,
  type FlowSnapshot,
  type FlowStatus,
  SCREEN_KINDS,
} from './types'

export const REASON_REQUIRED_MESSAGE = 'Please choose a reason to continue.'
export const CALL_FAILED_MESSAGE = 'Something went wrong. Please try again.'
/** The server's limit for write-in feedback; longer input is cut rather than rejected. */
export const FEEDBACK_MAX_LENGTH = 2000

/**
 * What each screen offers when idle. 'back' and 'retry' are added from history and failures. Every
 * non-terminal screen has a way to finish cancelling (DESIGN 4): 'next' on the reason screen, 'cancel'
 * everywhere else; and every one has 'stay'.
 */
const actions = (...list: FlowAction[]): readonly FlowAction[] => Object.freeze(list)
export const SCREEN_ACTIONS: Readonly<Record<FlowScreenKind, readonly FlowAction[]>> = Object.freeze({
  reason: actions('next', 'stay', 'close'),
  feedback: actions('next', 'cancel', 'stay', 'close'),
  offer: actions('accept', 'decline', 'cancel', 'stay', 'close'),
  confirm: actions('cancel', 'stay', 'close'),
  success: actions('close'),
  final: actions('close'),
})

type Handlers = { readonly [T in FlowEvent['type']]: (event: Extract<FlowEvent, { type: T }>) => void }

interface State {
  screen: FlowScreen
  history: readonly FlowScreen[]
  status: FlowStatus
  error: string | null
  /** The call RETRY repeats. */
  failed: 'accept' | 'cancel' | null
  reasonKey: string | null
  feedback: string
  selection: OfferChoice
  outcome: FlowOutcome | null
  done: boolean
}

const NO_ACTIONS: readonly FlowAction[] = Object.freeze([])

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return message.trim() === '' ? CALL_FAILED_MESSAGE : message
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  list.some((item) => item === value)

type RawScreen = { kind?: unknown; category?: unknown; offer?: unknown }

/** Rebuilds a screen from outside (the preview) field by field; null when a field is not ours. */
const SCREEN_PARSERS: Readonly<Record<FlowScreenKind, (raw: RawScreen) => FlowScreen | null>> = {
  reason: () => ({ kind: 'reason' }),
  feedback: ({ category }) =>
    isOneOf(FEEDBACK_CATEGORIES, category) ? { kind: 'feedback', category } : null,
  offer: ({ offer }) => (isOneOf(OFFER_TYPES, offer) ? { kind: 'offer', offer } : null),
  confirm: () => ({ kind: 'confirm' }),
  success: ({ offer }) => (isOneOf(OFFER_TYPES, offer) ? { kind: 'success', offer } : null),
  final: () => ({ kind: 'final' }),
}

function normaliseScreen(screen: FlowScreen): FlowScreen | null {
  const raw: RawScreen = screen ?? {}
  const parsed = isOneOf(SCREEN_KINDS, raw.kind) ? SCREEN_PARSERS[raw.kind](raw) : null
  return parsed && Object.freeze(parsed)
}

export function createFlowMachine(options: FlowMachineOptions): FlowMachine {
  const context = createFlowContext(options)
  const { effects } = options
  const listeners = new Set<FlowListener>()
  // Bumped by every call and every GO_TO; a settling call whose id is stale is ignored.
  let callId = 0
  // What was last recorded, so walking back and forth does not count a reason or a text twice.
  let recordedReason: string | null = null
  let recordedFeedback: string | null = null

  const optionsFor = (offer: OfferType) => offerOptions(offer, context.config, context.subscriber)

  // Keep a still-valid selection when coming back to an offer; otherwise pre-select the first option.
  const selectionFor = (screen: FlowScreen, current: OfferChoice): OfferChoice => {
    if (screen.kind !== 'offer') return current
    const options = optionsFor(screen.offer)
    return findOption(options, current) ? current : defaultChoice(options)
  }

  const initial = options.initialScreen ? normaliseScreen(options.initialScreen) : null
  let state: State = {
    screen: initial ?? firstScreen(context),
    history: initial ? historyBefore(initial, null) : [],
    status: 'idle',
    error: null,
    failed: null,
    reasonKey: null,
    feedback: '',
    selection: {},
    outcome: null,
    done: false,
  }
  state.selection = selectionFor(state.screen, {})
  let snapshot = toSnapshot(state)

  function historyBefore(screen: FlowScreen, reasonKey: string | null): readonly FlowScreen[] {
    if (isTerminal(screen)) return []
    const rank = SCREEN_RANK[screen.kind]
    return projectedPath(context, reasonKey).filter((step) => SCREEN_RANK[step.kind] < rank)
  }

  function actionsOf(s: State): readonly FlowAction[] {
    if (s.done || s.status === 'working') return NO_ACTIONS
    const extra: FlowAction[] = []
    if (canGoBack(s)) extra.push('back')
    if (s.failed) extra.push('retry')
    const base = SCREEN_ACTIONS[s.screen.kind]
    return extra.length ? Object.freeze([...base, ...extra]) : base
  }

  function canGoBack(s: State): boolean {
    return !s.done && s.status !== 'working' && s.history.length > 0 && !isTerminal(s.screen)
  }

  function toSnapshot(s: State): FlowSnapshot {
    return Object.freeze({
      screen: s.screen,
      status: s.status,
      error: s.error,
      reasonKey: s.reasonKey,
      feedback: s.feedback,
      selection: Object.freeze({ ...s.selection }),
      actions: actionsOf(s),
      canGoBack: canGoBack(s),
      ...stepProgress(context, s.screen, s.reasonKey),
      outcome: s.outcome,
      done: s.done,
    })
  }

  function update(patch: Partial<State>): void {
    state = { ...state, ...patch }
    snapshot = toSnapshot(state)
    for (const listener of [...listeners]) listener(snapshot)
  }

  function record(step: SessionStep, extra: Omit<SessionEventInput, 'step' | 'reasonKey'> = {}): void {
    const event: SessionEventInput = { step }
    if (state.reasonKey !== null) event.reasonKey = state.reasonKey
    try {
      effects.record({ ...event, ...extra })
    } catch {
      // Analytics must never stand between a subscriber and their cancellation.
    }
  }

  /** Move forward to `screen`, remembering where we came from for BACK. */
  function enter(screen: FlowScreen): void {
    update({
      screen,
      history: [...state.history, state.screen],
      status: 'idle',
      error: null,
      failed: null,
      selection: selectionFor(screen, state.selection),
    })
    if (screen.kind === 'offer') record('offer_shown', { offer: screen.offer })
  }

  /** Towards cancellation: the next screen on the path, or the confirm step, or the cancel itself. */
  function advance(skipToConfirm: boolean): void {
    const next = skipToConfirm
      ? context.graph.confirm
        ? ({ kind: 'confirm' } as const)
        : null
      : screenAfter(context, state.screen, state.reasonKey)
    if (next) enter(next)
    else performCancel()
  }

  /** Leaving a screen forwards records what the subscriber told us there. */
  function recordLeaving(): void {
    const { screen, reasonKey, feedback } = state
    if (screen.kind === 'reason' && reasonKey !== null && reasonKey !== recordedReason) {
      record('reason_selected')
      recordedReason = reasonKey
    }
    const text = feedback.trim()
    if (screen.kind === 'feedback' && text !== '' && text !== recordedFeedback) {
      record('feedback_submitted', { text })
      recordedFeedback = text
    }
  }

  function call<T>(kind: 'accept' | 'cancel', run: () => Promise<T>, done: (result: T) => void): void {
    const id = ++callId
    update({ status: 'working', error: null, failed: null })
    let promise: Promise<T>
    try {
      promise = run()
    } catch (error) {
      promise = Promise.reject(error)
    }
    promise.then(
      (result) => {
        if (id === callId) done(result)
      },
      (error: unknown) => {
        if (id === callId) update({ status: 'error', error: errorMessage(error), failed: kind })
      },
    )
  }

  function performCancel(): void {
    const { reasonKey } = state
    call(
      'cancel',
      () => effects.cancel({ reasonKey, feedback: state.feedback.trim() }),
      (response) =>
        update({
          screen: { kind: 'final' },
          history: [],
          status: 'idle',
          outcome: { type: 'canceled', response },
        }),
    )
  }

  // The selection is always one of the offered options (pre-selected on entry, SELECT_OPTION validated),
  // so an offer with options is never accepted without a valid choice.
  function acceptOffer(): void {
    const { screen, selection, reasonKey } = state
    if (screen.kind !== 'offer') return
    const { offer } = screen
    const choice = { ...selection }
    call(
      'accept',
      () => effects.acceptOffer({ offer, choice, reasonKey }),
      (response) =>
        update({
          screen: { kind: 'success', offer },
          history: [],
          status: 'idle',
          outcome: { type: 'saved', offer, response },
        }),
    )
  }

  function goTo(target: FlowScreen): void {
    const screen = normaliseScreen(target)
    if (!screen) return
    callId++
    update({
      screen,
      history: historyBefore(screen, state.reasonKey),
      status: 'idle',
      error: null,
      failed: null,
      selection: selectionFor(screen, state.selection),
      outcome: null,
      done: false,
    })
  }

  function next(): void {
    const { screen } = state
    if (screen.kind === 'reason' && context.graph.requireReason && state.reasonKey === null) {
      update({ status: 'error', error: REASON_REQUIRED_MESSAGE })
      return
    }
    recordLeaving()
    advance(false)
  }

  function cancel(): void {
    const { screen } = state
    // After a failed cancel, pressing cancel again is a retry: nothing new to record.
    if (screen.kind === 'confirm' || state.failed === 'cancel') {
      performCancel()
      return
    }
    if (screen.kind === 'offer') record('offer_declined', { offer: screen.offer })
    recordLeaving()
    advance(true)
  }

  function back(): void {
    const previous = state.history[state.history.length - 1]
    if (!previous) return
    update({
      screen: previous,
      history: state.history.slice(0, -1),
      status: 'idle',
      error: null,
      failed: null,
      selection: selectionFor(previous, state.selection),
    })
    if (previous.kind === 'offer') record('offer_shown', { offer: previous.offer })
  }

  function end(outcome: FlowOutcome | null): void {
    update(outcome ? { outcome, done: true, status: 'idle', error: null } : { done: true })
  }

  /** A button handler that runs only when the current screen offers its action. */
  const button =
    (action: FlowAction, run: () => void): (() => void) =>
    () => {
      if (snapshot.actions.includes(action)) run()
    }
  const cancelButton = button('cancel', cancel)

  // Choices and text are valid only on their own screen; values not offered are ignored.
  const ON: Handlers = {
    SELECT_REASON({ key }) {
      if (state.screen.kind !== 'reason' || !context.reasons.some((reason) => reason.key === key)) return
      update({ reasonKey: key, status: 'idle', error: null, failed: null })
    },
    SET_FEEDBACK({ text }) {
      if (state.screen.kind === 'feedback') update({ feedback: String(text).slice(0, FEEDBACK_MAX_LENGTH) })
    },
    SELECT_OPTION(choice) {
      const { screen } = state
      const option = screen.kind === 'offer' && findOption(optionsFor(screen.offer), choice)
      if (option) update({ selection: choiceOf(option) })
    },
    NEXT: button('next', next),
    BACK: button('back', back),
    ACCEPT_OFFER: button('accept', acceptOffer),
    DECLINE_OFFER: button('decline', cancel),
    // On the reason screen the way to cancel is the primary "Continue": CANCEL means NEXT there.
    CANCEL: () => (state.screen.kind === 'reason' ? ON.NEXT({ type: 'NEXT' }) : cancelButton()),
    STAY: button('stay', () => {
      record('reason_continue')
      end({ type: 'stayed' })
    }),
    CLOSE: button('close', () => {
      // Closing a confirmation (success/final) is the normal end, not an abandoned flow.
      if (isTerminal(state.screen)) return end(null)
      record('flow_abandoned')
      end({ type: 'closed' })
    }),
    RETRY: button('retry', () => (state.failed === 'accept' ? acceptOffer() : performCancel())),
    GO_TO: ({ screen }) => goTo(screen),
  }

  function send(event: FlowEvent): void {
    // No double submit while a call is in flight; nothing after the flow ended (except the preview's GO_TO).
    if (event.type !== 'GO_TO' && (state.status === 'working' || state.done)) return
    ;(ON[event.type] as (event: FlowEvent) => void)(event)
  }

  if (!initial && state.screen.kind === 'offer') record('offer_shown', { offer: state.screen.offer })

  return {
    context,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    send,
  }
}
