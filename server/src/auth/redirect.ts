/**
 * `redirect_to` allow-list: only the site's own origin (PUBLIC_URL), any path on it.
 * Anything else — another host, another port, another scheme, credentials in the URL, garbage — falls
 * back to the site root, so a sign-in link can never be turned into an open redirect.
 */
export function safeRedirect(candidate: string | null | undefined, publicUrl: string): string {
  const fallback = `${new URL(publicUrl).origin}/`
  if (!candidate || candidate.length > 2048) return fallback
  let url: URL
  try {
    // Relative targets ("/auth/callback") resolve against the site; "//evil.example" resolves to
    // evil.example and is refused by the origin check below.
    url = new URL(candidate, fallback)
  } catch {
    return fallback
  }
  if (url.origin !== new URL(publicUrl).origin) return fallback
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
