import type { OfferType, SessionStep } from '../config/vocabulary'
import type { UiStrings } from '../i18n/ui-strings'
import { EN_UI_STRINGS, errorText } from '../i18n/ui-strings'
import type { AcceptOfferResponse, OfferChoice, SessionEventInput } from '../widget-api'
import { choiceOf, defaultChoice, findOption } from './offers'
import { firstScreen, historyBefore, isTerminal, plannedOptions, screenAfter } from './path'
import type {
  FlowAction,
  FlowContext,
  FlowEvent,
  FlowListener,
  FlowMachine,
  FlowMachineOptions,
  FlowResult,
  FlowScreen,
  FlowScreenKind,
  FlowSnapshot,
  FlowStatus,
} from './types'

/** The English words of the messages below (the flow shows them in the subscriber's language). */
export const REASON_REQUIRED_MESSAGE = EN_UI_STRINGS.reason_required
export const CALL_FAILED_MESSAGE = EN_UI_STRINGS.call_failed
/** Shown while the widget hands over to the merchant's own cancellation (the dialog then goes). */
export const HAND_OVER_MESSAGE = EN_UI_STRINGS.hand_over
/** A cancel call that fails this many times is handed over rather than offered again. */
export const CANCEL_ATTEMPTS = 2
/** The server's limit for write-in feedback; longer input is cut rather than rejected. */
export const FEEDBACK_MAX_LENGTH = 2000

/**
 * What each screen offers when idle. 'back' and 'retry' are added from history and failures. Every
 * non-terminal screen has a way to finish cancelling, 'cancel' (on the reason screen it skips the
 * questions: no reason is needed to leave), and a way to stay. (Snapshots carry frozen copies.)
 */
export const SCREEN_ACTIONS: Readonly<Record<FlowScreenKind, readonly FlowAction[]>> = Object.freeze({
  reason: ['next', 'cancel', 'stay', 'close'],
  feedback: ['next', 'cancel', 'stay', 'close'],
  offer: ['accept', 'decline', 'cancel', 'stay', 'close'],
  confirm: ['cancel', 'stay', 'close'],
  success: ['close'],
  final: ['close'],
})

/** The event each action's button sends; the machine handles it only while the screen offers the action. */
export const ACTION_EVENTS: Readonly<Record<FlowAction, FlowEvent['type']>> = {
  next: 'NEXT',
  back: 'BACK',
  accept: 'ACCEPT_OFFER',
  decline: 'DECLINE_OFFER',
  cancel: 'CANCEL',
  stay: 'STAY',
  close: 'CLOSE',
  retry: 'RETRY',
}
const BUTTONS = Object.keys(ACTION_EVENTS) as FlowAction[]

interface State {
  screen: FlowScreen
  history: readonly FlowScreen[]
  status: FlowStatus
  error: string | null
  /** The call RETRY repeats. */
  failed: 'accept' | 'cancel' | null
  /** Failed cancel calls so far (kept across screens): at CANCEL_ATTEMPTS the flow hands over. */
  cancelFailures: number
  /** Another tab or window already did it (the call's `already`): the flow says so and offers only Close. */
  over?: boolean
  reasonKey: string | null
  feedback: string
  selection: OfferChoice
  result: FlowResult | null
  done: boolean
}

/** The snapshot subscribers see: the state with the actions the screen offers now (pure). */
function snapshotOf(state: State): FlowSnapshot {
  const { screen, status, reasonKey, done } = state
  const handedOver = state.cancelFailures >= CANCEL_ATTEMPTS
  const idle = !done && status !== 'working'
  // Handing over, or a race lost to another tab, leaves nothing to do here but close.
  const closeOnly = handedOver || state.over
  const canGoBack = idle && !closeOnly && state.history.length > 0 && !isTerminal(screen)
  const actions: FlowAction[] = idle ? (closeOnly ? ['close'] : [...SCREEN_ACTIONS[screen.kind]]) : []
  if (canGoBack) actions.push('back')
  if (idle && state.failed) actions.push('retry')
  return Object.freeze({
    screen,
    status,
    error: state.error,
    reasonKey,
    feedback: state.feedback,
    selection: Object.freeze({ ...state.selection }),
    actions: Object.freeze(actions),
    canGoBack,
    handedOver,
    result: state.result,
    done,
  })
}

