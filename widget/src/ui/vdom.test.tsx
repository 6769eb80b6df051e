import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  createFlowMachine,
  type FlowMachine,
  type FlowScreen,
  type FlowSnapshot,
} from '@retainkit/shared/flow'
import { type TermsNumbers, withDescription } from '@retainkit/shared/reactivation-terms'
import { OFFER_TYPES } from '@retainkit/shared/vocabulary'
import { h, render as preactRender } from 'preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type BannerState, BannerView } from '../banner/banner-view'
import { PREVIEW_SCREENS } from '../preview/screens'
import { flowConfig, flowReasons } from '../test-support/fake-api'
import { FlowView, type FlowViewProps } from './flow-view'
import { createElement, Fragment, render, type VElement } from './vdom'

afterEach(() => {
  document.body.innerHTML = ''
})

const box = () => document.body.appendChild(document.createElement('div'))

/**
 * The same tree as Preact elements: components are pure functions of their props here, so they are
 * expanded first; Preact then draws exactly what the widget's renderer was given.
 */
function toPreact(node: unknown): unknown {
  if (node == null || typeof node === 'boolean') return null
  if (Array.isArray(node)) return node.map(toPreact)
  if (typeof node !== 'object') return node
  const { type, props, key } = node as VElement
  if (typeof type === 'function') return toPreact(type(props))
  const { children, ...rest } = props
  return h(type, { ...rest, key } as Record<string, unknown>, toPreact(children) as never)
}

