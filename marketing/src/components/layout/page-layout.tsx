import type { ReactNode } from 'react'
import { Island } from '../../islands/island'
import { SiteNav } from '../nav/site-nav'
import { SiteFooter } from './site-footer'

/** Every page: skip link, the navigation island, the page's own content and the footer. */
export function PageLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island name="site-nav" component={SiteNav} props={{}} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  )
}
