import { createWidgetApi } from '../api/client'
import { runReactivation } from '../banner/reactivation'
import { type OpenFlow, runCancelFlow } from '../flow/cancel-flow'
import type { Host } from '../host/types'
import type { WidgetBundle } from '../types'

/** The lazily loaded half of the widget: the cancel flow and the banner, driven by the loader. */
export function createWidgetBundle(host: Host): WidgetBundle {
  let flow: OpenFlow | null = null
  let closeBanner: (() => void) | null = null
  return {
    prefetch(context) {
      createWidgetApi(host, context)
        .config()
        .catch(() => {})
    },
    showCancelFlow: (context, options, request) =>
      runCancelFlow(host, context, options, request, (open) => {
        flow = open
      }),
    showReactivation(context, options) {
      // One banner per page: a second call replaces the first.
      closeBanner?.()
      return runReactivation(host, context, options, (close) => {
        closeBanner = close
      })
    },
    destroy() {
      flow?.close()
      closeBanner?.()
    },
  }
}
