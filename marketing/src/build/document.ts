import { SITE } from '../site'
import { organizationJsonLd } from './seo'

export interface DocumentAssets {
  stylesheets: readonly string[]
  scripts: readonly string[]
  /** Modules the scripts import, fetched in parallel instead of one after another. */
  preloads: readonly string[]
}

export interface DocumentInput {
  path: string
  publicUrl: string
  title: string
  description: string
  ogType?: 'website' | 'article'
  noindex?: boolean
  body: string
  assets: DocumentAssets
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** "Pricing" → "Pricing | Retainkit"; titles that already name the site stay as they are. */
export function fullTitle(title: string): string {
  return title.includes(SITE.name) ? title : `${title} | ${SITE.name}`
}

/** JSON inside <script> must not be able to close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** The complete HTML document of one prerendered page. */
export function renderDocument(input: DocumentInput): string {
  const title = escapeHtml(fullTitle(input.title))
  const description = escapeHtml(input.description)
  const url = escapeHtml(`${input.publicUrl}${input.path}`)
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    input.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${url}">`,
    `<meta name="theme-color" content="${SITE.themeColor}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<meta property="og:site_name" content="${SITE.name}">`,
    `<meta property="og:type" content="${input.ogType ?? 'website'}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    '<meta name="twitter:card" content="summary">',
    ...input.assets.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...input.assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...input.assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    `<script type="application/ld+json">${jsonForScript(organizationJsonLd(input.publicUrl))}</script>`,
  ].filter(Boolean)
  return `<!doctype html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${input.body}\n</body>\n</html>\n`
}