/** A DOM tree as comparable text: sorted attributes, live form state, adjacent texts joined. */
function describeTree(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent)
  const element = node as HTMLElement
  const attributes = [...element.attributes].map((a) => `${a.name.toLowerCase()}=${a.value}`).sort()
  const live = element as HTMLInputElement & HTMLOptionElement
  if (element.tagName === 'INPUT') attributes.push(`[checked=${live.checked}]`)
  if (element.tagName === 'TEXTAREA') attributes.push(`[value=${live.value}]`)
  if (element.tagName === 'OPTION') attributes.push(`[selected=${live.selected}]`)
  const children: string[] = []
  let text: string | null = null
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text = (text ?? '') + child.textContent
    else {
      if (text !== null) children.push(JSON.stringify(text))
      text = null
      children.push(describeTree(child))
    }
  }
  if (text !== null) children.push(JSON.stringify(text))
  return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${children.join('')}</>`
}

const describeChildren = (container: Element) => [...container.childNodes].map(describeTree).join('')

/** Draws `tree` with Preact in a fresh container, as the reference. */
function reference(tree: unknown): string {
  const container = box()
  preactRender(toPreact(tree) as never, container)
  return describeChildren(container)
}

const noop = () => {}

function flowMachine(screen?: FlowScreen): FlowMachine {
  return createFlowMachine({
    config: flowConfig(),
    reasons: flowReasons(),
    eligibleOffers: OFFER_TYPES,
    subscriber: { planId: 'price_pro_monthly', planName: 'Pro', periodEnd: '2027-03-31T00:00:00.000Z' },
    effects: {
      acceptOffer: () => Promise.resolve({ status: 'recorded', mechanism: 'discount' }),
      cancel: () =>
        Promise.resolve({ status: 'scheduled', cancelAt: '2027-03-31T00:00:00.000Z', message: 'Scheduled.' }),
      record: noop,
    },
    initialScreen: screen,
  })
}

const view = (machine: FlowMachine, snapshot: FlowSnapshot, extra: Partial<FlowViewProps> = {}) => (
  <FlowView
    snapshot={snapshot}
    context={machine.context}
    send={machine.send}
    actions={snapshot.actions}
    error={snapshot.error}
    onSaveConfirmation={noop}
    {...extra}
  />
)

/** Every screen the preview can show, plus states the switcher cannot reach (error, working, canceled). */
async function everyFlowState(): Promise<[string, unknown][]> {
  const states: [string, unknown][] = []
  for (const { screen, label } of PREVIEW_SCREENS(flowConfig(), flowReasons())) {
    const machine = flowMachine(screen)
    states.push([label, view(machine, machine.getSnapshot())])
    states.push([`${label} (overlay)`, view(machine, machine.getSnapshot(), { overlay: true })])
  }
  const reason = flowMachine()
  reason.send({ type: 'NEXT' })
  states.push(['reason required', view(reason, reason.getSnapshot())])
  reason.send({ type: 'SELECT_REASON', key: flowReasons()[0]?.key ?? '' })
  states.push(['reason chosen', view(reason, reason.getSnapshot())])
  const confirm = flowMachine({ kind: 'confirm' })
  const before = confirm.getSnapshot()
  confirm.send({ type: 'CANCEL' })
  states.push(['working', view(confirm, confirm.getSnapshot(), { actions: before.actions })])
  await vi.waitFor(() => expect(confirm.getSnapshot().screen.kind).toBe('final'))
  states.push(['final after a cancel', view(confirm, confirm.getSnapshot())])
  return states
}

const NUMBERS: TermsNumbers = {
  planName: 'Pro',
  currency: 'usd',
  interval: 'month',
  intervalCount: 1,
  amount: 2900,
  discount: { percentOff: 25, amount: 2175, charges: 3 },
  firstChargeAt: '2027-01-15T00:00:00Z',
  chargesNow: true,
}
const TERMS = withDescription(NUMBERS)
const LATER = withDescription({ ...NUMBERS, discount: null, chargesNow: false })

const BANNER_STATES: BannerState[] = [
  { kind: 'idle' },
  { kind: 'confirm' },
  { kind: 'working' },
  { kind: 'error', message: 'Card declined.' },
  { kind: 'done', message: 'Welcome back!' },
]

describe('the widget renderer against Preact (the reference)', () => {
  it('draws every screen of the cancel flow as Preact does', async () => {
    const states = await everyFlowState()
    expect(states.length).toBeGreaterThan(20)
    for (const [label, tree] of states) {
      const container = box()
      render(tree, container)
      expect(describeChildren(container), label).toBe(reference(tree))
    }
  })

  it('patches one container from screen to screen into what a fresh Preact drawing shows', async () => {
    const states = await everyFlowState()
    const container = box()
    // Forwards, then backwards: every pair of neighbouring states is patched both ways.
    for (const [label, tree] of [...states, ...states.slice().reverse()]) {
      render(tree, container)
      expect(describeChildren(container), label).toBe(reference(tree))
    }
  })

  it('draws the reactivation banner in each of its states as Preact does', () => {
    const copy = flowConfig().reactivation
    if (!copy) throw new Error('the test config has a banner')
    const container = box()
    for (const terms of [TERMS, LATER])
      for (const inline of [false, true])
        for (const state of BANNER_STATES) {
          const tree = (
            <BannerView
              copy={copy}
              terms={terms}
              state={state}
              inline={inline}
              onReactivate={noop}
              onBack={noop}
              onDismiss={noop}
              onClose={noop}
            />
          )
          render(tree, container)
          expect(describeChildren(container), `${state.kind} ${inline}`).toBe(reference(tree))
        }
  })

  it('draws the "already scheduled to cancel" dialog in each of its states as Preact does', () => {
    const container = box()
    const copy = { headline: 'Ends', subheadline: '', cta_primary: 'Keep', cta_secondary: 'Close' }
    for (const terms of [LATER, null])
      for (const state of BANNER_STATES) {
        const tree = (
          <BannerView
            dialog
            copy={copy}
            terms={terms}
            state={state}
            onReactivate={noop}
            onBack={noop}
            onDismiss={noop}
            onClose={noop}
          />
        )
        render(tree, container)
        expect(describeChildren(container), `${state.kind} ${!!terms}`).toBe(reference(tree))
      }
  })
})

describe('patching in place', () => {
  it('keeps the same nodes, focus and caret when only text and attributes change', () => {
    const container = box()
    const draw = (label: string, value: string) =>
      render(
        <div className={label}>
          <p>{label}</p>
          <textarea value={value} onInput={noop} />
        </div>,
        container,
      )
    draw('one', 'hello')
    const textarea = container.querySelector('textarea') as HTMLTextAreaElement
    const paragraph = container.querySelector('p')
    textarea.focus()
    textarea.value = 'hello there'
    textarea.setSelectionRange(3, 3)
    draw('two', 'hello there')
    expect(container.querySelector('textarea')).toBe(textarea)
    expect(container.querySelector('p')).toBe(paragraph)
    expect(paragraph?.textContent).toBe('two')
    expect(container.firstElementChild?.getAttribute('class')).toBe('two')
    expect(document.activeElement).toBe(textarea)
    expect(textarea.selectionStart).toBe(3)
  })

  it('moves keyed nodes instead of recreating them, and drops the ones gone', () => {
    const container = box()
    const list = (keys: string[]) =>
      render(
        <ul>
          {keys.map((key) => (
            <li key={key}>{key}</li>
          ))}
        </ul>,
        container,
      )
    list(['a', 'b', 'c'])
    const [a, b, c] = container.querySelectorAll('li')
    list(['c', 'a'])
    const after = [...container.querySelectorAll('li')]
    expect(after.map((li) => li.textContent)).toEqual(['c', 'a'])
    expect(after[0]).toBe(c)
    expect(after[1]).toBe(a)
    expect(b?.isConnected).toBe(false)
  })

  it('keeps a focused node that stays in place while an earlier sibling goes', () => {
    const container = box()
    const buttons = (keys: string[]) =>
      render(
        <div>
          {keys.map((key) => (
            <button type="button" key={key}>
              {key}
            </button>
          ))}
        </div>,
        container,
      )
    buttons(['retry', 'next', 'back'])
    const next = container.querySelectorAll('button')[1] as HTMLButtonElement
    next.focus()
    buttons(['next', 'back'])
    expect(document.activeElement).toBe(next)
  })

  it('swaps, adds and removes event handlers', () => {
    const container = box()
    const first = vi.fn()
    const second = vi.fn()
    const draw = (onClick?: () => void) =>
      render(
        <button type="button" onClick={onClick}>
          go
        </button>,
        container,
      )
    draw(first)
    const button = container.querySelector('button') as HTMLButtonElement
    button.click()
    draw(second)
    button.click()
    draw(undefined)
    button.click()
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('removes attributes set to false, null or undefined; true sets them empty', () => {
    const container = box()
    render(<input title="t" disabled data-x="1" />, container)
    const input = container.querySelector('input') as HTMLInputElement
    expect(input.getAttribute('disabled')).toBe('')
    render(<input title={undefined} disabled={false} data-x={null as never} />, container)
    expect(input.getAttributeNames()).toEqual([])
  })

  it('sets checked and selected as live state', () => {
    const container = box()
    const draw = (picked: number) =>
      render(
        <div>
          {[0, 1].map((n) => (
            <input key={n} type="radio" name="r" checked={n === picked} onChange={noop} />
          ))}
          <select>
            {[0, 1, 2].map((n) => (
              <option key={n} selected={n === picked}>
                {`option ${n}`}
              </option>
            ))}
          </select>
        </div>,
        container,
      )
    draw(1)
    const radios = container.querySelectorAll('input')
    const select = container.querySelector('select') as HTMLSelectElement
    expect([radios[0]?.checked, radios[1]?.checked]).toEqual([false, true])
    expect(select.selectedIndex).toBe(1)
    draw(0)
    expect([radios[0]?.checked, radios[1]?.checked]).toEqual([true, false])
    expect(select.selectedIndex).toBe(0)
  })

  it('writes text as text: markup in a string never becomes elements', () => {
    const container = box()
    render(<p>{'<img src=x onerror="alert(1)">'}</p>, container)
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('<img src=x onerror="alert(1)">')
  })

  it('empties on render(null) and draws again afterwards; fragments, arrays and holes flatten', () => {
    const container = box()
    render(
      <>
        {null}
        {false}
        {['a', 1]}
        {createElement(Fragment, null, <b>c</b>)}
      </>,
      container,
    )
    expect(container.innerHTML).toBe('a1<b>c</b>')
    render(null, container)
    expect(container.innerHTML).toBe('')
    render(createElement('i', { key: 'k', title: 't' }, 'x', 'y'), container)
    expect(container.innerHTML).toBe('<i title="t">xy</i>')
  })
})

describe('what the components may ask of the renderer', () => {
  /** Every .tsx file of the widget but tests: what the renderer draws in the bundle and the preview. */
  function componentSources(dir = join(__dirname, '..')): [string, string][] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return componentSources(path)
      return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')
        ? [[path, readFileSync(path, 'utf8')]]
        : []
    })
  }

  it('uses no prop the renderer leaves out (style objects, inner HTML, refs) and no hook', () => {
    const sources = componentSources()
    expect(sources.length).toBeGreaterThan(5)
    for (const [path, source] of sources) {
      expect(source, path).not.toMatch(/\bstyle=\{|dangerouslySetInnerHTML|\bref=\{|\buse[A-Z]\w*\(/)
    }
  })
})
