import { ROUTES } from '@retainkit/shared/routes'
import { SITE } from '../../site'
import {
  COMPANY_LINKS,
  GUIDE_LINKS,
  INDUSTRY_LINKS,
  LEGAL_LINKS,
  type NavGroup,
  PRODUCT_LINKS,
} from '../nav/nav-links'
import { FOOTER_NAV_ID } from '../nav/site-nav'
import { BrandMark } from '../ui/brand-mark'

/** The footer links every product, including payment recovery, which the header lists as coming soon. */
const FOOTER_GROUPS: readonly NavGroup[] = [
  {
    heading: 'Products',
    links: PRODUCT_LINKS.map((link) =>
      link.comingSoon ? { label: `${link.label} (coming soon)`, href: link.href } : link,
    ),
  },
  { heading: 'Solutions', links: INDUSTRY_LINKS },
  {
    heading: 'Resources',
    links: [...GUIDE_LINKS, { label: 'ROI Calculator', href: ROUTES.roiCalculator }],
  },
  {
    heading: 'Company',
    links: [...COMPANY_LINKS, { label: 'Pricing', href: ROUTES.pricing }],
  },
]

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-top">
          <div className="footer-brand">
            <a className="brand brand-inverse" href={ROUTES.home}>
              <BrandMark />
              <span>Retainkit</span>
            </a>
            <p>
              Cancel flows, reactivation banners and churn analytics for businesses billing through Stripe.
            </p>
          </div>
          <nav id={FOOTER_NAV_ID} className="footer-nav" aria-label="Footer">
            {FOOTER_GROUPS.map((group) => (
              <div key={group.heading} className="footer-group">
                <h2 className="footer-heading">{group.heading}</h2>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <a href={link.href}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="footer-bottom">
          <p>
            © {SITE.copyrightYear} {SITE.name}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="legal-links">
              {LEGAL_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  )
}