/** What a failed call leaves (pure): a message, the call RETRY repeats, or the hand-over. */
function failureOf(
  kind: 'accept' | 'cancel',
  error: unknown,
  failures: number,
  strings: UiStrings,
): Partial<State> {
  // A cancel that keeps failing (or that the server says is not ours to do) must not trap anyone.
  const cancelFailures =
    kind !== 'cancel'
      ? failures
      : (error as { handOver?: unknown } | null)?.handOver === true
        ? CANCEL_ATTEMPTS
        : failures + 1
  // Another tab or window already did it: the server's words say what, and no retry is offered.
  const already = (error as { already?: { text?: string } } | null)?.already?.text
  return cancelFailures >= CANCEL_ATTEMPTS
    ? { status: 'error', error: strings.hand_over, failed: null, cancelFailures }
    : already
      ? { status: 'error', error: already, failed: null, over: true }
      : { status: 'error', error: errorText(strings, error), failed: kind, cancelFailures }
}

/**
 * An accepted offer's result (pure). "Talk to us" handing over to a mail app or a support page is a
 * contact, not a save: only the merchant's own handler (answered 'recorded') reports one.
 */
const acceptedResult = (offer: OfferType, response: AcceptOfferResponse): FlowResult => ({
  outcome: offer === 'talk_to_us' && response.status === 'redirect' ? 'contacted' : 'saved',
  offer,
  response,
})

type Update = (patch: Partial<State>) => void
type Record_ = (step: SessionStep, extra?: Omit<SessionEventInput, 'step' | 'reasonKey'>) => void
type Show = (screen: FlowScreen, history: readonly FlowScreen[], patch?: Partial<State>) => void

/**
 * The two calls, accepting an offer and cancelling, each settling on its own screen: the confirmation,
 * or the error (with a retry or the hand-over). Returns [performCancel, acceptOffer].
 */
function flowCalls(
  effects: FlowMachineOptions['effects'],
  strings: UiStrings,
  state: State,
  update: Update,
  show: Show,
): [() => void, () => void] {
  // One call at a time: nothing is handled while one runs (see send), so each settles on its own screen.
  function call<T>(kind: 'accept' | 'cancel', run: () => Promise<T>, done: (result: T) => void): void {
    update({ status: 'working', error: null, failed: null })
    // (A call that throws before it returns a promise fails like one that rejects.)
    new Promise<T>((resolve) => resolve(run())).then(done, (error: unknown) =>
      update(failureOf(kind, error, state.cancelFailures, strings)),
    )
  }

  return [
    function performCancel(): void {
      const { reasonKey, feedback } = state
      call(
        'cancel',
        () => effects.cancel({ reasonKey, feedback: feedback.trim() }),
        (response) => show({ kind: 'final' }, [], { result: { outcome: 'canceled', response } }),
      )
    },
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
        (response) => show({ kind: 'success', offer }, [], { result: acceptedResult(offer, response) }),
      )
    },
  ]
}

type Handlers = { readonly [T in FlowEvent['type']]: (event: Extract<FlowEvent, { type: T }>) => void }

/** By event type; a button's handler runs only when the current screen offers its action (see send). */
function flowEvents(
  context: FlowContext,
  state: State,
  update: Update,
  record: Record_,
  step: (screen: FlowScreen, history: readonly FlowScreen[]) => void,
  [performCancel, acceptOffer]: [() => void, () => void],
): Handlers {
  const { plan } = context
  // What was last recorded, so walking back and forth does not count a reason or a text twice.
  let recordedReason: string | null = null
  let recordedFeedback: string | null = null

  /**
   * Towards cancellation: the next screen on the path (or straight to the confirm step), else the cancel
   * itself. Leaving a screen forwards records what the subscriber told us there.
   */
  function advance(toConfirm: boolean): void {
    const { screen, reasonKey } = state
    const text = state.feedback.trim()
    if (screen.kind === 'reason' && reasonKey !== null && reasonKey !== recordedReason) {
      record('reason_selected')
      recordedReason = reasonKey
    }
    if (screen.kind === 'feedback' && text && text !== recordedFeedback) {
      record('feedback_submitted', { text })
      recordedFeedback = text
    }
    const next = screenAfter(plan, screen, reasonKey, toConfirm)
    if (next) step(next, [...state.history, screen])
    else performCancel()
  }

  function cancel(): void {
    const { screen } = state
    // After a failed cancel, pressing cancel again is a retry: nothing new to record.
    if (screen.kind === 'confirm' || state.failed === 'cancel') performCancel()
    // Elsewhere it skips to the confirm step (on the reason screen, a reason already chosen is kept and
    // none is asked for); leaving an offer that way declines it.
    else {
      if (screen.kind === 'offer') record('offer_declined', { offer: screen.offer })
      advance(true)
    }
  }

  const end = (result: FlowResult | null) =>
    update(result ? { result, done: true, status: 'idle', error: null } : { done: true })

  return {
    // Choices and text are valid only on their own screen; values not offered are ignored.
    SELECT_REASON({ key }) {
      if (state.screen.kind === 'reason' && context.reasons.some((reason) => reason.key === key))
        update({ reasonKey: key, status: 'idle', error: null, failed: null })
    },
    SET_FEEDBACK({ text }) {
      if (state.screen.kind === 'feedback') update({ feedback: String(text).slice(0, FEEDBACK_MAX_LENGTH) })
    },
    SELECT_OPTION(choice) {
      const { screen } = state
      const option = screen.kind === 'offer' && findOption(plannedOptions(plan, screen.offer), choice)
      if (option) update({ selection: choiceOf(option) })
    },
    NEXT() {
      if (state.screen.kind === 'reason' && plan.requireReason && state.reasonKey === null)
        update({ status: 'error', error: context.strings.reason_required })
      else advance(false)
    },
    BACK() {
      const { history } = state
      step(history[history.length - 1] as FlowScreen, history.slice(0, -1))
    },
    ACCEPT_OFFER: acceptOffer,
    DECLINE_OFFER: cancel,
    CANCEL: cancel,
    STAY() {
      record('reason_continue')
      end({ outcome: 'stayed' })
    },
    CLOSE() {
      // Closing a confirmation (success/final) is the normal end, not an abandoned flow; nor is closing
      // while the widget hands over to the merchant's cancellation. Closing while a call runs ends the
      // flow with no outcome of its own: the call's, once it answers, is the result (the server records it).
      if (isTerminal(state.screen) || state.status === 'working') return end(null)
      if (state.cancelFailures < CANCEL_ATTEMPTS) record('flow_abandoned')
      end({ outcome: 'closed' })
    },
    RETRY: () => (state.failed === 'accept' ? acceptOffer() : performCancel()),
  }
}

