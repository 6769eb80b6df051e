/**
 * Long-form content (guides and legal pages) is data, not JSX, so writers and the renderer can work
 * apart. Inline text supports **bold**, *italic* and links written `[label](routes.pricing)` (a route
 * name from @retainkit/shared/routes) or `[label](https://…)` / `[label](mailto:…)`.
 */
export type ContentBlock =
  | { type: 'p'; text: string }
  | { type: 'ul'; items: string[] }
  | { type: 'ol'; items: string[] }
  | { type: 'callout'; title?: string; text: string }
  | { type: 'table'; caption?: string; head: string[]; rows: string[][] }
  | { type: 'quote'; text: string; cite?: string }

export interface ContentSection {
  /** Rendered as an h2 with an id derived from the heading, for the table of contents. */
  heading: string
  blocks: ContentBlock[]
  /** Optional h3 sub-sections. */
  subsections?: { heading: string; blocks: ContentBlock[] }[]
}

export interface Article {
  /** The route name in ROUTES, e.g. 'reduceSubscriberChurn' or 'terms'. */
  route: string
  title: string
  /** Meta description, 120–160 characters. */
  description: string
  /** Lead paragraph under the h1. */
  lead: string
  /** ISO date the text was last revised. */
  updated: string
  sections: ContentSection[]
}
