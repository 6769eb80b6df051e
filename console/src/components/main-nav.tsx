import { ROUTES } from '@retainkit/shared/routes'
import { NavLink } from 'react-router-dom'
import { useCapability, useSession } from '../session/session-store'
import { AccountMenu } from './account-menu'
import { accountHref } from './app-link'
import { BrandLogo } from './brand-logo'
import { PlanStatus } from './plan-status'

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'rk-nav__link rk-nav__link--active' : 'rk-nav__link'

/**
 * Logged-in navigation: Dashboard; Sessions; Editor only with the canEditConfig capability; Settings;
 * and the account menu. Dashboard and editor links carry the account id.
 */
export function MainNav() {
  const accountId = useSession((state) => state.active_account_id)
  const canEditConfig = useCapability('canEditConfig')
  return (
    <nav className="rk-nav" aria-label="Main">
      <BrandLogo />
      <ul className="rk-nav__links">
        <li>
          <NavLink to={accountHref('dashboard', accountId)} className={navClass}>
            Dashboard
          </NavLink>
        </li>
        <li>
          <NavLink to={accountHref('sessions', accountId)} className={navClass}>
            Sessions
          </NavLink>
        </li>
        {canEditConfig ? (
          <li>
            <NavLink to={accountHref('editor', accountId)} className={navClass}>
              Editor
            </NavLink>
          </li>
        ) : null}
        <li>
          <NavLink to={ROUTES.settings} className={navClass}>
            Settings
          </NavLink>
        </li>
      </ul>
      <PlanStatus />
      <AccountMenu />
    </nav>
  )
}
