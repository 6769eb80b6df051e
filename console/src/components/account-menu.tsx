import { ROUTES } from '@retainkit/shared/routes'
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react'
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

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [])
}

const isExternal = (url: string) => /^https?:\/\//i.test(url)

/** Routes whose URL carries the account id: switching accounts rewrites it. */
const ACCOUNT_PAGES: readonly string[] = [ROUTES.dashboard, ROUTES.editor, ROUTES.preview]

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown open it on the first item, ArrowUp on
 * the last; arrows, Home and End move; Escape closes and returns focus to the button; Tab closes.
 */
export function AccountMenu() {
  const account = useActiveAccount()
  const accounts = useSession((state) => state.accounts)
  const userEmail = useSession((state) => state.user?.email)
  const switchAccount = useSession((state) => state.switchAccount)
  const [open, setOpen] = useState(false)
  const [switching, setSwitching] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const focusOnOpen = useRef<'first' | 'last'>('first')
  const menuId = useId()
  const location = useLocation()
  const navigate = useNavigate()
  const label = accountMenuLabel(account, userEmail)
  const billing = useBillingStatus()
  // With the platform's billing, Plan is the plan page in Settings (Checkout starts there) whatever a
  // BILLING_PORTAL_URL says, and Billing opens the Stripe Billing Portal of the account's customer.
  const links = billing?.billing_enabled
    ? { plan: DEFAULT_BILLING_URL, billing: DEFAULT_BILLING_URL }
    : billingLinks()
  const onOpenPortal = async (accountId: string) => {
    close(false)
    const result = await openBillingPortal(accountId)
    if (result.error) {
      handleError(result.error)
      return
    }
    browserLocation.assign(result.data.url)
  }

  useEffect(() => {
    if (!open) return
    const all = menuItems(menuRef.current)
    ;(focusOnOpen.current === 'last' ? all[all.length - 1] : all[0])?.focus()
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus
    setOpen(true)
  }

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openMenu(event.key === 'ArrowUp' ? 'last' : 'first')
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItems(menuRef.current)
    const index = all.indexOf(document.activeElement as HTMLElement)
    const focusAt = (next: number) => all[(next + all.length) % all.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        focusAt(index + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        focusAt(index - 1)
        break
      case 'Home':
        event.preventDefault()
        focusAt(0)
        break
      case 'End':
        event.preventDefault()
        focusAt(all.length - 1)
        break
      case 'Escape':
        event.preventDefault()
        close(true)
        break
      case 'Tab':
        close(false)
        break
    }
  }

  const onSwitch = async (accountId: string) => {
    close(true)
    if (accountId === account?.id || switching) return
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

  const onSignOut = () => {
    close(false)
    void signOut()
  }

  // Same-site targets navigate inside the app; a configured portal opens in a new tab.
  const linkProps = (url: string) =>
    isExternal(url)
      ? { href: url, target: '_blank', rel: 'noopener noreferrer', onClick: () => close(false) }
      : {
          href: url,
          onClick: (event: MouseEvent<HTMLAnchorElement>) => {
            event.preventDefault()
            close(false)
            navigate(url)
          },
        }

  return (
    <div className="rk-account-menu">
      <button
        ref={buttonRef}
        type="button"
        className="rk-account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <span className="rk-visually-hidden">Account menu: </span>
        {label}
        <span aria-hidden="true" className="rk-account-menu__chevron">
          ▾
        </span>
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={`Account: ${label}`}
        className="rk-account-menu__list"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {accounts.length > 1 ? (
          <>
            {/* biome-ignore lint/a11y/useSemanticElements: a menu's group of radio items (WAI-ARIA menu), not a form fieldset. */}
            <div role="group" aria-label="Switch account" className="rk-account-menu__group">
              <p className="rk-account-menu__heading" aria-hidden="true">
                Switch account
              </p>
              {accounts.map((item) => (
                <button
                  key={item.id}
                  type="button"
                  role="menuitemradio"
                  aria-checked={item.id === account?.id}
                  tabIndex={-1}
                  data-menu-item=""
                  className="rk-account-menu__item"
                  onClick={() => void onSwitch(item.id)}
                >
                  {item.name || item.slug}
                </button>
              ))}
            </div>
            <hr className="rk-account-menu__separator" />
          </>
        ) : null}
        <a
          role="menuitem"
          tabIndex={-1}
          data-menu-item=""
          className="rk-account-menu__item"
          {...linkProps(links.plan)}
        >
          Plan
          {isExternal(links.plan) ? <span className="rk-visually-hidden"> (opens in a new tab)</span> : null}
        </a>
        {billing?.can_manage && account ? (
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            data-menu-item=""
            className="rk-account-menu__item"
            onClick={() => void onOpenPortal(account.id)}
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
            {isExternal(links.billing) ? (
              <span className="rk-visually-hidden"> (opens in a new tab)</span>
            ) : null}
          </a>
        )}
        <hr className="rk-account-menu__separator" />
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          data-menu-item=""
          className="rk-account-menu__item"
          onClick={onSignOut}
        >
          Log Out
        </button>
      </div>
    </div>
  )
}
