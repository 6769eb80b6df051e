import { fillCopy, formatDate } from '@retainkit/shared/flow'
import type { AlreadyDone } from '@retainkit/shared/widget-api'
import type Stripe from 'stripe'
import type { CancelSession } from '../../db/tables'
import { alreadyDone, type HttpError } from '../../http/http-error'
import { sessionUi } from './messages'

/**
 * The 409 a widget call gets when another tab or window of the same subscriber got there first: the
 * English message for developers, and `already` — what that one did, in the session's language — for the
 * subscriber, whose flow then offers only Close (a retry could never work).
 */
type AccountWords = Parameters<typeof sessionUi>[0]

/** An offer accepted elsewhere within the cooldown: a trial extension names the trial's new end. */
export function offerAlreadyApplied(
  payload: AccountWords,
  session: Pick<CancelSession, 'locale'>,
  mechanism: string,
  subscription: Stripe.Subscription | null,
  message: string,
): HttpError {
  const { strings, tag } = sessionUi(payload, session.locale)
  const trialEnd = mechanism === 'trial_extension' ? subscription?.trial_end : null
  if (trialEnd) {
    const until = new Date(trialEnd * 1000).toISOString()
    const date = formatDate(until, tag) ?? until
    return alreadyDone(message, {
      kind: 'trial_extended',
      until,
      text: fillCopy(strings.already_trial, { date }),
    })
  }
  return alreadyDone(message, { kind: 'offer_applied', text: strings.already_applied })
}

/** The subscription was cancelled elsewhere meanwhile: offers no longer apply. */
export function alreadyCancelled(
  payload: AccountWords,
  session: Pick<CancelSession, 'locale'>,
  message: string,
): HttpError {
  const already: AlreadyDone = {
    kind: 'cancelled',
    text: sessionUi(payload, session.locale).strings.already_cancelled,
  }
  return alreadyDone(message, already)
}
