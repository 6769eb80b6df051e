import {
  createFlowMachine,
  type FlowContext,
  type FlowEffects,
  type FlowEvent,
  type FlowMachine,
  type FlowResult,
  type FlowSnapshot,
} from '@retainkit/shared/flow'
import {
  type RouteResponse,
  type SessionStartRequest,
  type SessionStartResponse,
  WIDGET_FAIL_OPEN_MS,
  type WidgetConfigResponse,
} from '@retainkit/shared/widget-api'
import type { WidgetApi } from '../api/client'
import type { Tokens } from '../api/token-source'
import type { Host } from '../host/types'
import { type CancelFlowOptions, FALLBACK_RESULT, type SessionResult } from '../types'
import { type Localized, localize, wantedLocales } from './localize'
import { createSessionMachine, type SessionMachine, type StartedSession } from './session-machine'

/**
 * The cancel flow's session controller: the session's start, the stand-in machine shown meanwhile,
 * the calls (through the session's machine), the merchant's callbacks and the hand-over to the
 * merchant's own cancellation. It never touches the page's document: it draws, closes and leaves the
 * page through the FlowView it is given (ui in cancel-flow.tsx), and only reads the host's timers.
 */

/** How long the dialog says it is handing over before the merchant's own cancellation takes over. */
export const HAND_OVER_DELAY_MS = 700

/** What one page remembers between flows: once set, flows step aside (a cancel call failed here). */
export interface FlowMemory {
  stepAside: boolean
}

/** What the controller asks of the dialog. */
export interface FlowView {
  /** Draws `snapshot` (null: "one moment", a routed flow waiting for its session); `moved`: a new screen. */
  draw(snapshot: FlowSnapshot | null, context: FlowContext, moved: boolean): void
  /** The dialog goes; the flow may still end later (a call or the session's start under way). */
  takeDown(): void
  /** Speaks `language` from now on (the session's, which its token's claim may have changed). */
  switchLanguage(language: Localized): void
  /** Leaves the page for an offer's redirect (or the subscriber's mail app). */
  leave(url: string): void
  /** A page of its own from its chunk (already scheduled, statutory); `fail` when it cannot load. */
  chunk(url: string, start: StartedSession, machine: FlowMachine, fail: () => void): void
}

/** What is known before anything is drawn: the language, the stand-in machine, the session starting. */
export interface PreparedFlow {
  apiClient: WidgetApi
  tokens: Tokens
  /** The first screen's language; `localized()` is the session's (its token's claim read). */
  language: Localized
  localized: () => Localized
  themeCss: string
  early: FlowMachine
  /** A routed account's flow not decided before the click: "one moment" until the session brings it. */
  routing: boolean
  /** The stand-in machine's screen is shown while the session starts. */
  optimistic: boolean
  starting: Promise<SessionStartResponse>
  /** The session, when it was awaited before drawing. */
  known: StartedSession | null
}

/** The stand-in machine never reaches a billing call: everything that would lead there is held. */
const never = () => new Promise<never>(() => {})
const NO_EFFECTS: FlowEffects = { acceptOffer: never, cancel: never, record: () => {} }

/**
 * The stand-in machine: the published flow in `language`, or this subscriber's flow when its route was
 * decided before the click. It never reaches a billing call.
 */
export const standIn = (response: WidgetConfigResponse, language: Localized, route?: RouteResponse | false) =>
  createFlowMachine({
    words: (route || language).words,
    reasons: route ? (route.flow?.reasons ?? language.reasons) : language.reasons,
    strings: language.strings,
    locale: language.locale,
    plan: (route || response).plan,
    effects: NO_EFFECTS,
  })

/**
 * Resolves once what was just drawn is on screen: a task after the next frame's callbacks, or after
 * 100 ms where no frame comes (a hidden page, a host without frames).
 */
const painted = ({ window }: Host) =>
  new Promise<void>((resolve) => {
    window.setTimeout(resolve, 100)
    window.requestAnimationFrame?.(() => window.setTimeout(resolve))
  })

/**
 * Reads the config (the loader prefetches it), builds the stand-in machine from the published flow, or
 * from this subscriber's route when it was decided before the click, and starts the session: once the
 * stand-in's first screen is painted when it is shown meanwhile (neither the merchant's getToken nor the
 * session's request, nor the server's work on it, stands between the click and the dialog), else at
 * once. Flows that open on an offer or the confirm step, and free accounts' flows, wait for the
 * session. Null: the flow steps aside (a cancel call failed on this page before, or the session says so).
 * Aborted by the loader's fail-open timer: it stops quietly, the loader has already let the click through.
 */
