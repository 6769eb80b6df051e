import type { Theme } from '@retainkit/shared/config-types'
import { cssVariablesToText, themeToCssVariables } from '@retainkit/shared/theme'
import type { Host } from '../host/types'
import { WIDGET_CSS } from './styles'

export interface ShadowMount {
  readonly root: ShadowRoot
  /** Where Preact renders (not the root itself: a <style> fallback must survive the diff). */
  readonly mount: HTMLElement
  setTheme(theme: Theme | undefined): void
  /** Empties the shadow root (the caller removes its host element when it owns it). */
  clear(): void
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
  const themeText = (theme: Theme | undefined) => cssVariablesToText(themeToCssVariables(theme))
  let setTheme: (theme: Theme | undefined) => void
  let style: HTMLStyleElement | undefined

  const Sheet = window.CSSStyleSheet
  if (Sheet && 'replaceSync' in Sheet.prototype && 'adoptedStyleSheets' in root) {
    let base = baseSheets.get(window)
    if (!base) {
      base = new Sheet()
      base.replaceSync(WIDGET_CSS)
      baseSheets.set(window, base)
    }
    const theme = new Sheet()
    root.adoptedStyleSheets = [base, theme]
    setTheme = (value) => theme.replaceSync(themeText(value))
  } else {
    const element = document.createElement('style')
    if (nonce) element.setAttribute('nonce', nonce)
    root.appendChild(element)
    style = element
    setTheme = (value) => {
      element.textContent = WIDGET_CSS + themeText(value)
    }
  }
  const mount = document.createElement('div')
  root.appendChild(mount)
  setTheme(undefined)

  return {
    root,
    mount,
    setTheme,
    clear() {
      mount.remove()
      style?.remove()
      if ('adoptedStyleSheets' in root) root.adoptedStyleSheets = []
    },
  }
}
