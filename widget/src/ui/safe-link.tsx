import type { ComponentChildren } from 'preact'

/** Schemes a link may lead to; anything else (javascript:, data:, vbscript:, …) is dropped. */
const SAFE_HREF = /^(https?:|mailto:|[/?#.]|[^:]*$)/i

/**
 * The href as written when it is a web, mail or relative address, else undefined. Control characters
 * and spaces go first: browsers ignore them inside a scheme, so `java\tscript:` would still run.
 */
export function safeHref(href: string | undefined): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const cleaned = href?.replace(/[\u0000-\u0020\u007f]/g, '')
  return cleaned !== undefined && SAFE_HREF.test(cleaned) ? href?.trim() : undefined
}

export interface SafeLinkProps {
  href: string | undefined
  children: ComponentChildren
  className?: string
}

/**
 * Every link the widget draws goes through here: an address from a merchant's config or a server answer
 * never becomes a `javascript:` link on the subscriber's page. Links open in a new tab without handing
 * the widget's page to the opened one.
 */
export function SafeLink({ href, children, className }: SafeLinkProps) {
  return (
    <a href={safeHref(href)} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}
