import {
  createFlowMachine,
  type FlowEffects,
  type FlowEvent,
  type FlowMachine,
  type FlowResult,
  type FlowSnapshot,
} from '@retainkit/shared/flow'
import { type RouteResponse, WIDGET_FAIL_OPEN_MS } from '@retainkit/shared/widget-api'
import { h, render } from 'preact'
import { createWidgetApi } from '../api/client'
import { createTokens } from '../api/token-source'
import type { Host, WidgetContext } from '../host/types'
import { type CancelFlowOptions, FALLBACK_RESULT, type SessionResult, type ShowRequest } from '../types'
import { Dialog } from '../ui/dialog'
import { flowDrawer } from '../ui/flow-view'
import { openSurface } from '../ui/surface'
import { localize, wantedLocales } from './localize'
import { saveTextFile } from './save-file'
import { createSessionMachine, type SessionMachine, type StartedSession } from './session-machine'

/** How long the dialog says it is handing over before the merchant's own cancellation takes over. */
export const HAND_OVER_DELAY_MS = 700

/** What one page remembers between flows: once set, flows step aside (a cancel call failed here). */
export interface FlowMemory {
  stepAside: boolean
}

/** The stand-in machine never reaches a billing call: everything that would lead there is held. */
const never = () => new Promise<never>(() => {})
const NO_EFFECTS: FlowEffects = { acceptOffer: never, cancel: never, record: () => {} }

/**
 * The route decisions asked while the page was idle, by token: on a routed account (segments,
 * experiments) the click then draws this subscriber's own flow at once instead of waiting for the session.
 */
const routes = new Map<string, Promise<RouteResponse | undefined>>()

/** The session start's body, which the route decision is asked with too (so both decide alike). */
const startBody = (host: Host, options: CancelFlowOptions) => ({
  merchantHandlesOffers: !!options.handleOffer,
  merchantHandlesCancel: !!options.handleCancel,
  locale: options.locale,
  languages: host.window.navigator.languages,
})

/**
 * Asks the route decision for a cancel link attached with a token in the page, once per token, when the
 * published config says the account routes. A failure only means the click waits for the session.
 */
export function prefetchRoute(host: Host, context: WidgetContext, options: CancelFlowOptions) {
  const { token } = options
  const api = createWidgetApi(host, context)
  if (token && !routes.has(token))
    routes.set(
      token,
      api
        .config()
        .then((config) => (config.routed ? api.route(token, startBody(host, options)) : undefined))
        .catch(() => undefined),
    )
}

/**
 * One cancel session, rendered as a modal in an open shadow root with the shared flow machine.
 *
 * With the config cached (the loader prefetches it), the first screen (the reason question) is shown
 * at once from a stand-in machine while the session starts in parallel: choosing a reason or typing
 * works meanwhile, anything that moves on is held, and once the session exists its machine takes over
 * the screen and receives what was held. If the session fails, says to step aside, or is not there
 * within 3 s of the click, the dialog goes and the result is 'fallback' (the loader then lets the
 * merchant's own cancel proceed), unless the subscriber had already closed it or chosen to stay. Flows
 * that open on an offer or the confirm step, and free accounts' flows, wait for the session before
 * showing anything. Anything
 * that fails before the dialog is visible rejects. `onOpen` receives what closes the dialog as if the
 * subscriber did (Retainkit.destroy).
 *
 * Never trapped: a cancellation that fails twice (or that the server hands back) says so and hands over
 * to the merchant's own cancellation ('fallback') after HAND_OVER_DELAY_MS; once a cancel call has failed
 * on this page, the next flow steps aside at once (closing the dialog and clicking the cancel link again
 * reaches the merchant's page). Escape closes from anywhere on the page, and focus never drops out of
 * the dialog. A subscriber already scheduled to cancel gets the scheduled chunk instead of the flow.
 */
