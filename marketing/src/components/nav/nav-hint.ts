import { ROUTES } from '@retainkit/shared/routes'

/**
 * The console writes this small hint to localStorage when someone signs in and removes it on sign-out.
 * Reading it is all the marketing site needs to show the logged-in navigation, so the auth client
 * (and its ~50 KB) never ships here. It is only a hint: the console re-checks the session itself.
 */
export const NAV_HINT_STORAGE_KEY = 'retainkit.nav'

export interface NavHint {
  accountId: string
  accountName: string
  accountSlug: string
  email: string
  canEditConfig: boolean
  billingPortalUrl?: string
}

const DEFAULT_BILLING_URL = `${ROUTES.settings}?tab=billing`

function optionalString(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** Parses the stored JSON; anything malformed counts as signed out rather than breaking the page. */
export function parseNavHint(raw: string | null): NavHint | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const record = value as Record<string, unknown>
  if (typeof record.accountId !== 'string' || record.accountId.trim() === '') return null
  const hint: NavHint = {
    accountId: record.accountId,
    accountName: optionalString(record.accountName),
    accountSlug: optionalString(record.accountSlug),
    email: optionalString(record.email),
    canEditConfig: record.canEditConfig === true,
  }
  if (typeof record.billingPortalUrl === 'string' && isSafeUrl(record.billingPortalUrl)) {
    hint.billingPortalUrl = record.billingPortalUrl
  }
  return hint
}

/** Only same-site paths and http(s) URLs: a tampered hint must not turn into a javascript: link. */
function isSafeUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'))
}

export function readNavHint(storage: Pick<Storage, 'getItem'> | undefined): NavHint | null {
  try {
    return parseNavHint(storage?.getItem(NAV_HINT_STORAGE_KEY) ?? null)
  } catch {
    // Storage can throw (privacy modes, disabled cookies): behave as signed out.
    return null
  }
}

/** The account menu shows the account name, else its slug, else the email. */
export function accountLabel(hint: NavHint): string {
  return hint.accountName || hint.accountSlug || hint.email || 'Account'
}

export function billingUrl(hint: NavHint): string {
  return hint.billingPortalUrl ?? DEFAULT_BILLING_URL
}

export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url)
}

/** Dashboard and editor links carry the account id. */
export function accountRoute(route: 'dashboard' | 'editor', hint: NavHint): string {
  return `${ROUTES[route]}?account_id=${encodeURIComponent(hint.accountId)}`
}
