import { ROUTES } from '@retainkit/shared/routes'
import { type MouseEvent, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { openBillingPortal } from '../lib/api'
import { browserLocation } from '../lib/browser-location'
import { handleError } from '../lib/error-handler'
import { getRuntimeConfig, hasRuntime } from '../lib/runtime'
import { signOut } from '../lib/sign-out'
import { toast } from '../lib/toast-store'
import { useBillingStatus } from '../session/billing-store'
import { DEFAULT_BILLING_URL } from '../session/nav-hint'
import { useActiveAccount, useSession } from '../session/session-store'
import { useMenuButton } from './use-menu-button'

/** The account menu shows the account name, else its slug, else the email. */
export function accountMenuLabel(
  account: { name: string; slug: string; email: string | null } | null,
  userEmail: string | null | undefined,
): string {
  return account?.name || account?.slug || userEmail || account?.email || 'Account'
}

/** Where Plan and Billing point: a card-billing portal when configured, else the billing tab. */
export function billingLinks(): { plan: string; billing: string } {
  const configured = hasRuntime() ? getRuntimeConfig().billingPortalUrl : null
  return { plan: configured ?? DEFAULT_BILLING_URL, billing: configured ?? DEFAULT_BILLING_URL }
}

const isExternal = (url: string) => /^https?:\/\//i.test(url)

/** Routes whose URL carries the account id: switching accounts rewrites it. */
const ACCOUNT_PAGES: readonly string[] = [ROUTES.dashboard, ROUTES.editor, ROUTES.preview]

/** An account's id and names, as the session lists them. */
type AccountItem = { id: string; name: string; slug: string }

/**
 * The account menu (a menu button, use-menu-button.ts): switching among the user's accounts, Plan,
 * Billing (the Stripe Billing Portal when the platform bills the account), Log Out.
 */
export function AccountMenu() {
  const account = useActiveAccount()
  const accounts = useSession((state) => state.accounts)
  const userEmail = useSession((state) => state.user?.email)
  const menu = useMenuButton()
  const navigate = useNavigate()
  const label = accountMenuLabel(account, userEmail)
  const onSwitch = useAccountSwitch(account?.id, menu.close)

  // Same-site targets navigate inside the app; a configured portal opens in a new tab.
  const linkProps = (url: string) =>
    isExternal(url)
      ? { href: url, target: '_blank', rel: 'noopener noreferrer', onClick: () => menu.close(false) }
      : {
          href: url,
          onClick: (event: MouseEvent<HTMLAnchorElement>) => {
            event.preventDefault()
            menu.close(false)
            navigate(url)
          },
        }

  return (
    <div className="rk-account-menu">
      <button type="button" className="rk-account-menu__button" {...menu.button}>
        <span className="rk-visually-hidden">Account menu: </span>
        {label}
        <span aria-hidden="true" className="rk-account-menu__chevron">
          ▾
        </span>
      </button>
      <div role="menu" aria-label={`Account: ${label}`} className="rk-account-menu__list" {...menu.menu}>
        {accounts.length > 1 ? (
          <SwitchAccountGroup accounts={accounts} activeId={account?.id} onSwitch={onSwitch} />
        ) : null}
        <BillingItems accountId={account?.id} close={menu.close} linkProps={linkProps} />
        <hr className="rk-account-menu__separator" />
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          data-menu-item=""
          className="rk-account-menu__item"
          onClick={() => {
            menu.close(false)
            void signOut()
          }}
        >
          Log Out
        </button>
      </div>
    </div>
  )
}

/** Switches to another of the user's accounts; a page whose URL names the account follows. */
function useAccountSwitch(activeId: string | undefined, close: (returnFocus: boolean) => void) {
  const switchAccount = useSession((state) => state.switchAccount)
  const [switching, setSwitching] = useState(false)
  const location = useLocation()
  const navigate = useNavigate()
  return async (accountId: string) => {
    close(true)
    if (accountId === activeId || switching) return
    setSwitching(true)
    const result = await switchAccount(accountId)
    setSwitching(false)
    if (result.error) {
      handleError(result.error, { where: 'accountMenu.switch', toastTitle: 'Could not switch account' })
      return
    }
    const next = result.data?.accounts?.find((item) => item.id === accountId)
    toast({
      title: 'Account switched',
      description: `Now working in ${next?.name ?? accountId}.`,
      variant: 'success',
    })
    if (ACCOUNT_PAGES.some((page) => location.pathname.replace(/\/?$/, '/') === page)) {
      const params = new URLSearchParams(location.search)
      params.set('account_id', accountId)
      navigate(`${location.pathname}?${params.toString()}`, { replace: true })
    }
  }
}

function SwitchAccountGroup(props: {
  accounts: readonly AccountItem[]
  activeId: string | undefined
  onSwitch: (accountId: string) => Promise<void>
}) {
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a menu's group of radio items (WAI-ARIA menu), not a form fieldset. */}
      <div role="group" aria-label="Switch account" className="rk-account-menu__group">
        <p className="rk-account-menu__heading" aria-hidden="true">
          Switch account
        </p>
        {props.accounts.map((item) => (
          <button
            key={item.id}
            type="button"
            role="menuitemradio"
            aria-checked={item.id === props.activeId}
            tabIndex={-1}
            data-menu-item=""
            className="rk-account-menu__item"
            onClick={() => void props.onSwitch(item.id)}
          >
            {item.name || item.slug}
          </button>
        ))}
      </div>
      <hr className="rk-account-menu__separator" />
    </>
  )
}

type LinkProps = (url: string) => { href: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void }

/** Plan and Billing: links (a configured portal in a new tab), or the account's Billing Portal. */
function BillingItems(props: {
  accountId: string | undefined
  close: (returnFocus: boolean) => void
  linkProps: LinkProps
}) {
  const { accountId, close, linkProps } = props
  const billing = useBillingStatus()
  // With the platform's billing, Plan is the plan page in Settings (Checkout starts there) whatever a
  // BILLING_PORTAL_URL says, and Billing opens the Stripe Billing Portal of the account's customer.
  const links = billing?.billing_enabled
    ? { plan: DEFAULT_BILLING_URL, billing: DEFAULT_BILLING_URL }
    : billingLinks()
  const onOpenPortal = async (id: string) => {
    close(false)
    const result = await openBillingPortal(id)
    if (result.error) {
      handleError(result.error)
      return
    }
    browserLocation.assign(result.data.url)
  }
  const newTab = (url: string) =>
    isExternal(url) ? <span className="rk-visually-hidden"> (opens in a new tab)</span> : null
  return (
    <>
      <a
        role="menuitem"
        tabIndex={-1}
        data-menu-item=""
        className="rk-account-menu__item"
        {...linkProps(links.plan)}
      >
        Plan
        {newTab(links.plan)}
      </a>
      {billing?.can_manage && accountId ? (
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          data-menu-item=""
          className="rk-account-menu__item"
          onClick={() => void onOpenPortal(accountId)}
        >
          Billing
        </button>
      ) : (
        <a
          role="menuitem"
          tabIndex={-1}
          data-menu-item=""
          className="rk-account-menu__item"
          {...linkProps(links.billing)}
        >
          Billing
          {newTab(links.billing)}
        </a>
      )}
    </>
  )
}
