import { errorText, type UiStrings } from '@retainkit/shared/ui-strings'
import type { ReactivationAcceptResponse, ReactivationTerms } from '@retainkit/shared/widget-api'
import { fill } from '../flow/localize'

/**
 * Informed consent for anything that will charge the subscriber (the banner's reactivation, the undo of
 * a scheduled cancellation): the plan, the price before and after any discount, when the first charge
 * happens and that it renews are on screen (the server's words for its numbers, `terms.summary`), and
 * accepting asks once more, naming the amount and the date, before the call that charges is made.
 */

export type ReactivateState =
  | { kind: 'idle' | 'confirm' | 'working' }
  | { kind: 'done'; done: ReactivationAcceptResponse }
  | { kind: 'error'; error: unknown }

/**
 * Keeps a reactivation's state for its owner and redraws on every change: `draw` gets the state, the
 * main button's action and Back's. The main button asks for the confirmation when idle; confirming
 * (again after an error) runs `accept`, once at a time, then shows done or the error, each in the
 * subscriber's words (ReactivateBody).
 */
export function reactivation(
  draw: (state: ReactivateState, onPrimary: () => void, onBack: () => void) => void,
  accept: () => Promise<ReactivationAcceptResponse>,
): void {
  let state: ReactivateState = { kind: 'idle' }
  const set = (next: ReactivateState) => {
    state = next
    draw(state, press, () => set({ kind: 'idle' }))
  }
  const press = () => {
    if (state.kind === 'working' || state.kind === 'done') return
    if (state.kind === 'idle') return set({ kind: 'confirm' })
    set({ kind: 'working' })
    accept().then(
      (done) => set({ kind: 'done', done }),
      (error: unknown) => set({ kind: 'error', error }),
    )
  }
  set(state)
}

export interface ReactivateBodyProps {
  /** Null: nothing can be offered (the terms could not be stated), only Close. */
  terms: ReactivationTerms | null
  strings: UiStrings
  state: ReactivateState
  /** The button that starts it ("Reactivate", "Keep my subscription") and the other one beside it. */
  primaryLabel: string
  secondaryLabel: string
  /** The main button (see reactivation). */
  onPrimary: () => void
  onSecondary: () => void
  /** Back from the confirmation to the offer. */
  onBack: () => void
  /** Once done. */
  onClose: () => void
}

/** The terms, the confirmation (announced) and the buttons. */
export function ReactivateBody(props: ReactivateBodyProps) {
  const { terms, state, strings } = props
  const confirm = terms && fill(strings.confirm_charge, { charge: terms.firstCharge })
  // What happened, in the subscriber's language (the server's own message is English, for developers).
  const message =
    state.kind === 'error'
      ? errorText(strings, state.error)
      : state.kind === 'done' &&
        (state.done.kind === 'scheduled_cancel'
          ? strings.reactivation_kept
          : terms?.discount
            ? fill(strings.reactivated_discount, { n: terms.discount.percentOff })
            : strings.reactivated)
  const done = state.kind === 'done' || !terms
  const asking = !done && state.kind !== 'idle'
  // [label, action, main], drawn by position: the main button first, and the confirming one never where
  // the button that asked for it was (a double click lands on Back, not on a charge).
  const buttons: [string, () => void, boolean?][] = done
    ? [[strings.close, props.onClose, !terms]]
    : asking
      ? [
          [strings.back, props.onBack],
          [confirm as string, props.onPrimary, true],
        ]
      : [
          [props.primaryLabel, props.onPrimary, true],
          [props.secondaryLabel, props.onSecondary],
        ]
  return (
    <>
      {done ? null : (
        <div className="n">
          {terms.summary.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <div role="status">
        {message ? (
          <p className={state.kind === 'error' ? 'e' : undefined}>{message}</p>
        ) : asking ? (
          <p>
            <strong>{confirm}</strong>
          </p>
        ) : null}
      </div>
      <div className="a">
        {buttons.map(([label, onClick, main], index) => (
          <button
            type="button"
            key={index}
            className={main ? 'p' : undefined}
            aria-disabled={(main && state.kind === 'working') || undefined}
            onClick={onClick}
          >
            {label}
          </button>
        ))}
      </div>
    </>
  )
}