export async function prepareFlow(
  host: Host,
  api: WidgetApi,
  tokens: Tokens,
  options: CancelFlowOptions,
  signal: AbortSignal,
  body: SessionStartRequest,
  routeOf: (token: string) => Promise<RouteResponse | undefined> | undefined,
): Promise<PreparedFlow | null> {
  // The token's `locale` claim chooses the language first. A token signed into the page is known now;
  // the one getToken brings (the merchant's backend, asked once the first screen is up) is not waited
  // for: the first screen speaks the option's or the browser's language meanwhile, and the session,
  // started with that token, its claimed one (`localized`, read when the session answers).
  let claimed = options.token ?? ''
  const response = await api.config()
  signal.throwIfAborted()
  const { themeCss, tier, routed } = response
  const localized = () => localize(response, wantedLocales(host, claimed, options.locale))
  const language = localized()
  // This subscriber's flow when the account routes and it was decided before the click (for a token in
  // the page). Only one already decided: a decision still on its way (a cold click) is no faster than
  // the session.
  const route = routed && (await Promise.race([routeOf(claimed), undefined]))
  signal.throwIfAborted()
  const early = standIn(response, language, route)
  // Screens that need nothing from the session, so they can be shown while it starts. Free accounts
  // wait for it: only they can hit the monthly session limit, and a dialog that appears and then steps
  // aside would look broken. A routed account (segments, experiments) may give this subscriber another
  // flow: unless it was decided already, the dialog says "one moment" until the session brings it.
  const routing = !!routed && !route
  const optimistic = tier !== 'free' && ['reason', 'feedback'].includes(early.getSnapshot().screen.kind)
  // No `mode`: the server takes it from the signed token alone. The page's and the browser's languages
  // only choose the session's words: the server picks among them (after the token's claim) as
  // `localize` does here, so both speak the same language.
  const starting = (optimistic && !routing ? painted(host) : Promise.resolve()).then(() =>
    tokens.use((token) => {
      claimed = token
      return api.startSession(token, body)
    }),
  )
  // Observed below on every path; this only keeps an early bail-out from an unhandled rejection.
  starting.catch(() => {})
  // Not shown before the session: nothing is drawn until it answers (it may say to step aside).
  const known = optimistic ? null : await starting
  signal.throwIfAborted()
  if (known?.fallback) return null
  return {
    apiClient: api,
    tokens,
    language,
    localized,
    themeCss,
    early,
    routing,
    optimistic,
    starting,
    known,
  }
}

/**
 * The session's machine, with the reasons of the flow the server chose for this subscriber (segment or
 * arm), else the published one's; its words come with the session, in the subscriber's language. It
 * opens on the stand-in's screen when that was shown meanwhile.
 */
function connect(
  host: Host,
  options: CancelFlowOptions,
  { apiClient, tokens, language, early, routing, optimistic }: PreparedFlow,
  start: StartedSession,
  memory: FlowMemory,
): SessionMachine {
  const { reasons, strings, locale } = language
  return createSessionMachine(
    host,
    apiClient,
    tokens,
    options,
    start,
    {
      reasons: start.flow?.reasons ?? reasons,
      strings,
      locale,
      initialScreen: optimistic && !routing ? early.getSnapshot().screen : undefined,
    },
    () => {
      memory.stepAside = true
    },
  )
}

/**
 * Watches the machine's snapshots: tells the merchant of each new screen and of the result (the
 * machine's result, as it is), hands over to the merchant's cancellation (closing meanwhile at once,
 * otherwise after the message was up a moment), follows an offer's redirect, ends the flow when the
 * machine is done, and draws the rest.
 */
function snapshotHandler(
  host: Host,
  options: CancelFlowOptions,
  view: FlowView,
  finish: (outcome: SessionResult) => void,
  draw: (snapshot: FlowSnapshot, moved: boolean) => void,
) {
  let lastScreen = ''
  let announced: FlowResult | null = null
  let handingOver = false
  return (snapshot: FlowSnapshot) => {
    const screen = JSON.stringify(snapshot.screen)
    const moved = screen !== lastScreen
    if (moved) {
      lastScreen = screen
      options.onStepChange?.(snapshot.screen)
    }
    const { result } = snapshot
    if (snapshot.handedOver) {
      if (snapshot.done) return finish(FALLBACK_RESULT)
      if (!handingOver) host.window.setTimeout(() => finish(FALLBACK_RESULT), HAND_OVER_DELAY_MS)
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
        return view.leave(response.redirectUrl as string)
      }
    }
    // Closed while a call runs: the dialog goes now, the flow ends with the call's answer.
    if (snapshot.done)
      return snapshot.status === 'working' ? view.takeDown() : finish(result ?? { outcome: 'closed' })
    draw(snapshot, moved)
  }
}

/**
 * While the session starts: choosing a reason or typing reaches the stand-in machine (the returned hold
 * lets them through), any other step is held back until the session's machine can take it, and staying
 * or closing closes the dialog at once (recorded once the session exists). The flow gives up (the
 * subscriber's own choice, else 'fallback') if the session fails, says to step aside or is not there
 * within WIDGET_FAIL_OPEN_MS.
 */
