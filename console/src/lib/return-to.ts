import { PRIVATE_ROUTE_NAMES, ROUTES } from '@retainkit/shared/routes'

/**
 * Where a signed-out visitor was going when a private route sent them to /login/ ("remembering
 * the origin location"). Router state is enough when sign-in happens in the same page; a magic link
 * opens a new page load, so the path is also kept in localStorage for a while.
 */
export const RETURN_TO_STORAGE_KEY = 'retainkit.returnTo'
export const RETURN_TO_MAX_AGE_MS = 60 * 60 * 1000

const PRIVATE_PATHS = [...PRIVATE_ROUTE_NAMES.map((name) => ROUTES[name]), ROUTES.stripeCallback]

/** Only this console's private pages: never an open redirect to another site or a marketing page. */
export function isSafeReturnPath(path: unknown): path is string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return false
  const pathname = path.split(/[?#]/)[0] ?? ''
  return PRIVATE_PATHS.some((prefix) => {
    const bare = prefix.replace(/\/$/, '')
    return pathname === bare || pathname.startsWith(`${bare}/`)
  })
}

export interface LocationLike {
  pathname: string
  search?: string
  hash?: string
}

export function pathOf(location: LocationLike): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`
}

export function rememberReturnTo(path: string, now: number = Date.now()): void {
  if (!isSafeReturnPath(path)) return
  try {
    localStorage.setItem(RETURN_TO_STORAGE_KEY, JSON.stringify({ path, savedAt: now }))
  } catch {
    // Storage unavailable: the visitor lands on the dashboard instead, which is fine.
  }
}

/** Sign-out: the next person to sign in here starts on the dashboard. */
export function forgetReturnTo(): void {
  try {
    localStorage.removeItem(RETURN_TO_STORAGE_KEY)
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Reads and forgets the remembered path; null when absent, stale or unsafe. */
export function consumeReturnTo(now: number = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(RETURN_TO_STORAGE_KEY)
    localStorage.removeItem(RETURN_TO_STORAGE_KEY)
    if (!raw) return null
    const value = JSON.parse(raw) as { path?: unknown; savedAt?: unknown }
    if (typeof value.savedAt !== 'number' || now - value.savedAt > RETURN_TO_MAX_AGE_MS) return null
    return isSafeReturnPath(value.path) ? value.path : null
  } catch {
    return null
  }
}

/** The origin a private route passed to /login/ in router state, if it is one of ours. */
export function returnPathFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null
  const from: unknown = (state as { from?: unknown }).from
  if (typeof from === 'string') return isSafeReturnPath(from) ? from : null
  if (typeof from === 'object' && from !== null && typeof (from as LocationLike).pathname === 'string') {
    const path = pathOf(from as LocationLike)
    return isSafeReturnPath(path) ? path : null
  }
  return null
}
