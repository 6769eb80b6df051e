import type { SessionContext } from '@retainkit/shared/api'
import { ROUTES } from '@retainkit/shared/routes'

/**
 * The hint the marketing site reads to show the logged-in navigation without shipping the auth client
 * (marketing/src/components/nav/nav-hint.ts parses it). Written on every successful session context,
 * removed on sign-out. Only a hint: nothing here grants anything.
 */
export const NAV_HINT_STORAGE_KEY = 'retainkit.nav'

export const DEFAULT_BILLING_URL = `${ROUTES.settings}?tab=billing`

export interface NavHint {
  accountId: string
  accountName: string
  accountSlug: string
  email: string
  canEditConfig: boolean
  billingPortalUrl: string
}

export function navHintFor(context: SessionContext, billingPortalUrl: string | null): NavHint | null {
  const active = context.accounts.find((account) => account.id === context.active_account_id)
  if (!active) return null
  return {
    accountId: active.id,
    accountName: active.name,
    accountSlug: active.slug,
    email: context.user.email ?? active.email ?? '',
    canEditConfig: context.capabilities.canEditConfig === true,
    billingPortalUrl: billingPortalUrl ?? DEFAULT_BILLING_URL,
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Privacy modes can throw on access: the hint is optional.
    return null
  }
}

export function writeNavHint(hint: NavHint | null): void {
  try {
    if (hint) storage()?.setItem(NAV_HINT_STORAGE_KEY, JSON.stringify(hint))
    else storage()?.removeItem(NAV_HINT_STORAGE_KEY)
  } catch {
    // Quota or privacy errors: the marketing site then shows its signed-out navigation, which is safe.
  }
}

export function removeNavHint(): void {
  writeNavHint(null)
}
