import { ROUTES } from '@retainkit/shared/routes'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { parseSettingsTab, SETTINGS_TAB_LABELS } from '../pages/settings/settings-tabs'

/** Each console page's name in the browser tab, so several open tabs (and history) can be told apart. */
const PAGE_NAMES: ReadonlyArray<[route: string, name: string]> = [
  [ROUTES.dashboard, 'Dashboard'],
  [`${ROUTES.editor}history/`, 'Flow history'],
  [ROUTES.editor, 'Editor'],
  [ROUTES.preview, 'Preview'],
  [ROUTES.settings, 'Settings'],
  [ROUTES.login, 'Sign in'],
  [ROUTES.signup, 'Create account'],
  [ROUTES.authCallback, 'Signing in'],
  [ROUTES.logout, 'Signing out'],
  [ROUTES.stripeCallback, 'Connecting Stripe'],
  [ROUTES.notFound, 'Page not found'],
]

/** "Dashboard · Retainkit", "Install · Settings · Retainkit"; just "Retainkit" elsewhere. */
export function pageTitle(pathname: string, search: string): string {
  const page = pathname.replace(/\/?$/, '/')
  const name = PAGE_NAMES.find(([route]) => page === route || page.startsWith(route))?.[1]
  if (!name) return 'Retainkit'
  if (name === 'Settings') {
    const tab = parseSettingsTab(new URLSearchParams(search).get('tab'))
    return `${SETTINGS_TAB_LABELS[tab]} · Settings · Retainkit`
  }
  return `${name} · Retainkit`
}

export function usePageTitle(): void {
  const { pathname, search } = useLocation()
  useEffect(() => {
    document.title = pageTitle(pathname, search)
  }, [pathname, search])
}
