import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { CONSOLE_ROUTE_NAMES, MARKETING_ROUTE_NAMES, ROUTES } from '@retainkit/shared/routes'
import { beforeAll, describe, expect, it } from 'vitest'
import { builtSite, readBuilt } from '../../test-support/built-site'
import { parseHtml } from '../../test-support/parse-html'
import { PUBLIC_URL_PLACEHOLDER } from '../site'

let root = ''
const documents = new Map<string, Document>()

beforeAll(async () => {
  root = await builtSite()
  for (const name of MARKETING_ROUTE_NAMES) {
    const path = ROUTES[name]
    const file = join(...path.split('/').filter(Boolean), 'index.html')
    documents.set(path, parseHtml(readBuilt(root, file)))
  }
}, 240_000)

/** Pages a link may point at: every prerendered page except the 404 page, and the console's routes. */
const PAGE_TARGETS = new Set<string>([
  ...MARKETING_ROUTE_NAMES.filter((name) => name !== 'notFound').map((name) => ROUTES[name]),
  ...CONSOLE_ROUTE_NAMES.map((name) => ROUTES[name]),
])

function hasId(document: Document | undefined, id: string): boolean {
  return Boolean(id) && document?.getElementById(decodeURIComponent(id)) != null
}

/** Why an href is broken, or null when it resolves. */
function brokenReason(href: string, from: string): string | null {
  if (href.startsWith('mailto:')) return /^mailto:[^@\s]+@[^@\s]+/.test(href) ? null : 'malformed mailto'
  if (href.startsWith('#'))
    return hasId(documents.get(from), href.slice(1)) ? null : 'no such anchor on the page'
  let url: URL
  if (/^https?:\/\//.test(href)) {
    url = new URL(href)
    if (url.origin !== PUBLIC_URL_PLACEHOLDER) return null // an external reference in an article
  } else if (href.startsWith('/') && !href.startsWith('//')) {
    url = new URL(href, PUBLIC_URL_PLACEHOLDER)
  } else {
    return 'not an absolute site path (an unresolved routes.name placeholder?)'
  }
  const path = url.pathname
  if (path === ROUTES.notFound) return 'links to the not-found page'
  if (!PAGE_TARGETS.has(path) && !existsSync(join(root, path))) return 'no such page'
  if (url.hash && documents.has(path) && !hasId(documents.get(path), url.hash.slice(1))) {
    return `no anchor ${url.hash} on ${path}`
  }
  return null
}

describe('internal links', () => {
  it('every href on every prerendered page resolves to a page, a console route or an anchor', () => {
    const broken: string[] = []
    let checked = 0
    for (const [from, document] of documents) {
      for (const anchor of document.querySelectorAll('a[href]')) {
        const href = anchor.getAttribute('href') ?? ''
        checked += 1
        const reason = brokenReason(href, from)
        if (reason) broken.push(`${from} → ${href}: ${reason}`)
      }
    }
    expect(broken).toEqual([])
    expect(checked).toBeGreaterThan(MARKETING_ROUTE_NAMES.length * 20)
  })

  it('reaches every marketing page from the site, payment recovery through the footer', () => {
    const linked = new Set<string>()
    for (const document of documents.values()) {
      for (const anchor of document.querySelectorAll('a[href^="/"]')) {
        linked.add(new URL(anchor.getAttribute('href') ?? '', PUBLIC_URL_PLACEHOLDER).pathname)
      }
    }
    const unreachable = MARKETING_ROUTE_NAMES.filter(
      (name) => name !== 'notFound' && !linked.has(ROUTES[name]),
    )
    expect(unreachable).toEqual([])
    const footer = documents.get(ROUTES.home)?.querySelector('footer')
    expect(footer?.querySelector(`a[href="${ROUTES.paymentRecovery}"]`)).not.toBeNull()
  })

  it('shows payment recovery in the Products menu as a disabled item with a Coming Soon badge', () => {
    const panel = documents.get(ROUTES.home)?.querySelector('#nav-products-panel')
    expect(panel?.querySelector(`a[href="${ROUTES.paymentRecovery}"]`)).toBeNull()
    const disabled = panel?.querySelector('[aria-disabled="true"]')
    expect(disabled?.textContent).toContain('Payment Recovery')
    expect(disabled?.querySelector('.badge')?.textContent).toBe('Coming Soon')
  })
})
