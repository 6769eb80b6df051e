import { describe, expect, it } from 'vitest'
import { escapeHtml, fullTitle, renderDocument } from './document'
import { assetsForIslands, type Manifest } from './manifest-assets'
import { organizationJsonLd, robotsTxt, sitemapXml } from './seo'

const MANIFEST: Manifest = {
  'src/islands/site-nav.client.tsx': { file: 'assets/site-nav.client-a.js', imports: ['_hydrate.js'] },
  'src/islands/pricing-plans.client.tsx': {
    file: 'assets/pricing.client-b.js',
    imports: ['_hydrate.js', '_routes.js'],
  },
  '_hydrate.js': { file: 'assets/hydrate-c.js', imports: ['_routes.js'] },
  '_routes.js': { file: 'assets/routes-d.js' },
  'src/styles/site.css': { file: 'assets/site-e.css' },
}

describe('assetsForIslands', () => {
  it('lists the stylesheet, one script per island and each shared import once', () => {
    expect(assetsForIslands(MANIFEST, ['site-nav', 'pricing-plans'])).toEqual({
      stylesheets: ['/assets/site-e.css'],
      scripts: ['/assets/site-nav.client-a.js', '/assets/pricing.client-b.js'],
      preloads: ['/assets/hydrate-c.js', '/assets/routes-d.js'],
    })
  })

  it('fails loudly when the client build is missing an island', () => {
    expect(() => assetsForIslands(MANIFEST, ['contact-form'])).toThrow(
      /no entry for src\/islands\/contact-form/,
    )
  })
})

describe('renderDocument', () => {
  const html = renderDocument({
    path: '/pricing/',
    publicUrl: 'https://retainkit.example',
    title: 'Pricing "plans" <today>',
    description: 'Plans & prices',
    body: '<main>hi</main>',
    assets: { stylesheets: ['/assets/a.css'], scripts: ['/assets/b.js'], preloads: ['/assets/c.js'] },
  })

  it('escapes text that goes into attributes and the title', () => {
    expect(html).toContain('<title>Pricing &quot;plans&quot; &lt;today&gt; | Retainkit</title>')
    expect(html).toContain('<meta name="description" content="Plans &amp; prices">')
  })

  it('writes canonical and og:url from the public URL and the path', () => {
    expect(html).toContain('<link rel="canonical" href="https://retainkit.example/pricing/">')
    expect(html).toContain('<meta property="og:url" content="https://retainkit.example/pricing/">')
  })

  it('references the assets and keeps JSON-LD unable to close its script', () => {
    expect(html).toContain('<link rel="stylesheet" href="/assets/a.css">')
    expect(html).toContain('<link rel="modulepreload" href="/assets/c.js">')
    expect(html).toContain('<script type="module" src="/assets/b.js"></script>')
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? ''
    expect(jsonLd).not.toContain('<')
    expect(JSON.parse(jsonLd).url).toBe('https://retainkit.example/')
  })

  it('adds noindex only when asked', () => {
    expect(html).not.toContain('noindex')
  })

  it('titles pages "X | Retainkit" unless they already name the site', () => {
    expect(fullTitle('About Us')).toBe('About Us | Retainkit')
    expect(fullTitle('Retainkit — Recover More')).toBe('Retainkit — Recover More')
    expect(escapeHtml(`<a href='x'>`)).toBe('&lt;a href=&#39;x&#39;&gt;')
  })
})

describe('seo files', () => {
  it('builds an absolute sitemap', () => {
    const xml = sitemapXml('https://r.example', ['/', '/pricing/'])
    expect(xml).toContain('<loc>https://r.example/</loc>')
    expect(xml).toContain('<loc>https://r.example/pricing/</loc>')
    expect(xml.startsWith('<?xml')).toBe(true)
  })

  it('disallows the private console routes in robots.txt', () => {
    const robots = robotsTxt('https://r.example')
    for (const path of ['/editor/', '/dashboard/', '/preview/', '/settings/'])
      expect(robots).toContain(`Disallow: ${path}`)
    expect(robots).toContain('Sitemap: https://r.example/sitemap.xml')
  })

  it('describes the organisation with a contact email', () => {
    const data = organizationJsonLd('https://r.example') as { contactPoint: { email: string } }
    expect(data.contactPoint.email).toMatch(/@/)
  })
})