function waitForSession(
  host: Host,
  starting: Promise<SessionStartResponse>,
  view: FlowView,
  settled: () => boolean,
  finish: (outcome: SessionResult) => void,
  begin: (start: StartedSession, held: FlowEvent | null, left: SessionResult | null) => void,
) {
  let held: FlowEvent | null = null
  let left: SessionResult | null = null
  const giveUp = () => {
    host.window.clearTimeout(deadline)
    finish(left ?? FALLBACK_RESULT)
  }
  // Counted from now, when the dialog is on screen: a cold click on a slow network spends most of the
  // 3 s fetching the bundle, and a subscriber already reading the flow is not sent away for that.
  const deadline = host.window.setTimeout(giveUp, WIDGET_FAIL_OPEN_MS)
  // (Once the flow has ended, a deadline still pending finds it settled and does nothing.)
  starting.then((start) => {
    if (settled()) return
    if (start.fallback) return giveUp()
    host.window.clearTimeout(deadline)
    begin(start, held, left)
  }, giveUp)
  return (event: FlowEvent) => {
    if (event.type === 'SELECT_REASON' || event.type === 'SET_FEEDBACK') return false
    held = event
    if (event.type === 'STAY' || event.type === 'CLOSE') {
      left = { outcome: event.type === 'STAY' ? 'stayed' : 'closed' }
      view.takeDown()
    }
    return true
  }
}

/**
 * A page of its own (already scheduled; the statutory page, the question after cancelling): its chunk,
 * unless the subscriber closed (or stayed) while the session started (`left`: the dialog is gone
 * already). If a mode's chunk cannot load, the flow stays (it has no offers in those modes); without the
 * scheduled one nothing is left to show: the merchant's cancel takes over.
 */
function ownPage(
  view: FlowView,
  start: StartedSession,
  machine: FlowMachine,
  left: SessionResult | null | undefined,
  finish: (outcome: SessionResult) => void,
) {
  const scheduled = start.scheduledCancellation
  const fail = () => scheduled && finish(left ?? FALLBACK_RESULT)
  const chunk = (scheduled || start.jurisdiction)?.chunk
  if (chunk && !left) view.chunk(chunk, start, machine, fail)
  else fail()
}

export interface CancelController {
  /** What the dialog's buttons and fields send: held back while the session starts. */
  send(event: FlowEvent): void
  /** Ends the flow once (closing the dialog): `onClose`, then the result. */
  finish(outcome: SessionResult): void
  /** Sends the steps queued so far, as the page goes. */
  flush(): void
  /** Starts drawing on `view` (open already): the session's machine, or the stand-in until it comes. */
  drawOn(view: FlowView): void
  readonly result: Promise<SessionResult>
}

/**
 * One cancel session from a prepared flow. If the session fails, says to step aside, or is not there
 * within WIDGET_FAIL_OPEN_MS of opening, the dialog goes and the result is 'fallback' (the loader then
 * lets the merchant's own cancel proceed), unless the subscriber had already closed it or chosen to stay.
 */
export function createCancelController(
  host: Host,
  options: CancelFlowOptions,
  prepared: PreparedFlow,
  memory: FlowMemory,
): CancelController {
  const { early, routing, starting } = prepared
  let machine = early
  let session: SessionMachine | null = null
  // While set (the session is starting), events go here first; true means the event was held back.
  let hold: ((event: FlowEvent) => boolean) | null = null
  let unsubscribe = () => {}
  let view: FlowView
  let onSnapshot: (snapshot: FlowSnapshot) => void
  let settled = false
  let resolveResult: (result: SessionResult) => void = () => {}
  const finish = (outcome: SessionResult) => {
    if (settled) return
    settled = true
    unsubscribe()
    session?.events.flush(true)
    view.takeDown()
    options.onClose?.()
    resolveResult(outcome)
  }

  /**
   * The session exists: the subscriber already scheduled to cancel gets when it ends and an undo (its
   * own chunk, chunks/scheduled/); everyone else its machine, which takes over the screen with the reason
   * and text chosen meanwhile and then receives the step that was held.
   */
  const begin = (start: StartedSession, held?: FlowEvent | null, left?: SessionResult | null) => {
    hold = null
    unsubscribe()
    const language = prepared.localized()
    view.switchLanguage(language)
    if (!start.scheduledCancellation) {
      const { reasonKey, feedback } = early.getSnapshot()
      session = connect(host, options, { ...prepared, language }, start, memory)
      machine = session.machine
      if (reasonKey) machine.send({ type: 'SELECT_REASON', key: reasonKey })
      if (feedback) machine.send({ type: 'SET_FEEDBACK', text: feedback })
      unsubscribe = machine.subscribe(onSnapshot)
      onSnapshot(machine.getSnapshot())
      if (held) machine.send(held)
    }
    ownPage(view, start, machine, left, finish)
  }

  return {
    send: (event) => {
      if (!hold?.(event)) machine.send(event)
    },
    finish,
    flush: () => session?.events.flush(true),
    drawOn(given) {
      view = given
      onSnapshot = snapshotHandler(host, options, view, finish, (snapshot, moved) =>
        view.draw(routing && !session ? null : snapshot, machine.context, moved),
      )
      // (Until the session exists, the stand-in machine; it is never drawn when the session came first.)
      unsubscribe = machine.subscribe(onSnapshot)
      if (prepared.known) begin(prepared.known)
      else {
        onSnapshot(early.getSnapshot())
        hold = waitForSession(host, starting, view, () => settled, finish, begin)
      }
    },
    result: new Promise<SessionResult>((resolve) => {
      resolveResult = resolve
    }),
  }
}
