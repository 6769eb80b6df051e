import { ROUTES } from '@retainkit/shared/routes'
import { useCallback, useEffect, useRef, useState } from 'react'
import { BrandMark } from '../ui/brand-mark'
import { AccountLinks } from './account-links'
import { LinkList } from './link-list'
import { MOBILE_MENU_ID, MobileDrawer } from './mobile-drawer'
import { NavDropdown } from './nav-dropdown'
import { accountLabel, accountRoute, NAV_HINT_STORAGE_KEY, type NavHint, readNavHint } from './nav-hint'
import { COMPANY_LINKS, PRODUCT_LINKS, RESOURCE_GROUPS } from './nav-links'

/** Where the menu link points before JavaScript runs: the footer's complete link lists. */
export const FOOTER_NAV_ID = 'footer-nav'

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * The site header. The prerendered markup is the signed-out navigation with CSS-only dropdowns; after
 * hydration it becomes keyboard-operable, opens the mobile drawer, and swaps in the logged-in
 * navigation when the console's hint is in localStorage.
 */
export function SiteNav() {
  const [enhanced, setEnhanced] = useState(false)
  const [hint, setHint] = useState<NavHint | null>(null)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    setEnhanced(true)
    setHint(readNavHint(safeLocalStorage()))
    // Signing in or out in the console's tab updates this tab too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === NAV_HINT_STORAGE_KEY) setHint(readNavHint(safeLocalStorage()))
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const closeDrawer = useCallback((returnFocus: boolean) => {
    setDrawerOpen(false)
    if (returnFocus) toggleRef.current?.focus()
  }, [])

  return (
    <header className="site-header">
      <div className={`container site-nav${enhanced ? ' is-enhanced' : ''}`}>
        <a className="brand" href={ROUTES.home}>
          <BrandMark />
          <span>Retainkit</span>
        </a>
        <nav aria-label="Main" className="nav-main">
          {hint ? <LoggedInMenu hint={hint} enhanced={enhanced} /> : <MarketingMenu enhanced={enhanced} />}
        </nav>
        {hint ? null : (
          <div className="nav-actions">
            <a className="button button-ghost" href={ROUTES.login}>
              Log In
            </a>
            <a className="button button-primary" href={ROUTES.signup}>
              Start Free
            </a>
          </div>
        )}
        {enhanced ? (
          <button
            ref={toggleRef}
            type="button"
            className="nav-toggle"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setDrawerOpen(true)}
          >
            <span className="nav-toggle-bars" aria-hidden="true" />
            Menu
          </button>
        ) : (
          <a className="nav-toggle" href={`#${FOOTER_NAV_ID}`}>
            <span className="nav-toggle-bars" aria-hidden="true" />
            Menu
          </a>
        )}
      </div>
      {enhanced ? <MobileDrawer open={drawerOpen} hint={hint} onClose={closeDrawer} /> : null}
    </header>
  )
}

function MarketingMenu({ enhanced }: { enhanced: boolean }) {
  return (
    <ul className="nav-list">
      <NavDropdown id="nav-products" label="Products" enhanced={enhanced}>
        <LinkList links={PRODUCT_LINKS} withDescriptions />
      </NavDropdown>
      <NavDropdown id="nav-resources" label="Resources" enhanced={enhanced} className="is-wide">
        <div className="panel-columns">
          {RESOURCE_GROUPS.map((group) => (
            <div key={group.heading}>
              <p className="panel-heading">{group.heading}</p>
              <LinkList links={group.links} />
            </div>
          ))}
        </div>
      </NavDropdown>
      <li className="nav-item">
        <a className="nav-link" href={ROUTES.pricing}>
          Pricing
        </a>
      </li>
      <NavDropdown id="nav-company" label="Company" enhanced={enhanced}>
        <LinkList links={COMPANY_LINKS} />
      </NavDropdown>
    </ul>
  )
}

function LoggedInMenu({ hint, enhanced }: { hint: NavHint; enhanced: boolean }) {
  return (
    <ul className="nav-list nav-list-end">
      <li className="nav-item">
        <a className="nav-link" href={accountRoute('dashboard', hint)}>
          Dashboard
        </a>
      </li>
      {hint.canEditConfig ? (
        <li className="nav-item">
          <a className="nav-link" href={accountRoute('editor', hint)}>
            Editor
          </a>
        </li>
      ) : null}
      <NavDropdown id="nav-account" label={accountLabel(hint)} enhanced={enhanced} className="is-account">
        <AccountLinks hint={hint} />
      </NavDropdown>
    </ul>
  )
}
