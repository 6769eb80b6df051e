import type { FlowAction, FlowContext, FlowEvent, FlowScreenKind, FlowSnapshot } from '@retainkit/shared/flow'
import { ACTION_EVENTS, isTerminal, screenCopy } from '@retainkit/shared/flow'
import { render } from 'preact'
import type { FunctionComponent } from 'react'
import { Dialog } from './dialog'
import { FeedbackScreen } from './screens/feedback'
import { OfferScreen } from './screens/offer'
import { FinalScreen } from './screens/outcome'
import { ReasonScreen } from './screens/reason'
import type { ScreenProps } from './screens/types'

/** One body per screen kind (confirm and success say everything in their headline): a new kind fails the build until it is rendered. */
const SCREENS: Readonly<Record<FlowScreenKind, FunctionComponent<ScreenProps> | null>> = {
  reason: ReasonScreen,
  feedback: FeedbackScreen,
  offer: OfferScreen,
  confirm: null,
  success: null,
  final: FinalScreen,
}

/**
 * The footer, in drawing (and Tab) order: the main action first (on the confirm step, cancelling), then
 * keeping and cancelling as buttons of equal weight (every step shows a way to finish cancelling, and it
 * is never smaller than the way to stay), going back last. 'close' is the × in the header (and
 * the only footer button once the flow is over); 'retry' sits in the error box.
 */
const FOOTER: readonly FlowAction[] = ['next', 'accept', 'decline', 'stay', 'cancel', 'back']

export interface FlowViewProps {
  snapshot: FlowSnapshot
  context: FlowContext
  send: (event: FlowEvent) => void
  /** What to draw buttons for: while a call runs the machine offers nothing, and the last ones stay (inert) so focus stays put. */
  actions: readonly FlowAction[]
  /** The message in the error box: like `actions`, the last one stays while a retry runs (its button keeps focus). */
  error: string | null
  /** A modal over the page (subscribers); otherwise drawn in place and never taking focus (the console's preview). */
  overlay?: boolean
  onSaveConfirmation: (text: string) => void
}

/**
 * The cancel flow as the subscriber sees it, for any snapshot of the shared flow machine: a dialog with
 * the progress, the screen (headline, text, its controls) in a part that scrolls on small screens, and
 * below it, always in view, errors in an alert and the actions.
 */
export function FlowView({
  snapshot,
  context,
  send,
  actions,
  error,
  overlay,
  onSaveConfirmation,
}: FlowViewProps) {
  const copy = screenCopy(snapshot, context)
  const { screen } = snapshot
  const working = snapshot.status === 'working'
  const terminal = isTerminal(screen)
  const offered = (list: readonly FlowAction[]) => list.filter((action) => actions.includes(action))
  const button = (action: FlowAction, className?: string) => (
    <button
      type="button"
      key={action}
      className={className}
      aria-disabled={working || undefined}
      onClick={() => send({ type: ACTION_EVENTS[action] } as FlowEvent)}
    >
      {copy.labels[action]}
    </button>
  )
  // Once only closing is left (a race lost to another tab, handing over), Close is the footer's button too.
  const footer = offered(
    terminal || actions.length === 1
      ? ['close']
      : screen.kind === 'confirm'
        ? ['cancel', 'stay', 'back']
        : FOOTER,
  )
  const Screen = SCREENS[screen.kind]

  return (
    <Dialog
      overlay={overlay}
      busy={working}
      progress={copy.progress}
      closeLabel={actions.includes('close') ? copy.labels.close : null}
      onClose={() => send({ type: 'CLOSE' })}
    >
      <div className="y">
        <h2 id="rk-title" tabIndex={-1}>
          {copy.headline}
        </h2>
        <p className="s">{copy.subheadline}</p>
        {Screen ? (
          <Screen
            snapshot={snapshot}
            copy={copy}
            context={context}
            send={send}
            onSaveConfirmation={onSaveConfirmation}
          />
        ) : null}
      </div>
      <div className="a">
        <div role="alert" id="rk-error">
          {error ? (
            <div className="e">
              <p>{error}</p>
              {offered(['retry']).map((action) => button(action))}
            </div>
          ) : null}
        </div>
        {footer.map((action, index) => button(action, action === 'back' ? 'b' : index ? undefined : 'p'))}
      </div>
    </Dialog>
  )
}

/**
 * Draws snapshots into `mount`, remembering the last actions offered (see FlowViewProps.actions). The
 * owner subscribes it to the machine, so each snapshot is on screen synchronously, before any event.
 */
export function flowDrawer(mount: HTMLElement, props: Pick<FlowViewProps, 'overlay' | 'onSaveConfirmation'>) {
  let actions: readonly FlowAction[] = []
  let error: string | null = null
  return (snapshot: FlowSnapshot, context: FlowContext, send: (event: FlowEvent) => void) => {
    if (snapshot.status !== 'working') {
      actions = snapshot.actions
      error = snapshot.error
    }
    render(
      <FlowView
        {...props}
        snapshot={snapshot}
        context={context}
        send={send}
        actions={actions}
        error={error}
      />,
      mount,
    )
  }
}
