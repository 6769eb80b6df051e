import { runReactivation } from '../banner/reactivation'
import { type FlowMemory, prefetchRoute, runCancelFlow, warmUp } from '../flow/cancel-flow'
import type { Host } from '../host/types'
import type { WidgetBundle } from '../types'
import { canStyle } from '../ui/shadow'
import { createCommands } from './commands'

const noop = () => {}

/** The lazily loaded half of the widget: the commands, the cancel flow and the banner. */
export function createWidgetBundle(host: Host): WidgetBundle {
  // What destroy closes: the last flow and banner opened (closing either twice does nothing).
  let closeFlow = noop
  let closeBanner = noop
  // For this page: flows step aside to the merchant's cancel once a cancel call failed here, and from the
  // start where the widget cannot be styled.
  const styled = canStyle(host)
  const memory: FlowMemory = { stepAside: !styled }
  let cold = styled
  let opened = false
  const parts: Omit<WidgetBundle, 'run'> = {
    showCancelFlow(context, options, request) {
      opened = true
      return runCancelFlow(
        host,
        context,
        options,
        request,
        (close) => {
          closeFlow = close
        },
        memory,
      )
    },
    showReactivation(context, options) {
      // One banner per page: a second call replaces the first.
      closeBanner()
      if (!styled) return Promise.resolve({ shown: false })
      return runReactivation(host, context, options, (close) => {
        closeBanner = close
      })
    },
    route(context, options) {
      prefetchRoute(host, context, options)
      // The first cancel link attached: the first screen is drawn ahead, once, unless a flow came first.
      if (cold) warmUp(host, context, options, () => opened)
      cold = false
    },
    destroy() {
      closeFlow()
      closeBanner()
    },
  }
  return { ...parts, run: createCommands(host, parts) }
}
