/**
 * The widget's renderer: the part of the React API its components use — JSX (`jsx`, `jsxs`,
 * `createElement`, `Fragment`), stateless function components, keys, and `render(element, container)`
 * — drawn into the DOM and patched in place on every redraw, so focus, caret and scroll survive.
 *
 * Why not Preact (DESIGN 2 names preact/compat): the widget's components hold no state (the flow machine
 * and their owners do; they redraw on every snapshot), so classes, hooks, context, refs, effects and
 * batching would be dead weight. Preact's core alone was 4.1 KB of the 14 KB budget for loader + flow +
 * banner; this file is about 0.8 KB. The components keep the React API, and a test renders every screen
 * with both this renderer and Preact and compares the DOM (vdom.test.tsx).
 *
 * Deliberately missing: `dangerouslySetInnerHTML` (text only ever reaches the page as text nodes),
 * `style` objects, refs, SVG. Props: `className`; `on*` handlers (lower-cased event names: onChange is
 * the native change event); `value`, `checked` and `selected` as live DOM properties (written only when
 * they differ, so typing is never disturbed); everything else as attributes (false/null/undefined
 * remove one, true sets it empty).
 */

type Props = Record<string, unknown> & { children?: unknown }
type Component = (props: Props) => unknown

export interface VElement {
  readonly type: string | Component
  readonly props: Props
  readonly key: unknown
}

/** A drawn node: an element with its own drawn children, or a text node. */
interface Drawn {
  type: string
  /** null when unkeyed. */
  key: unknown
  props: Props
  children: Drawn[]
  dom: Node
}

/** What `render` drew last into a container (and every element's handlers), kept on the DOM nodes. */
type Container = Node & { _rk?: Drawn[] }
type Listening = Element & { _rl?: Record<string, (event: Event) => void> }

const TEXT = '#'
const LIVE_PROPERTIES = ['value', 'checked', 'selected']

export const Fragment = (props: Props): unknown => props.children

/** The automatic JSX runtime (`react/jsx-runtime`): children are in the props already. */
export const jsx = (type: VElement['type'], props: Props, key?: unknown): VElement => ({ type, props, key })
export { jsx as jsxs }

/** The classic factory (`React.createElement`), for code that calls it by hand. */
export function createElement(
  type: VElement['type'],
  config: Props | null,
  ...children: unknown[]
): VElement {
  const { key, ...props } = config ?? {}
  if (children.length) props.children = children.length > 1 ? children : children[0]
  return jsx(type, props, key)
}

/** Flattens children into drawable nodes: components run, fragments and arrays open, holes go. */
function flatten(node: unknown, into: Drawn[], key?: unknown): Drawn[] {
  if (node == null || typeof node === 'boolean') return into
  if (Array.isArray(node)) {
    for (const child of node) flatten(child, into)
    return into
  }
  const element = node as VElement
  if (typeof node !== 'object') {
    into.push({
      type: TEXT,
      key: key ?? null,
      props: { text: String(node) },
      children: [],
      dom: null as never,
    })
  } else if (typeof element.type === 'function') {
    // A keyed component lends its key to what it draws (when that is one node and has none).
    flatten(element.type(element.props), into, element.key ?? key)
  } else {
    into.push({
      type: element.type,
      key: element.key ?? key ?? null,
      props: element.props,
      children: flatten(element.props.children, []),
      dom: null as never,
    })
  }
  return into
}

function listener(this: Listening, event: Event) {
  this._rl?.[event.type]?.(event)
}

function setProps(dom: Listening, props: Props, previous: Props): void {
  for (const name of new Set([...Object.keys(previous), ...Object.keys(props)])) {
    const value = props[name]
    if (name === 'children' || value === previous[name]) continue
    if (name.startsWith('on')) {
      const type = name.slice(2).toLowerCase()
      dom._rl ??= {}
      const handlers = dom._rl
      if (!handlers[type]) dom.addEventListener(type, listener)
      handlers[type] = value as (event: Event) => void
      if (!value) {
        dom.removeEventListener(type, listener)
        delete handlers[type]
      }
    } else if (LIVE_PROPERTIES.includes(name)) {
      const live = value ?? (name === 'value' ? '' : false)
      if ((dom as unknown as Props)[name] !== live) (dom as unknown as Props)[name] = live
    } else {
      const attribute = name === 'className' ? 'class' : name
      if (value == null || value === false) dom.removeAttribute(attribute)
      else dom.setAttribute(attribute, value === true ? '' : String(value))
    }
  }
}

/**
 * Makes `parent`'s children match `next`, reusing the previous node with the same key (or, unkeyed, at
 * the same place) when its type matches. Leftovers go first, so nodes move only when really reordered
 * (moving a node would cost it its focus).
 */
function patchChildren(parent: Node, previous: Drawn[], next: Drawn[]): void {
  const keyed = new Map(previous.filter((old) => old.key != null).map((old) => [old.key, old]))
  const reused = new Set<Drawn>()
  const matches = next.map((node, index) => {
    const old = node.key != null ? keyed.get(node.key) : previous[index]
    if (!old || old.type !== node.type || old.key !== node.key || reused.has(old)) return undefined
    reused.add(old)
    return old
  })
  for (const old of previous) if (!reused.has(old)) parent.removeChild(old.dom)
  next.forEach((node, index) => {
    const old = matches[index]
    if (old) {
      node.dom = old.dom
      if (node.type === TEXT) {
        if (old.props.text !== node.props.text) (node.dom as Text).data = node.props.text as string
      } else {
        setProps(node.dom as Element, node.props, old.props)
        patchChildren(node.dom, old.children, node.children)
      }
    } else if (node.type === TEXT) {
      node.dom = (parent.ownerDocument as Document).createTextNode(node.props.text as string)
    } else {
      node.dom = (parent.ownerDocument as Document).createElement(node.type)
      // Children first: an <option selected> must be in its <select> before anything reads the value.
      patchChildren(node.dom, [], node.children)
      setProps(node.dom as Element, node.props, {})
    }
    const there = parent.childNodes[index]
    if (there !== node.dom) parent.insertBefore(node.dom, there ?? null)
  })
}

/** `ReactDOM.render`: draws `element` into `container` (null empties it), patching the last drawing. */
export function render(element: unknown, container: Element | DocumentFragment): void {
  const target = container as Container
  const next = flatten(element, [])
  patchChildren(target, target._rk ?? [], next)
  target._rk = next
}