export function createFlowMachine(options: FlowMachineOptions): FlowMachine {
  const { effects, plan } = options
  const context: FlowContext = Object.freeze({
    words: options.words,
    plan,
    // Already in display order (shownReasons, applied by the config endpoint and the preview).
    reasons: Object.freeze(options.reasons.filter((reason) => reason.enabled)),
    locale: options.locale ?? 'en-US',
    strings: options.strings,
  })
  const listeners = new Set<FlowListener>()
  let snapshot: FlowSnapshot
  // Changed in place by update only (never handed out: subscribers get frozen snapshots).
  const state = {
    reasonKey: null,
    feedback: '',
    selection: {},
    result: null,
    done: false,
    cancelFailures: 0,
  } as unknown as State

  function update(patch: Partial<State>): void {
    Object.assign(state, patch)
    snapshot = snapshotOf(state)
    for (const listener of [...listeners]) listener(snapshot)
  }

  function record(step: SessionStep, extra?: Omit<SessionEventInput, 'step' | 'reasonKey'>): void {
    const event: SessionEventInput = { step, ...extra }
    if (state.reasonKey !== null) event.reasonKey = state.reasonKey
    try {
      effects.record(event)
    } catch {
      // Analytics must never stand between a subscriber and their cancellation.
    }
  }

  /**
   * Shows `screen` with a clean status. On an offer a still-valid selection is kept (coming back to it),
   * otherwise the first option is pre-selected.
   */
  function show(screen: FlowScreen, history: readonly FlowScreen[], patch?: Partial<State>): void {
    let { selection } = state
    if (screen.kind === 'offer') {
      const list = plannedOptions(plan, screen.offer)
      if (!findOption(list, selection)) selection = defaultChoice(list)
    }
    update({ screen, history, status: 'idle', error: null, failed: null, selection, ...patch })
  }

  /** The subscriber's own move to `screen` (forwards or back): an offer seen is recorded each time. */
  function step(screen: FlowScreen, history: readonly FlowScreen[]): void {
    show(screen, history)
    if (screen.kind === 'offer') record('offer_shown', { offer: screen.offer })
  }

  const ON = flowEvents(
    context,
    state,
    update,
    record,
    step,
    flowCalls(effects, context.strings, state, update, show),
  )

  const initial = options.initialScreen && Object.freeze({ ...options.initialScreen })
  const first = initial ?? firstScreen(context)
  show(first, historyBefore(plan, first, null))
  if (!initial && first.kind === 'offer') record('offer_shown', { offer: first.offer })

  return {
    context,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    send(event) {
      const { type } = event
      // Nothing after the flow ended. While a call is in flight, no double submit, but the subscriber can
      // always leave: a slow payment service must not hold them (up to the call's timeout).
      if (state.done) return
      const action = BUTTONS.find((button) => ACTION_EVENTS[button] === type)
      if (state.status === 'working' ? type === 'CLOSE' : !action || snapshot.actions.includes(action))
        (ON[type] as (event: FlowEvent) => void)(event)
    },
  }
}
