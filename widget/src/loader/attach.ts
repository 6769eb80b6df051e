import type { Host } from '../host/types'
import type { CancelFlowOptions } from '../types'

/** A cancel link/button (or form) handed to `attach`: a selector for SPAs, or an element. */
export interface Attachment {
  target: string | Element
  options: CancelFlowOptions
}

export interface Delegation {
  add(attachment: Attachment): void
  /** Performs the element's own action (follow the link, submit the form, re-click the button). */
  proceed(element: Element): void
  remove(): void
}

type Open = (element: Element, options: CancelFlowOptions) => void

const NATIVE_ACTIVATION = /^(A|BUTTON|INPUT|SUMMARY)$/

/**
 * Event delegation on the document (capture phase, so we run before the page's own handlers and before
 * React's root listeners): cancel buttons that an SPA mounts later are intercepted without re-attaching.
 * Hover and focus prefetch the bundle; click, keyboard activation of non-native buttons, and the submit
 * of an attached form open the flow.
 */
export function createDelegation(host: Host, open: Open, prefetch: () => void): Delegation {
  const { document, window } = host
  const attachments: Attachment[] = []
  // The element whose next activation must pass through: the fail-open re-dispatch.
  let bypass: Element | null = null

  const find = (node: EventTarget | null, forms: boolean): [Element, Attachment] | undefined => {
    if (!(node instanceof window.Element)) return undefined
    for (const attachment of attachments) {
      const { target } = attachment
      const element =
        typeof target === 'string' ? node.closest(target) : target.contains(node) ? target : null
      // Clicks inside an attached form (on its fields) are not a cancel: the form's submit is.
      if (element && element instanceof window.HTMLFormElement === forms) return [element, attachment]
    }
    return undefined
  }

  const intercept = (event: Event, hit: [Element, Attachment] | undefined) => {
    if (!hit) return
    const [element, attachment] = hit
    if (bypass === element) {
      bypass = null
      return
    }
    event.preventDefault()
    event.stopImmediatePropagation()
    open(element, attachment.options)
  }

  const onClick = (event: MouseEvent) => {
    // Modified clicks (new tab, new window, download) and non-primary buttons keep their meaning.
    if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return
    intercept(event, find(event.target, false))
  }
  const onKey = (event: KeyboardEvent) => {
    // Links and buttons turn Enter/Space into a click themselves; a div with role="button" does not.
    if (event.key !== 'Enter' && event.key !== ' ') return
    const hit = find(event.target, false)
    if (hit && !NATIVE_ACTIVATION.test(hit[0].tagName)) intercept(event, hit)
  }
  const onSubmit = (event: SubmitEvent) => intercept(event, find(event.target, true))
  const onHint = (event: Event) => {
    if (find(event.target, false) || find(event.target, true)) prefetch()
  }

  const listeners = [
    ['click', onClick],
    ['keydown', onKey],
    ['submit', onSubmit],
    ['mouseover', onHint],
    ['focusin', onHint],
  ] as [string, EventListener][]
  let listening = false

  return {
    add(attachment) {
      if (typeof attachment.target === 'string') document.querySelector(attachment.target) // throws on a bad selector
      attachments.push(attachment)
      if (!listening)
        for (const [type, listener] of listeners) document.addEventListener(type, listener, true)
      listening = true
    },
    proceed(element) {
      if (element instanceof window.HTMLAnchorElement && element.href) {
        if (element.target && element.target !== '_self') window.open(element.href, element.target)
        else window.location.assign(element.href)
        return
      }
      bypass = element
      if (element instanceof window.HTMLFormElement) {
        if (element.requestSubmit) element.requestSubmit()
        else element.submit()
      } else (element as HTMLElement).click()
      // A re-dispatch that never reached our listener must not leave the bypass armed.
      bypass = null
    },
    remove() {
      attachments.length = 0
      for (const [type, listener] of listeners) document.removeEventListener(type, listener, true)
      listening = false
    },
  }
}
