import { CONSOLE_ROUTE_NAMES, ROUTES, resolveRoutePlaceholders } from '@retainkit/shared/routes'
import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { Link } from 'react-router-dom'

const CONSOLE_PATHS = [...CONSOLE_ROUTE_NAMES.map((name) => ROUTES[name]), ROUTES.notFound].map((path) =>
  path.replace(/\/$/, ''),
)

/** True for paths this single-page app renders; everything else (marketing pages) loads as a page. */
export function isConsolePath(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false
  const path = (href.split(/[?#]/)[0] ?? '').replace(/\/$/, '')
  return CONSOLE_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path, a URL, or a `routes.name` placeholder, e.g. `routes.pricing` or `routes.settings?tab=install`. */
  to: string
  children: ReactNode
}

/**
 * Every link of the console. `routes.name` placeholders in the target and in plain-text children
 * resolve to the route's path (shared resolveRoutePlaceholders); console paths navigate inside the app,
 * anything else is an ordinary link.
 */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  const href = resolveRoutePlaceholders(to)
  const content = typeof children === 'string' ? resolveRoutePlaceholders(children) : children
  if (isConsolePath(href)) {
    return (
      <Link to={href} {...rest}>
        {content}
      </Link>
    )
  }
  return (
    <a href={href} {...rest}>
      {content}
    </a>
  )
}

/** Dashboard and editor links carry the account id. */
export function accountHref(
  route: 'dashboard' | 'editor' | 'preview' | 'sessions',
  accountId: string | null,
): string {
  return accountId ? `${ROUTES[route]}?account_id=${encodeURIComponent(accountId)}` : ROUTES[route]
}