export async function runCancelFlow(
  host: Host,
  context: WidgetContext,
  options: CancelFlowOptions,
  request: ShowRequest,
  onOpen: (close: () => void) => void,
  memory: FlowMemory = { stepAside: false },
): Promise<SessionResult> {
  if (memory.stepAside) return FALLBACK_RESULT
  const { window } = host
  const api = createWidgetApi(host, context)
  const tokens = createTokens(options)
  // Aborted by the loader's fail-open timer: stop quietly, the loader has already let the click through.
  const checkpoint = () => request.signal.throwIfAborted()
  // No `mode`: the server takes it from the signed token alone. The page's and the browser's languages
  // only choose the session's words: the server picks among them (after the token's claim) as
  // `localize` does here, so both speak the same language.
  const starting = tokens.use((token) => api.startSession(token, startBody(host, options)))
  // Observed below on every path; this only keeps an early bail-out from an unhandled rejection.
  starting.catch(() => {})
  const [response, token] = await Promise.all([api.config(), tokens.get().catch(() => '')])
  checkpoint()
  const { themeCss, tier, routed } = response
  const language = localize(response, wantedLocales(host, token, options.locale))
  const { reasons, strings, locale } = language
  // This subscriber's flow when the account routes and it was decided before the click.
  // Only one already decided: a decision still on its way (a cold click) is no faster than the session.
  const route = routed && (await Promise.race([routes.get(token), undefined]))
  checkpoint()

  const early = createFlowMachine({
    words: (route || language).words,
    reasons: route ? (route.flow?.reasons ?? reasons) : reasons,
    strings,
    locale,
    plan: (route || response).plan,
    effects: NO_EFFECTS,
  })
  // Screens that need nothing from the session, so they can be shown while it starts. Free accounts
  // wait for it: only they can hit the monthly session limit, and a dialog that appears and then steps
  // aside would look broken.
  // A routed account (segments, experiments) may give this subscriber another flow: unless it was decided
  // already, the dialog says "one moment" until the session brings it.
  const loading = routed && !route
  const optimistic = tier !== 'free' && ['reason', 'feedback'].includes(early.getSnapshot().screen.kind)
  let session: SessionMachine | null = null
  const connect = (start: StartedSession) => {
    session = createSessionMachine(
      host,
      api,
      tokens,
      options,
      start,
      // The reasons of the flow the server chose for this subscriber (segment or arm), else the
      // published one's; its words come with the session, in the subscriber's language.
      {
        reasons: start.flow?.reasons ?? reasons,
        strings,
        locale,
        initialScreen: optimistic && !loading ? early.getSnapshot().screen : undefined,
      },
      () => {
        memory.stepAside = true
      },
    )
    return session.machine
  }
  let machine: FlowMachine = early
  // Not shown before the session: nothing is drawn until it answers (it may say to step aside).
  const known = optimistic ? null : await starting
  checkpoint()
  if (known?.fallback) return FALLBACK_RESULT

  const surface = openSurface(host, 'cancel-flow', language, themeCss)
  const { mount } = surface
  const draw = flowDrawer(mount, {
    overlay: true,
    onSaveConfirmation: (text) => saveTextFile(host, 'cancellation-confirmation.txt', text),
  })
  // While set (the session is starting), events go here first; true means the event was held back.
  let hold: ((event: FlowEvent) => boolean) | null = null
  const send = (event: FlowEvent) => {
    if (!hold?.(event)) machine.send(event)
  }
  const onPageHide = () => session?.events.flush(true)
  const root = mount.getRootNode() as ShadowRoot
  /**
   * A modal keeps focus (so its keys, Escape included, keep working): a new screen, or focus lost (a
   * button that went away), puts it on the headline.
   */
  const holdFocus = (moved: boolean) => {
    if (moved || !root.activeElement) mount.querySelector('h2')?.focus()
  }
  let mounted = false
  const unmount = () => {
    if (!mounted) return
    mounted = false
    surface.close()
    window.removeEventListener('pagehide', onPageHide)
    // Focus goes back to the cancel button the subscriber activated (a no-op once it left the page).
    ;(request.trigger as HTMLElement | null)?.focus?.()
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
    options.onClose?.()
    resolveResult(outcome)
  }

  let lastScreen = ''
  let announced: FlowResult | null = null
  let handingOver = false
  const onSnapshot = (snapshot: FlowSnapshot) => {
    const screen = JSON.stringify(snapshot.screen)
    const moved = screen !== lastScreen
    if (moved) {
      lastScreen = screen
      options.onStepChange?.(snapshot.screen)
    }
    // (The machine's result is what the merchant's callbacks and promise get, as it is.)
    const { result } = snapshot
    if (snapshot.handedOver) {
      // Closing meanwhile hands over at once; otherwise the message stays up a moment first.
      if (snapshot.done) return finish(FALLBACK_RESULT)
      if (!handingOver) window.setTimeout(() => finish(FALLBACK_RESULT), HAND_OVER_DELAY_MS)
      handingOver = true
    }
    if (result && result !== announced) {
      announced = result
      if (result.outcome === 'canceled') options.onCancel?.(result)
      if (result.outcome === 'saved') options.onSave?.(result)
      // An offer's redirect, or "talk to us" handing over to the subscriber's mail app (mailto:).
      const response = (result as { response?: Partial<{ status: string; redirectUrl: string }> }).response
      if (response?.status === 'redirect' && /^(https?|mailto):/i.test(response.redirectUrl as string)) {
        finish(result)
        return window.location.assign(response.redirectUrl as string)
      }
    }
    // Closed while a call runs: the dialog goes now, the flow ends with the call's answer.
    if (snapshot.done)
      return snapshot.status === 'working' ? unmount() : finish(result ?? { outcome: 'closed' })
    if (!mounted) return
    if (loading && !session)
      render(
        <Dialog overlay busy progress="" closeLabel={strings.close} onClose={() => send({ type: 'CLOSE' })}>
          <h2 id="rk-title" tabIndex={-1}>
            {strings.loading}
          </h2>
        </Dialog>,
        mount,
      )
    else draw(snapshot, machine.context, send)
    // Each new screen is announced by moving focus to its headline.
    holdFocus(moved)
  }
  // (Until the session exists, the stand-in machine; it is never drawn when the session came first.)
  let unsubscribe = machine.subscribe(onSnapshot)

  window.addEventListener('pagehide', onPageHide)
  mounted = true
  onOpen(() => finish({ outcome: 'closed' }))
  if (known) begin(known)
  else {
    onSnapshot(early.getSnapshot())
    waitForSession()
  }
  request.onVisible()
  return result

  /**
   * The session exists: the subscriber already scheduled to cancel gets when it ends and an undo (its
   * own chunk, chunks/scheduled/); everyone else its machine, which takes over the screen with the reason
   * and text chosen meanwhile and then receives the step that was held.
   */
  function begin(start: StartedSession, held?: FlowEvent | null, left?: SessionResult | null) {
    hold = null
    unsubscribe()
    const scheduled = start.scheduledCancellation
    if (!scheduled) {
      const { reasonKey, feedback } = early.getSnapshot()
      machine = connect(start)
      if (reasonKey) machine.send({ type: 'SELECT_REASON', key: reasonKey })
      if (feedback) machine.send({ type: 'SET_FEEDBACK', text: feedback })
      unsubscribe = machine.subscribe(onSnapshot)
      onSnapshot(machine.getSnapshot())
      if (held) machine.send(held)
    }
    // A page of its own (already scheduled; the statutory page, the question after cancelling): its
    // chunk, drawing with this Preact, unless the subscriber closed (or stayed) while the session started
    // (the dialog is gone already). If a mode's chunk cannot load, the flow stays (it has no offers in
    // those modes); without the scheduled one nothing is left to show: the merchant's cancel takes over.
    const fail = () => scheduled && finish(left ?? FALLBACK_RESULT)
    const chunk = (scheduled || start.jurisdiction)?.chunk
    if (chunk && !left)
      import(chunk).then(
        (part) => part.default(h, render, mount, start, tokens, api, strings, machine, finish),
        fail,
      )
    else fail()
  }

  function waitForSession() {
    let held: FlowEvent | null = null
    let left: SessionResult | null = null
    hold = (event) => {
      if (event.type === 'SELECT_REASON' || event.type === 'SET_FEEDBACK') return false
      held = event
      if (event.type === 'STAY' || event.type === 'CLOSE') {
        // The subscriber has decided: the dialog goes now, the step is recorded once the session exists.
        left = { outcome: event.type === 'STAY' ? 'stayed' : 'closed' }
        unmount()
      }
      return true
    }
    const giveUp = () => {
      window.clearTimeout(deadline)
      finish(left ?? FALLBACK_RESULT)
    }
    // Counted from now, when the dialog is on screen: a cold click on a slow network spends most of the
    // 3 s fetching the bundle, and a subscriber already reading the flow is not sent away for that.
    const deadline = window.setTimeout(giveUp, WIDGET_FAIL_OPEN_MS)
    // (Once the flow has ended, a deadline still pending finds it settled and does nothing.)
    starting.then((start) => {
      if (settled) return
      if (start.fallback) return giveUp()
      window.clearTimeout(deadline)
      begin(start, held, left)
    }, giveUp)
  }
}
