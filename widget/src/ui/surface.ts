import { render } from 'preact'
import { type Localized, setLanguage } from '../flow/localize'
import type { Host } from '../host/types'
import { mountShadow } from './shadow'

export interface Surface {
  /** Where the part draws (inside its shadow root). */
  mount: HTMLElement
  /** Unmounts what was drawn and takes the part off the page. */
  close(): void
}

/**
 * A widget part on the page, opened the same way for the cancel flow and the banner: a
 * `<div data-retainkit="…">` at the end of the body, in the subscriber's language and direction, with a
 * styled shadow root in the account's theme to draw into.
 */
export function openSurface(
  host: Host,
  kind: 'cancel-flow' | 'banner' | 'payment-prompt',
  language: Pick<Localized, 'locale' | 'dir'>,
  themeCss: string,
): Surface {
  const element = host.document.createElement('div')
  element.setAttribute('data-retainkit', kind)
  setLanguage(element, language)
  const { mount, setCss } = mountShadow(host, element)
  setCss(themeCss)
  host.document.body.appendChild(element)
  return {
    mount,
    close() {
      render(null, mount)
      element.remove()
    },
  }
}
