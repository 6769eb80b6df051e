import { ROUTES } from '@retainkit/shared/routes'
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from 'react'
import { AccountLinks } from './account-links'
import { LinkList } from './link-list'
import { accountLabel, accountRoute, type NavHint } from './nav-hint'
import { COMPANY_LINKS, GUIDE_LINKS, INDUSTRY_LINKS, PRODUCT_LINKS, TOOL_LINKS } from './nav-links'

export const MOBILE_MENU_ID = 'mobile-menu'

interface MobileDrawerProps {
  open: boolean
  hint: NavHint | null
  /** Called when the drawer closes itself; `returnFocus` is false when a link was followed. */
  onClose: (returnFocus: boolean) => void
}

/**
 * The small-screen menu as a modal `<dialog>`: showModal() makes the rest of the page inert and
 * traps focus; focus moves to the close button, Escape closes, and the caller returns focus to the
 * toggle button.
 */
export function MobileDrawer({ open, hint, onClose }: MobileDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
      closeRef.current?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  // The browser can close a modal dialog by itself (Escape → cancel); keep our state in step.
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const onCancel = (event: Event) => {
      event.preventDefault()
      onClose(true)
    }
    dialog.addEventListener('cancel', onCancel)
    return () => dialog.removeEventListener('cancel', onCancel)
  }, [onClose])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose(true)
    }
  }

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the backdrop lands on the dialog element itself; a followed link closes the menu.
    if (event.target === dialogRef.current) onClose(true)
    else if (event.target instanceof Element && event.target.closest('a[href]')) onClose(false)
  }

  return (
    <dialog
      ref={dialogRef}
      id={MOBILE_MENU_ID}
      className="drawer"
      aria-labelledby="mobile-menu-title"
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className="drawer-inner">
        <div className="drawer-head">
          <h2 id="mobile-menu-title" className="drawer-title">
            Menu
          </h2>
          <button ref={closeRef} type="button" className="drawer-close" onClick={() => onClose(true)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close menu</span>
          </button>
        </div>
        {hint ? <LoggedInDrawer hint={hint} /> : <MarketingDrawer />}
      </div>
    </dialog>
  )
}

function MarketingDrawer() {
  return (
    <nav aria-label="Mobile" className="drawer-nav">
      <h3 className="drawer-heading">Products</h3>
      <LinkList links={PRODUCT_LINKS} />
      <h3 className="drawer-heading">Industries</h3>
      <LinkList links={INDUSTRY_LINKS} />
      <h3 className="drawer-heading">Guides</h3>
      <LinkList links={[...GUIDE_LINKS, ...TOOL_LINKS]} />
      <h3 className="drawer-heading">Company</h3>
      <LinkList links={[{ label: 'Pricing', href: ROUTES.pricing }, ...COMPANY_LINKS]} />
      <div className="drawer-actions">
        <a className="button button-secondary" href={ROUTES.login}>
          Log In
        </a>
        <a className="button button-primary" href={ROUTES.signup}>
          Start Free
        </a>
      </div>
    </nav>
  )
}

function LoggedInDrawer({ hint }: { hint: NavHint }) {
  return (
    <nav aria-label="Mobile" className="drawer-nav">
      <ul className="link-list">
        <li>
          <a className="menu-link" href={accountRoute('dashboard', hint)}>
            Dashboard
          </a>
        </li>
        {hint.canEditConfig ? (
          <li>
            <a className="menu-link" href={accountRoute('editor', hint)}>
              Editor
            </a>
          </li>
        ) : null}
      </ul>
      <h3 className="drawer-heading">{accountLabel(hint)}</h3>
      <AccountLinks hint={hint} />
    </nav>
  )
}
