export type RedirectPlaceholder = 'customer_id' | 'subscription_id' | 'plan_id'
export type RedirectValues = Partial<Record<RedirectPlaceholder, string | null>>

const PLACEHOLDER = /\{(customer_id|subscription_id|plan_id)\}/g

/**
 * Fills an offer's `redirect_template` (e.g. `https://shop.example/pause?c={customer_id}`). Values are
 * URL-encoded so an id can never add a path, query or scheme; a missing value becomes ''. Returns null
 * unless the result is an http(s) URL, so a crafted template or value cannot produce `javascript:` links.
 * Used by the server to build the redirect and by the preview to show it.
 */
export function buildRedirectUrl(template: string, values: RedirectValues): string | null {
  const filled = template.replace(PLACEHOLDER, (_match, key: RedirectPlaceholder) =>
    encodeURIComponent(values[key] ?? ''),
  )
  try {
    const { protocol } = new URL(filled)
    return protocol === 'http:' || protocol === 'https:' ? filled : null
  } catch {
    return null
  }
}
