import { createWidgetApi } from '../api/client'
import { runReactivation } from '../banner/reactivation'
import { runCancelFlow } from '../flow/cancel-flow'
import type { Host } from '../host/types'
import type { WidgetBundle } from '../types'

const noop = () => {}

/** The lazily loaded half of the widget: the cancel flow and the banner, driven by the loader. */
export function createWidgetBundle(host: Host): WidgetBundle {
  // What destroy closes: the last flow and banner opened (closing either twice does nothing).
  let closeFlow = noop
  let closeBanner = noop
  return {
    prefetch(context) {
      createWidgetApi(host, context).config().catch(noop)
    },
    showCancelFlow: (context, options, request) =>
      runCancelFlow(host, context, options, request, (close) => {
        closeFlow = close
      }),
    showReactivation(context, options) {
      // One banner per page: a second call replaces the first.
      closeBanner()
      return runReactivation(host, context, options, (close) => {
        closeBanner = close
      })
    },
    destroy() {
      closeFlow()
      closeBanner()
    },
  }
}
