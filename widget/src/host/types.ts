/**
 * What the widget needs from the page it runs in. Only `host/browser.ts` reads the real globals; every
 * other module receives a Host, so tests hand in a happy-dom window and nothing leaks between them.
 */
export interface Host {
  readonly window: Window & typeof globalThis
  readonly document: Document
  /** The <script> element that is running now (the loader's own tag), for its origin and nonce. */
  readonly script: HTMLScriptElement | null
}

/** Where the widget's API and files live, and whose widget this is. Set by `init`. */
export interface WidgetContext {
  readonly accountId: string
  readonly mode: 'live' | 'test'
  /** Origin (and optional path prefix) of the Retainkit server, without a trailing slash. */
  readonly apiBase: string
  /**
   * The published config as the loader prefetched it (started on idle, hover or the click itself, in
   * parallel with the bundle): the bundle's API client takes it instead of asking again, and asks
   * again itself when it failed.
   */
  config?: Promise<unknown>
}
