import {
  createFlowMachine,
  type FlowEffects,
  type FlowEvent,
  type FlowOutcome,
  type FlowScreenKind,
  type FlowSnapshot,
} from '@retainkit/shared/flow'
import { OFFER_TYPES } from '@retainkit/shared/vocabulary'
import { WIDGET_FAIL_OPEN_MS } from '@retainkit/shared/widget-api'
import { render } from 'preact'
import { createWidgetApi } from '../api/client'
import { createTokens } from '../api/token-source'
import type { Host, WidgetContext } from '../host/types'
import { type CancelFlowOptions, FALLBACK_RESULT, type SessionResult, type ShowRequest } from '../types'
import { FlowView } from '../ui/flow-view'
import { mountShadow } from '../ui/shadow'
import { saveTextFile } from './save-file'
import { createSessionMachine, type SessionMachine, type StartedSession } from './session-machine'
import { createSwitchableMachine } from './switchable-machine'

/** The machine's outcome as the merchant reads it: `type` becomes `outcome`, the rest is kept. */
const toResult = ({ type, ...rest }: FlowOutcome): SessionResult => ({ outcome: type, ...rest })

/** Aborted by the loader's fail-open timer: stop quietly, the loader has already let the click through. */
class Aborted extends Error {}

/** Screens that need nothing from the session, so they can be shown while it starts. */
const EARLY_SCREENS: readonly FlowScreenKind[] = ['reason', 'feedback']

/** The stand-in machine never reaches a billing call: everything that would lead there is held. */
const never = () => new Promise<never>(() => {})
const NO_EFFECTS: FlowEffects = { acceptOffer: never, cancel: never, record: () => {} }

export interface OpenFlow {
  /** Closes the dialog as if the subscriber did (Retainkit.destroy). */
  close(): void
}

/**
 * One cancel session, rendered as a modal in an open shadow root with the shared flow machine.
 *
 * With the config cached (the loader prefetches it), the first screen (the reason question) is shown
 * at once while the session starts in parallel: choosing a reason or typing works meanwhile, anything
 * that moves on waits for the session and is then replayed on the session's machine. If the session
 * fails, says to step aside, or is not there within 3 s of the click, the dialog goes and the result
 * is 'fallback' (the loader then lets the merchant's own cancel proceed), unless the subscriber had
 * already closed it or chosen to stay. Flows that open on an offer or the confirm step wait for the
 * session before showing anything. Anything that fails before the dialog is visible rejects.
 */
