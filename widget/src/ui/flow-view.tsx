import type { FlowAction, FlowContext, FlowEvent, FlowScreenKind, FlowSnapshot } from '@retainkit/shared/flow'
import { screenCopy } from '@retainkit/shared/flow'
import type { FunctionComponent } from 'react'
import { render } from 'react-dom'
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
 * The footer, in drawing (and Tab) order: the main action first, going back last; on the confirm step
 * cancelling is the main action. Elsewhere 'cancel' is a link-style button under the footer: it is always
 * drawn when the machine offers it (compliance: every step shows a way to finish cancelling). 'close' is
 * the × in the header (and the only footer button once the flow is over); 'retry' sits in the error box.
 */
const FOOTER: readonly FlowAction[] = ['next', 'accept', 'decline', 'stay', 'back']

/** The event each button sends: its action in capitals, but for the two offer buttons. */
const eventOf = (action: FlowAction) =>
  ({
    type:
      action === 'accept' ? 'ACCEPT_OFFER' : action === 'decline' ? 'DECLINE_OFFER' : action.toUpperCase(),
  }) as FlowEvent

// Everything focusable the dialog draws (the headline's tabindex=-1 is not in the Tab order).
const FOCUSABLE = 'button,input,select,textarea'

/** The modal's keyboard: Escape closes; Tab and Shift+Tab cycle inside the dialog. */
function trapKeys(event: KeyboardEvent, close: () => void): void {
  if (event.key === 'Escape') {
    event.stopPropagation()
    close()
  }
  if (event.key !== 'Tab') return
  const box = event.currentTarget as HTMLElement
  const items = box.querySelectorAll<HTMLElement>(FOCUSABLE)
  const first = items[0]
  const last = items[items.length - 1]
  const active = (box.getRootNode() as ShadowRoot).activeElement
  if (active === (event.shiftKey ? first : last) || !box.contains(active)) {
    event.preventDefault()
    ;(event.shiftKey ? last : first)?.focus()
  }
}

/** A press on the backdrop would move focus to the page behind the modal: keep it inside. */
const keepFocus = (event: MouseEvent) => event.target === event.currentTarget && event.preventDefault()

export interface FlowViewProps {
  snapshot: FlowSnapshot
  context: FlowContext
  send: (event: FlowEvent) => void
  /** What to draw buttons for: while a call runs the machine offers nothing, and the last ones stay (inert) so focus stays put. */
  actions: readonly FlowAction[]
  /** A modal over the page (subscribers); otherwise drawn in place and never taking focus (the console's preview). */
  overlay?: boolean
  onSaveConfirmation?: (text: string) => void
}

/**
 * The cancel flow as the subscriber sees it, for any snapshot of the shared flow machine: a dialog
 * (role="dialog", labelled by the headline), modal as an overlay, with the progress in a live region,
 * the screen's body, errors in an alert, and the actions (main action first, also in Tab order).
 */
export function FlowView({ snapshot, context, send, actions, overlay, onSaveConfirmation }: FlowViewProps) {
  const copy = screenCopy(snapshot, context)
  const { screen, error, stepIndex, stepCount } = snapshot
  const working = snapshot.status === 'working'
  const terminal = stepIndex >= stepCount
  const close = () => send({ type: 'CLOSE' })
  const confirm = screen.kind === 'confirm'
  const offered = (list: readonly FlowAction[]) => list.filter((action) => actions.includes(action))
  const button = (action: FlowAction, className?: string) => (
    <button
      type="button"
      key={action}
      className={className}
      aria-disabled={working ? 'true' : undefined}
      onClick={() => send(eventOf(action))}
    >
      {copy.labels[action]}
    </button>
  )
  const footer = offered(terminal ? ['close'] : confirm ? ['cancel', ...FOOTER] : FOOTER)
  const links = confirm ? [] : offered(['cancel'])
  const Screen = SCREENS[screen.kind]

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is no control; it only keeps focus in.
    <div className={overlay ? 'o' : 'i'} onMouseDown={keepFocus}>
      <div
        className="d"
        role="dialog"
        aria-modal={overlay ? 'true' : undefined}
        aria-labelledby="rk-title"
        aria-busy={working ? 'true' : undefined}
        onKeyDown={overlay ? (event) => trapKeys(event, close) : undefined}
      >
        <div className="h">
          <span className="t" aria-live="polite">
            {terminal ? '' : `Step ${stepIndex + 1} of ${stepCount}`}
          </span>
          {actions.includes('close') ? (
            <button type="button" className="x" aria-label={copy.labels.close} onClick={close}>
              ×
            </button>
          ) : null}
        </div>
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
        <div role="alert" id="rk-error">
          {error ? (
            <div className="e">
              <p>{error}</p>
              {offered(['retry']).map((action) => button(action))}
            </div>
          ) : null}
        </div>
        <div className="a">
          {footer.map((action) =>
            button(action, action === 'back' ? 'b' : action === footer[0] ? 'p' : undefined),
          )}
        </div>
        {links.length ? <p className="c">{links.map((action) => button(action, 'l'))}</p> : null}
      </div>
    </div>
  )
}

/**
 * Draws snapshots into `mount`, remembering the last actions offered (see FlowViewProps.actions). The
 * owner subscribes it to the machine, so each snapshot is on screen synchronously, before any event.
 */
export function flowDrawer(mount: HTMLElement, props: Pick<FlowViewProps, 'overlay' | 'onSaveConfirmation'>) {
  let actions: readonly FlowAction[] = []
  return (snapshot: FlowSnapshot, context: FlowContext, send: (event: FlowEvent) => void) => {
    if (snapshot.actions.length || snapshot.status !== 'working') actions = snapshot.actions
    render(<FlowView {...props} snapshot={snapshot} context={context} send={send} actions={actions} />, mount)
  }
}
