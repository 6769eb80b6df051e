import type { SandboxSubscriber } from '../subscribers'

/** What every sandbox page is rendered from. */
export interface SiteContext {
  /** The Retainkit server the snippet loads from, e.g. `http://localhost:8787`. */
  retainkitUrl: string
  accountId: string
  subscribers: readonly SandboxSubscriber[]
  /** The install snippet as the merchant pasted it, optionally with the page's CSP nonce on its tag. */
  snippet(nonce?: string): string
  /** The same snippet as a tag manager's Custom HTML tag (with an attach call). */
  tagManagerTag: string
}

/** One request's view: who is "signed in" (the picker) and the page's nonce when it sends a CSP. */
export interface PageRequest {
  path: string
  subscriber: SandboxSubscriber
  nonce?: string
}

/** The selector every page's cancel link or button carries. */
export const CANCEL_SELECTOR = '#cancel-subscription'
/** The merchant's own cancel page: where a click lands if the widget steps aside (fail-open). */
export const FALLBACK_PATH = '/cancelled'
