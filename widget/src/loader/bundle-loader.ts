import type { Host } from '../host/types'
import type { WidgetBundle } from '../types'

/** A bundle that neither loads nor fails within this time counts as failed, so a later call retries. */
export const BUNDLE_LOAD_TIMEOUT_MS = 10_000

export interface BundleLoader {
  /** The bundle, loading it at most once at a time; a failed load is forgotten so the next call retries. */
  load(): Promise<WidgetBundle>
  /** The bundle if it has loaded already. */
  current(): WidgetBundle | undefined
  /** Called by the bundle's own script when it runs (`Retainkit._r`). */
  register(bundle: WidgetBundle): void
}

/**
 * Lazy-loads the widget bundle with a <script> tag (the bundle is an IIFE: no module loader needed, and
 * it runs under 'strict-dynamic' because the loader, itself trusted, inserts it).
 */
export function createBundleLoader(host: Host, url: string, nonce: string): BundleLoader {
  let registered: WidgetBundle | undefined
  let loading: Promise<WidgetBundle> | undefined

  const inject = () =>
    new Promise<WidgetBundle>((resolve, reject) => {
      const { document, window } = host
      const script = document.createElement('script')
      const settle = () => {
        window.clearTimeout(timer)
        script.onload = script.onerror = null
        if (registered) return resolve(registered)
        // Remove the failed tag so the retry starts clean and the page keeps one copy at most.
        script.remove()
        reject(new Error(`could not load ${url}`))
      }
      const timer = window.setTimeout(settle, BUNDLE_LOAD_TIMEOUT_MS)
      script.onload = script.onerror = settle
      script.async = true
      script.src = url
      if (nonce) script.setAttribute('nonce', nonce)
      ;(document.head || document.documentElement).appendChild(script)
    })

  return {
    load() {
      if (registered) return Promise.resolve(registered)
      loading ??= inject().catch((error: unknown) => {
        loading = undefined
        throw error
      })
      return loading
    },
    current: () => registered,
    register(bundle) {
      registered = bundle
    },
  }
}
