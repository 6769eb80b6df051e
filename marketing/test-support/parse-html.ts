import { Window } from 'happy-dom'

/** Parses a prerendered page in Node (no scripts run) for assertions on its markup. */
export function parseHtml(html: string): Document {
  const window = new Window()
  const parser = new window.DOMParser()
  return parser.parseFromString(html, 'text/html') as unknown as Document
}

export function metaContent(document: Document, selector: string): string | null {
  return document.querySelector(selector)?.getAttribute('content') ?? null
}
