import type { RouteResponse } from '@retainkit/shared/widget-api'
import { h, render } from 'preact'
import { createWidgetApi } from '../api/client'
import { createTokens } from '../api/token-source'
import type { Host, WidgetContext } from '../host/types'
import { type CancelFlowOptions, FALLBACK_RESULT, type SessionResult, type ShowRequest } from '../types'
import { Dialog } from '../ui/dialog'
import { flowDrawer } from '../ui/flow-view'
import { openSurface } from '../ui/surface'
import {
  type CancelController,
  createCancelController,
  type FlowMemory,
  type FlowView,
  type PreparedFlow,
  prepareFlow,
  standIn,
} from './cancel-session'
import { localize, setLanguage, wantedLocales } from './localize'
import { saveTextFile } from './save-file'

export { type FlowMemory, HAND_OVER_DELAY_MS } from './cancel-session'

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
 * On the page's next idle moment, draws the flow's first screen hidden and out of the page's layout, lays
 * it out and takes it away in the same task (the bundle does it once per page, when a cancel link is
 * attached): the click's dialog then finds the style sheet parsed and indexed, the fonts loaded and the
 * words shaped, and the drawing code compiled, which the first dialog of a page otherwise pays between
 * the click and its first frame. Nothing is asked of the server but the published config (prefetched
 * with the bundle). Not once a flow has opened (`opened`): a cold click, whose bundle attached the link
 * on its way, paid all that already, and a second layout then would only compete with its dialog.
 */
export function warmUp(
  host: Host,
  context: WidgetContext,
  options: CancelFlowOptions,
  opened: () => boolean,
) {
  const { window } = host
  const draw = () =>
    createWidgetApi(host, context)
      .config()
      .then((response) => {
        if (opened()) return
        const language = localize(response, wantedLocales(host, '', options.locale))
        const machine = standIn(response, language)
        const { mount, close } = openSurface(host, 'cancel-flow', language, response.themeCss)
        // Laid out as the dialog is (the viewport's width), never seen, heard or in the page's flow.
        mount.style.cssText = 'position:fixed;inset:0;visibility:hidden'
        flowDrawer(mount, { onSaveConfirmation: noop })(machine.getSnapshot(), machine.context, noop)
        mount.getClientRects()
        close()
      })
      .catch(noop)
  // (Called as a method, like the loader's; Safari has no idle callbacks.)
  window.requestIdleCallback?.(draw) ?? window.setTimeout(draw, 1)
}

const noop = () => {}

/**
 * One cancel session, rendered as a modal in an open shadow root with the shared flow machine: the
 * session's logic is its controller's (cancel-session.ts); this is the dialog it draws on.
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
  const api = createWidgetApi(host, context)
  const tokens = createTokens(options)
  const prepared = await prepareFlow(
    host,
    api,
    tokens,
    options,
    request.signal,
    startBody(host, options),
    (token) => routes.get(token),
  )
  if (!prepared) return FALLBACK_RESULT
  const flow = createCancelController(host, options, prepared, memory)
  const view = openDialog(host, request, prepared, flow)
  onOpen(() => flow.finish({ outcome: 'closed' }))
  flow.drawOn(view)
  request.onVisible()
  return flow.result
}

/**
 * The dialog the controller draws on, open from now on (a modal in an open shadow root): the flow's
 * screens, "one moment" while a routed flow waits for its session, focus kept inside, the steps sent as
 * the page goes, and the chunks' own pages drawn in it.
 */
function openDialog(
  host: Host,
  request: ShowRequest,
  { apiClient, tokens, language, themeCss }: PreparedFlow,
  flow: CancelController,
): FlowView {
  let { strings } = language
  const { window } = host
  const surface = openSurface(host, 'cancel-flow', language, themeCss)
  const { mount } = surface
  const draw = flowDrawer(mount, {
    overlay: true,
    onSaveConfirmation: (text) => saveTextFile(host, 'cancellation-confirmation.txt', text),
  })
  const onPageHide = () => flow.flush()
  const root = mount.getRootNode() as ShadowRoot
  let mounted = true
  const view: FlowView = {
    draw(snapshot, machineContext, moved) {
      if (!mounted) return
      if (!snapshot)
        render(
          <Dialog
            overlay
            busy
            progress=""
            closeLabel={strings.close}
            onClose={() => flow.send({ type: 'CLOSE' })}
          >
            <h2 id="rk-title" tabIndex={-1}>
              {strings.loading}
            </h2>
          </Dialog>,
          mount,
        )
      else draw(snapshot, machineContext, flow.send)
      // A modal keeps focus (so its keys, Escape included, keep working): each new screen is announced by
      // moving focus to its headline, and focus lost (a button that went away) goes there too.
      if (moved || !root.activeElement) mount.querySelector('h2')?.focus()
    },
    takeDown() {
      if (!mounted) return
      mounted = false
      surface.close()
      window.removeEventListener('pagehide', onPageHide)
      // Focus goes back to the cancel button the subscriber activated (a no-op once it left the page).
      ;(request.trigger as HTMLElement | null)?.focus?.()
    },
    switchLanguage(spoken) {
      setLanguage(root.host as HTMLElement, spoken)
      strings = spoken.strings
    },
    leave: (url) => window.location.assign(url),
    // Drawing with this Preact, in this dialog.
    chunk: (url, start, machine, fail) =>
      import(url).then(
        (part) => part.default(h, render, mount, start, tokens, apiClient, strings, machine, flow.finish),
        fail,
      ),
  }
  window.addEventListener('pagehide', onPageHide)
  return view
}
