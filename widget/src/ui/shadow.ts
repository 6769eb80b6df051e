import type { Host } from '../host/types'
import { WIDGET_CSS } from './styles'

export interface ShadowMount {
  /** Where Preact renders (not the root itself: a <style> fallback must survive the diff). */
  readonly mount: HTMLElement
  /** Sets the theme rule (`:host{--rk-…}`: the config's `themeCss`, or the preview's own). */
  setCss(themeCss: string): void
}

const baseSheets = new WeakMap<object, CSSStyleSheet>()

/**
 * An OPEN shadow root on `container`, styled by constructable style sheets (adoptedStyleSheets), which a
 * strict CSP without 'unsafe-inline' in style-src allows, unlike <style> elements. Browsers without them
 * get a <style> element carrying the loader's nonce, which such a policy accepts too.
 */
export function mountShadow(host: Host, container: HTMLElement, nonce = ''): ShadowMount {
  const { document, window } = host
  const root = container.shadowRoot ?? container.attachShadow({ mode: 'open' })
  const mount = document.createElement('div')
  const Sheet = window.CSSStyleSheet
  let setCss: (themeCss: string) => void
  if (Sheet && 'replaceSync' in Sheet.prototype && 'adoptedStyleSheets' in root) {
    let base = baseSheets.get(window)
    if (!base) {
      base = new Sheet()
      base.replaceSync(WIDGET_CSS)
      baseSheets.set(window, base)
    }
    const theme = new Sheet()
    root.adoptedStyleSheets = [base, theme]
    setCss = (themeCss) => theme.replaceSync(themeCss)
  } else {
    const style = root.appendChild(document.createElement('style'))
    if (nonce) style.setAttribute('nonce', nonce)
    setCss = (themeCss) => {
      style.textContent = WIDGET_CSS + themeCss
    }
  }
  root.appendChild(mount)
  return { mount, setCss }
}

/** Empties a shadow root mountShadow styled (the preview's destroy; the caller unmounts Preact first). */
export function clearShadow(root: ShadowRoot): void {
  root.replaceChildren()
  if ('adoptedStyleSheets' in root) root.adoptedStyleSheets = []
}
