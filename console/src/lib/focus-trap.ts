/**
 * Keeps Tab inside a modal container. The browser's modal <dialog> makes the page behind inert, but
 * Tab past its last control still leaves for the browser's own toolbar (and Shift+Tab from its first);
 * this wraps instead, as the console's other dialogs do. The container may hold open shadow roots (the
 * widget preview), whose controls count where they stand.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]'

/** The controls Tab reaches inside `root`, in document order, shadow roots included. */
export function tabbables(root: Element): HTMLElement[] {
  const found: HTMLElement[] = []
  const visit = (node: Element | ShadowRoot) => {
    for (const element of node.children) {
      if (element instanceof HTMLElement && element.matches(FOCUSABLE) && reachable(element))
        found.push(element)
      if (element.shadowRoot) visit(element.shadowRoot)
      visit(element)
    }
  }
  visit(root)
  return found
}

function reachable(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.getClientRects().length === 0) return false
  // Of a group of radio buttons Tab reaches one: the checked one, else the first.
  if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
    const form = element.form ?? element.getRootNode()
    const group = [...(form as ParentNode).querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
      (radio) => radio.name === element.name,
    )
    const checked = group.find((radio) => radio.checked)
    return checked ? checked === element : group[0] === element
  }
  return true
}

/** The focused element, looked for inside shadow roots too. */
function deepActiveElement(): Element | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** On Tab from the container's last control, focus its first; on Shift+Tab from its first, its last. */
export function wrapTab(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  container: Element,
) {
  if (event.key !== 'Tab') return
  const controls = tabbables(container)
  const first = controls[0]
  const last = controls.at(-1)
  if (!first || !last) return
  const active = deepActiveElement()
  if (event.shiftKey ? active === first : active === last) {
    event.preventDefault()
    ;(event.shiftKey ? last : first).focus()
  }
}
