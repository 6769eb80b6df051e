import { ROUTES } from '@retainkit/shared/routes'
import { billingUrl, isExternalUrl, type NavHint } from './nav-hint'

/** Plan and Billing go to the card-billing portal; it opens in a new tab when it lives elsewhere. */
function ExternalAwareLink({ href, children }: { href: string; children: string }) {
  if (!isExternalUrl(href)) {
    return (
      <a className="menu-link" href={href}>
        {children}
      </a>
    )
  }
  return (
    <a className="menu-link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
      <span className="external-mark" aria-hidden="true">
        ↗
      </span>
    </a>
  )
}

/** The account menu's entries, shared by the desktop dropdown and the mobile drawer. */
export function AccountLinks({ hint }: { hint: NavHint }) {
  const portal = billingUrl(hint)
  return (
    <ul className="link-list">
      <li>
        <ExternalAwareLink href={portal}>Plan</ExternalAwareLink>
      </li>
      <li>
        <ExternalAwareLink href={portal}>Billing</ExternalAwareLink>
      </li>
      <li>
        <a className="menu-link" href={ROUTES.logout}>
          Log Out
        </a>
      </li>
    </ul>
  )
}
