import type { OfferType, SessionStep } from '@retainkit/shared/vocabulary'
import { type SessionEventInput, WIDGET_EVENTS_MAX_PER_SESSION } from '@retainkit/shared/widget-api'
import { HttpError } from '../../http/http-error'

/**
 * The cancel session as a state machine the server keeps. The widget reports what the subscriber did;
 * the server stores it only when the session's state allows it, so analytics count what happened:
 * - nothing after the session's end (a kept plan, a closed flow, a save, a cancellation, a dismissed
 *   banner), so a repeated "keep my plan" counts once and a reason cannot change after cancelling;
 * - an offer may be declined only while it is on screen: one the session found eligible and showed,
 *   and not declined since (showing it again allows another decline);
 * - a repeat of the reason or the feedback already recorded is refused, and feedback is capped;
 * - a session takes WIDGET_EVENTS_MAX_PER_SESSION events from the widget in all (429 past that).
 * A batch is taken whole or refused whole. Shape errors are 400, state errors 409.
 */
export interface SessionState {
  kind: 'cancel' | 'reactivation'
  status: 'open' | 'saved' | 'canceled' | 'stayed' | 'abandoned'
  reasonKey: string | null
  eligibleOffers: readonly string[]
  offersOnScreen: readonly string[]
  clientEvents: number
  /** The session's feedback so far, oldest first. */
  feedback: readonly string[]
}

/** Write-ins a session may send: an edit or two, not a word-cloud campaign. */
export const MAX_FEEDBACK_PER_SESSION = 3

/** Steps only the server records, when the action behind them really happened. */
export const SERVER_STEPS: ReadonlySet<SessionStep> = new Set([
  'session_started',
  'offer_accepted',
  'cancel_completed',
  'banner_shown',
  'banner_accepted',
])
export const BANNER_STEPS: ReadonlySet<SessionStep> = new Set([
  'banner_shown',
  'banner_accepted',
  'banner_dismissed',
])

/** Steps that end an open session without a billing action, and the status they end it in. */
const CLOSING: Partial<Record<SessionStep, 'stayed' | 'abandoned'>> = {
  reason_continue: 'stayed',
  flow_abandoned: 'abandoned',
  banner_dismissed: 'abandoned',
}

const ENDED_MESSAGE = 'This session has ended: nothing more can be recorded for it.'

const bad = (message: string, field: string) => new HttpError('INVALID_INPUT', message, field)
const conflict = (message: string, field: string) => new HttpError('CONSTRAINT_VIOLATION', message, field)

/** Shape rules that need no state: 400 for the first event that breaks one. */
export function checkEventShapes(
  events: readonly SessionEventInput[],
  kind: SessionState['kind'],
  reasonKeys: ReadonlySet<string>,
): void {
  events.forEach((event, i) => {
    const field = `events.${i}`
    if (SERVER_STEPS.has(event.step)) {
      throw bad(`${event.step} is recorded by the server, not sent by the widget`, `${field}.step`)
    }
    if (BANNER_STEPS.has(event.step) !== (kind === 'reactivation')) {
      throw bad(`${event.step} does not belong to a ${kind} session`, `${field}.step`)
    }
    if (event.text !== undefined && event.step !== 'feedback_submitted') {
      throw bad('Text is only accepted with feedback_submitted', `${field}.text`)
    }
    if (event.step === 'feedback_submitted' && !event.text?.trim()) {
      throw bad('feedback_submitted needs the text', `${field}.text`)
    }
    if (event.step === 'reason_selected' && event.reasonKey === undefined) {
      throw bad('reason_selected needs a reasonKey', `${field}.reasonKey`)
    }
    if (event.reasonKey !== undefined && !reasonKeys.has(event.reasonKey)) {
      throw bad('Unknown reason: not one of this account’s cancellation reasons', `${field}.reasonKey`)
    }
    if ((event.step === 'offer_shown' || event.step === 'offer_declined') && event.offer === undefined) {
      throw bad(`${event.step} needs the offer`, `${field}.offer`)
    }
  })
}

export interface Transition {
  next: SessionState
  /** Set when the batch ends the session. */
  closing?: 'stayed' | 'abandoned'
}

/** Runs a batch through the state machine: the state after it, or a 409/429 naming the first refusal. */
export function applyEvents(state: SessionState, events: readonly SessionEventInput[]): Transition {
  if (state.clientEvents + events.length > WIDGET_EVENTS_MAX_PER_SESSION) {
    throw new HttpError(
      'RATE_LIMIT_EXCEEDED',
      `A session takes at most ${WIDGET_EVENTS_MAX_PER_SESSION} events.`,
    )
  }
  let { reasonKey } = state
  const onScreen = new Set(state.offersOnScreen)
  const feedback = [...state.feedback]
  let closing: Transition['closing']
  events.forEach((event, i) => {
    const field = `events.${i}.step`
    if (state.status !== 'open' || closing) throw conflict(ENDED_MESSAGE, field)
    switch (event.step) {
      case 'reason_selected':
        if (event.reasonKey === reasonKey) throw conflict('This reason is already recorded.', field)
        reasonKey = event.reasonKey ?? null
        break
      case 'feedback_submitted': {
        const text = event.text?.trim() ?? ''
        if (feedback[feedback.length - 1] === text)
          throw conflict('This feedback is already recorded.', field)
        if (feedback.length >= MAX_FEEDBACK_PER_SESSION) {
          throw conflict(`A session takes at most ${MAX_FEEDBACK_PER_SESSION} write-ins.`, field)
        }
        feedback.push(text)
        break
      }
      case 'offer_shown':
        if (!state.eligibleOffers.includes(event.offer as OfferType)) {
          throw conflict(`${event.offer} is not offered in this session.`, field)
        }
        onScreen.add(event.offer as OfferType)
        break
      case 'offer_declined':
        if (!state.eligibleOffers.includes(event.offer as OfferType)) {
          throw conflict(`${event.offer} is not offered in this session, so it cannot be declined.`, field)
        }
        if (!onScreen.delete(event.offer as OfferType)) {
          throw conflict(`${event.offer} is not on screen: it was not shown, or already declined.`, field)
        }
        break
      default:
        closing = CLOSING[event.step]
    }
  })
  return {
    next: {
      ...state,
      reasonKey,
      offersOnScreen: [...onScreen],
      feedback,
      clientEvents: state.clientEvents + events.length,
      ...(closing ? { status: closing } : {}),
    },
    ...(closing ? { closing } : {}),
  }
}