export async function runCancelFlow(
  host: Host,
  context: WidgetContext,
  options: CancelFlowOptions,
  request: ShowRequest,
  register: (flow: OpenFlow | null) => void,
): Promise<SessionResult> {
  const { window, document } = host
  const openedAt = request.openedAt ?? Date.now()
  const api = createWidgetApi(host, context)
  const tokens = createTokens(options)
  const checkpoint = () => {
    if (request.signal.aborted) throw new Aborted('aborted')
  }
  const starting = tokens.use((token) =>
    api.startSession(token, {
      mode: context.mode,
      merchantHandlesOffers: !!options.handleOffer,
      merchantHandlesCancel: !!options.handleCancel,
    }),
  )
  // Observed below on every path; this only keeps an early bail-out from an unhandled rejection.
  starting.catch(() => {})
  const { config, reasons } = await api.config()
  checkpoint()

  const early = createFlowMachine({ config, reasons, eligibleOffers: OFFER_TYPES, effects: NO_EFFECTS })
  const optimistic = EARLY_SCREENS.includes(early.getSnapshot().screen.kind)
  let started: StartedSession | null = null
  if (!optimistic) {
    const start = await starting
    checkpoint()
    if (start.fallback) return FALLBACK_RESULT
    started = start
  }

  let session: SessionMachine | null = null
  const connect = (start: StartedSession, from: FlowSnapshot | null) => {
    session = createSessionMachine({
      host,
      api,
      tokens,
      options,
      session: start,
      config,
      reasons,
      initialScreen: from?.screen,
    })
    return session.machine
  }
  const view = createSwitchableMachine(started ? connect(started, null) : early)

  const element = document.createElement('div')
  element.setAttribute('data-retainkit', 'cancel-flow')
  const shadow = mountShadow(host, element, context.nonce)
  shadow.setTheme(config.theme)
  const onPageHide = () => session?.events.flush(true)
  let mounted = false
  const unmount = () => {
    if (!mounted) return
    mounted = false
    render(null, shadow.mount)
    element.remove()
    window.removeEventListener('pagehide', onPageHide)
  }

  let resolveResult: (result: SessionResult) => void = () => {}
  const result = new Promise<SessionResult>((resolve) => {
    resolveResult = resolve
  })
  let settled = false
  const finish = (outcome: SessionResult) => {
    if (settled) return
    settled = true
    unsubscribe()
    session?.events.flush(true)
    unmount()
    register(null)
    options.onClose?.()
    resolveResult(outcome)
  }

  let lastScreen = ''
  let announced: FlowOutcome | null = null
  const onSnapshot = (snapshot: FlowSnapshot) => {
    const screen = JSON.stringify(snapshot.screen)
    if (screen !== lastScreen) {
      lastScreen = screen
      options.onStepChange?.(snapshot.screen)
    }
    const { outcome } = snapshot
    if (session?.handedOver()) return finish(FALLBACK_RESULT)
    if (outcome && outcome !== announced) {
      announced = outcome
      const found = toResult(outcome)
      if (outcome.type === 'canceled') options.onCancel?.(found)
      if (outcome.type === 'saved') {
        options.onSave?.(found)
        const { response } = outcome
        if (response.status === 'redirect' && /^https?:/i.test(response.redirectUrl)) {
          finish(found)
          return window.location.assign(response.redirectUrl)
        }
      }
    }
    if (snapshot.done) finish(outcome ? toResult(outcome) : { outcome: 'closed' })
  }
  const unsubscribe = view.subscribe(onSnapshot)

  document.body.appendChild(element)
  window.addEventListener('pagehide', onPageHide)
  mounted = true
  render(
    <FlowView
      machine={view}
      presentation="overlay"
      returnFocus={request.trigger}
      onSaveConfirmation={(text) => saveTextFile(host, 'cancellation-confirmation.txt', text)}
    />,
    shadow.mount,
  )
  register({ close: () => finish({ outcome: 'closed' }) })
  onSnapshot(view.getSnapshot())
  request.onVisible()
  if (optimistic) waitForSession()
  return result

  function waitForSession() {
    let held: FlowEvent | null = null
    let left: 'stayed' | 'closed' | null = null
    view.hold = (event) => {
      if (event.type === 'SELECT_REASON' || event.type === 'SET_FEEDBACK') return false
      held = event
      if (event.type === 'STAY' || event.type === 'CLOSE') {
        // The subscriber has decided: the dialog goes now, the step is recorded once the session exists.
        left = event.type === 'STAY' ? 'stayed' : 'closed'
        unmount()
      }
      return true
    }
    const giveUp = () => {
      window.clearTimeout(deadline)
      finish(left ? { outcome: left } : FALLBACK_RESULT)
    }
    const deadline = window.setTimeout(giveUp, Math.max(0, WIDGET_FAIL_OPEN_MS - (Date.now() - openedAt)))
    starting.then((start) => {
      window.clearTimeout(deadline)
      if (settled) return
      if (start.fallback) return giveUp()
      const machine = connect(start, early.getSnapshot())
      const { reasonKey, feedback } = early.getSnapshot()
      if (reasonKey) machine.send({ type: 'SELECT_REASON', key: reasonKey })
      if (feedback) machine.send({ type: 'SET_FEEDBACK', text: feedback })
      view.hold = null
      view.swap(machine)
      if (held) machine.send(held)
    }, giveUp)
  }
}
