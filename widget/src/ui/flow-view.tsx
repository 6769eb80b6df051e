import type {
  FlowAction,
  FlowMachine,
  FlowScreenKind,
  FlowSnapshot,
  ScreenCopy,
} from '@retainkit/shared/flow'
import { screenCopy } from '@retainkit/shared/flow'
import type { FunctionComponent } from 'preact'
import { useLayoutEffect, useRef, useState } from 'react'
import { DialogShell, type Presentation } from './dialog-shell'
import { FeedbackScreen } from './screens/feedback'
import { OfferScreen } from './screens/offer'
import { CopyOnly, FinalScreen } from './screens/outcome'
import { ReasonScreen } from './screens/reason'
import type { ScreenProps } from './screens/types'

/** One body per screen kind: a new kind fails the build until it is rendered. */
const SCREENS: Readonly<Record<FlowScreenKind, FunctionComponent<ScreenProps>>> = {
  reason: ReasonScreen,
  feedback: FeedbackScreen,
  offer: OfferScreen,
  confirm: CopyOnly,
  success: CopyOnly,
  final: FinalScreen,
}

type Slot = 'primary' | 'secondary' | 'back' | 'link' | 'header' | 'error'

/**
 * Where each action is drawn. 'cancel' is the primary button on the confirm screen and a link-style
 * button under the others; it is always drawn when the machine offers it (compliance: every step shows
 * a way to finish cancelling). 'close' is the × in the header; 'retry' sits in the error box.
 */
const SLOTS: Readonly<Record<FlowAction, Slot>> = {
  next: 'primary',
  accept: 'primary',
  decline: 'secondary',
  stay: 'secondary',
  back: 'back',
  cancel: 'link',
  close: 'header',
  retry: 'error',
}

/** Footer order, which is also the Tab order: the main action first, going back last. */
const ORDER: readonly Slot[] = ['primary', 'secondary', 'back']

const slotOf = (action: FlowAction, snapshot: FlowSnapshot): Slot =>
  action === 'cancel' && snapshot.screen.kind === 'confirm' ? 'primary' : SLOTS[action]

/**
 * The machine's snapshot, re-rendered on every change (and at once when the machine is replaced). It
 * subscribes in a layout effect, right after the render commits, so no event can slip in between.
 */
function useSnapshot(machine: FlowMachine): FlowSnapshot {
  const [state, setState] = useState({ machine, snapshot: machine.getSnapshot() })
  const shown = state.machine === machine ? state.snapshot : machine.getSnapshot()
  useLayoutEffect(() => {
    if (machine.getSnapshot() !== shown) setState({ machine, snapshot: machine.getSnapshot() })
    return machine.subscribe((snapshot) => setState({ machine, snapshot }))
  }, [machine])
  return shown
}

export interface FlowViewProps {
  machine: FlowMachine
  presentation: Presentation
  returnFocus?: Element | null
  onSaveConfirmation?: (text: string) => void
}

/** The cancel flow as the subscriber sees it, for any snapshot of the shared flow machine. */
export function FlowView({ machine, presentation, returnFocus, onSaveConfirmation }: FlowViewProps) {
  const snapshot = useSnapshot(machine)
  const copy: ScreenCopy = screenCopy(snapshot, machine.context)
  const { screen, status, error, stepIndex, stepCount } = snapshot
  const working = status === 'working'
  // While a call runs the machine offers nothing; keep showing the buttons (inert) so focus stays put.
  const lastActions = useRef(snapshot.actions)
  if (snapshot.actions.length || !working) lastActions.current = snapshot.actions
  const actions = lastActions.current
  const terminal = stepIndex >= stepCount
  const headline = useRef<HTMLHeadingElement>(null)
  const screenKey = JSON.stringify(screen)

  // Each new screen is announced by moving focus to its headline (modal only: the preview never steals focus).
  useLayoutEffect(() => {
    if (presentation === 'overlay') headline.current?.focus()
  }, [screenKey])

  const send = machine.send
  const button = (action: FlowAction, className?: string) => (
    <button
      type="button"
      key={action}
      className={className}
      aria-disabled={working ? 'true' : undefined}
      onClick={() => send({ type: EVENT_OF[action] })}
    >
      {copy.labels[action]}
    </button>
  )
  const inSlot = (slot: Slot) => actions.filter((action) => slotOf(action, snapshot) === slot)
  const Screen = SCREENS[screen.kind]
  const footer = terminal ? inSlot('header') : ORDER.flatMap(inSlot)

  return (
    <DialogShell
      presentation={presentation}
      labelledBy="rk-title"
      busy={working}
      onEscape={() => send({ type: 'CLOSE' })}
      returnFocus={returnFocus}
    >
      <div className="h">
        <span className="t" aria-live="polite">
          {terminal ? '' : `Step ${stepIndex + 1} of ${stepCount}`}
        </span>
        {actions.includes('close') ? (
          <button
            type="button"
            className="x"
            aria-label={copy.labels.close}
            onClick={() => send({ type: 'CLOSE' })}
          >
            ×
          </button>
        ) : null}
      </div>
      <h2 id="rk-title" tabIndex={-1} ref={headline}>
        {copy.headline}
      </h2>
      <p className="s">{copy.subheadline}</p>
      <Screen
        snapshot={snapshot}
        copy={copy}
        context={machine.context}
        send={send}
        onSaveConfirmation={onSaveConfirmation}
      />
      <div role="alert" id="rk-error">
        {error ? (
          <div className="e">
            <p>{error}</p>
            {inSlot('error').map((action) => button(action))}
          </div>
        ) : null}
      </div>
      <div className="a">
        {footer.map((action) =>
          button(action, slotOf(action, snapshot) === 'back' ? 'b' : action === footer[0] ? 'p' : undefined),
        )}
      </div>
      {inSlot('link').length ? (
        <p className="c">{inSlot('link').map((action) => button(action, 'l'))}</p>
      ) : null}
    </DialogShell>
  )
}

const EVENT_OF = {
  next: 'NEXT',
  back: 'BACK',
  accept: 'ACCEPT_OFFER',
  decline: 'DECLINE_OFFER',
  cancel: 'CANCEL',
  stay: 'STAY',
  close: 'CLOSE',
  retry: 'RETRY',
} as const satisfies Record<FlowAction, string>
