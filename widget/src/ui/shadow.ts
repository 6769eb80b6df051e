import type { Host } from '../host/types'
import { WIDGET_CSS } from './styles'

export interface ShadowMount {
  /** Where the components render (not the root itself, which the renderer would then own). */
  readonly mount: HTMLElement
  /** Sets the theme rule (`:host{--rk-…}`: the config's `themeCss`, or the preview's own). */
  setCss(themeCss: string): void
}

/**
 * Whether this browser has constructable style sheets (every current browser; Safari since 16.4). Where
 * it does not, the widget steps aside: the merchant's own cancellation runs and no banner shows, rather
 * than an unstyled dialog.
 */
export const canStyle = (host: Host): boolean => 'adoptedStyleSheets' in host.document

const baseSheets = new WeakMap<Document, CSSStyleSheet>()

/**
 * An OPEN shadow root on `container`, styled by constructable style sheets (adoptedStyleSheets), which a
 * strict CSP without 'unsafe-inline' in style-src allows, unlike <style> elements. Callers check
 * `canStyle` first.
 */
export function mountShadow(host: Host, container: HTMLElement): ShadowMount {
  const { document, window } = host
  const root = container.shadowRoot ?? container.attachShadow({ mode: 'open' })
  const mount = document.createElement('div')
  // The rules (about 2 kB) parsed once per document and shared by every part: the browser then matches
  // them without building its rule index again for each shadow root (a sheet adopts only into its own
  // document, hence one per document).
  let base = baseSheets.get(document)
  if (!base) {
    base = new window.CSSStyleSheet()
    base.replaceSync(WIDGET_CSS)
    baseSheets.set(document, base)
  }
  const theme = new window.CSSStyleSheet()
  root.adoptedStyleSheets = [base, theme]
  root.appendChild(mount)
  return { mount, setCss: (themeCss) => theme.replaceSync(themeCss) }
}
/** Empties a shadow root mountShadow styled (the preview's destroy; the caller unmounts Preact first). */
export function clearShadow(root: ShadowRoot): void {
  root.replaceChildren()
  if ('adoptedStyleSheets' in root) root.adoptedStyleSheets = []
}
