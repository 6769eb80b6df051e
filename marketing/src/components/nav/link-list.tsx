import type { NavLink } from './nav-links'

interface LinkListProps {
  links: readonly NavLink[]
  /** Show each link's one-line description (desktop dropdown panels). */
  withDescriptions?: boolean
  className?: string
}

/** A plain list of links. Coming-soon entries render as text with a badge, never as a link. */
export function LinkList({ links, withDescriptions = false, className = 'link-list' }: LinkListProps) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          {link.comingSoon ? (
            <span className="menu-link is-disabled" aria-disabled="true">
              <span className="menu-link-label">
                {`${link.label} `}
                <span className="badge badge-soon">Coming Soon</span>
              </span>
              {withDescriptions && link.description ? (
                <span className="menu-link-description">{link.description}</span>
              ) : null}
            </span>
          ) : (
            <a className="menu-link" href={link.href}>
              <span className="menu-link-label">{link.label}</span>
              {withDescriptions && link.description ? (
                <span className="menu-link-description">{link.description}</span>
              ) : null}
            </a>
          )}
        </li>
      ))}
    </ul>
  )
}
