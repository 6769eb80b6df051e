import type { Context } from 'hono'
import { isSiteOrigin, type SiteOriginConfig, siteOrigin } from '../http/site-origin'

/** Where redirects of one request may go: the site's own origins, and the one to fall back to. */
export interface RedirectSite {
  /** This request's site origin (http/site-origin.ts); relative targets resolve against it. */
  home: string
  allows(origin: string): boolean
}

/** A site with one origin (PUBLIC_URL's). */
export const singleOrigin = (url: string): RedirectSite => {
  const origin = new URL(url).origin
  return { home: origin, allows: (candidate) => candidate === origin }
}

/** The redirect site of a request: PUBLIC_URL's origin, or (unset) this machine's origins. */
export const requestSite = (c: Context, config: SiteOriginConfig): RedirectSite => ({
  home: siteOrigin(c, config),
  allows: (origin) => isSiteOrigin(origin, config),
})

/**
 * `redirect_to` allow-list: only the site's own origins (PUBLIC_URL's; without it, this machine's own,
 * http/site-origin.ts), any path on them.
 * Anything else — another host, another port, another scheme, credentials in the URL, garbage — falls
 * back to the site root, so a sign-in link can never be turned into an open redirect.
 */
export function safeRedirect(candidate: string | null | undefined, site: RedirectSite | string): string {
  const { home, allows } = typeof site === 'string' ? singleOrigin(site) : site
  const fallback = `${home}/`
  if (!candidate || candidate.length > 2048) return fallback
  let url: URL
  try {
    // Relative targets ("/auth/callback") resolve against the site; "//evil.example" resolves to
    // evil.example and is refused by the origin check below.
    url = new URL(candidate, fallback)
  } catch {
    return fallback
  }
  if (!allows(url.origin)) return fallback
  if (url.username || url.password) return fallback
  return url.toString()
}

/** Adds query parameters to a URL, keeping its own (GoTrue keeps the callback's query, e.g. a flow id). */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}

/** Replaces the fragment (the implicit flow hands the session over in it, never to the server). */
export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target)
  url.hash = new URLSearchParams(params).toString()
  return url.toString()
}
