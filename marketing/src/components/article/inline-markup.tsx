import { resolveRoutePlaceholders } from '@retainkit/shared/routes'
import type { ReactNode } from 'react'

/** `**bold**`, `*italic*` and `[label](target)`, in the order they appear. */
const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g

/**
 * A link target from content: `routes.name` becomes the route's path; site paths,
 * in-page anchors, http(s) and mailto pass through. Anything else (javascript:, data:) is refused.
 */
export function resolveContentHref(target: string): string | null {
  const href = resolveRoutePlaceholders(target)
  if (/^(https?:|mailto:)/i.test(href)) return href
  if (href.startsWith('#') || (href.startsWith('/') && !href.startsWith('//'))) return href
  // An unknown `routes.x` stays as written: the link check in the tests reports it as broken.
  if (href.startsWith('routes.')) return href
  return null
}

/** Renders the content format's inline markup (marketing/src/content/types.ts) to elements. */
export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = []
  let last = 0
  let key = 0
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0
    if (index > last) nodes.push(text.slice(last, index))
    const [whole, bold, italic, label, target] = match
    if (bold !== undefined) nodes.push(<strong key={key++}>{renderInline(bold)}</strong>)
    else if (italic !== undefined) nodes.push(<em key={key++}>{renderInline(italic)}</em>)
    else if (label !== undefined && target !== undefined) {
      const href = resolveContentHref(target)
      if (href === null) nodes.push(label)
      else if (/^https?:/i.test(href)) {
        nodes.push(
          <a key={key++} href={href} rel="noopener noreferrer">
            {renderInline(label)}
          </a>,
        )
      } else {
        nodes.push(
          <a key={key++} href={href}>
            {renderInline(label)}
          </a>,
        )
      }
    }
    last = index + whole.length
  }
  if (last < text.length) nodes.push(text.slice(last))
  return nodes
}

/** A stable id for a heading, used by the table of contents. */
export function headingId(heading: string): string {
  return (
    heading
      .toLowerCase()
      .replace(/<[^>]*>|[*_`]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  )
}
