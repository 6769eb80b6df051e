import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { parseSettingsTab, SETTINGS_TAB_LABELS } from '../pages/settings/settings-tabs'
import { pageName } from './page-names'

/** "Dashboard · Retainkit", "Install · Settings · Retainkit"; just "Retainkit" elsewhere. */
export function pageTitle(pathname: string, search: string): string {
  const name = pageName(pathname)
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
