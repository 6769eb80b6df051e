import { render } from 'preact'
import { useState } from 'preact/hooks'
import { render as reactDomRender } from 'react-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SafeLink, safeHref } from './safe-link'

/**
 * What the widget's own renderer got wrong, drawn now by Preact: each test failed with the home-made
 * renderer (ui/vdom.ts, removed) and passes because Preact does it.
 */

afterEach(() => {
  document.body.innerHTML = ''
})

const box = () => document.body.appendChild(document.createElement('div'))

describe('Preact draws what the React API means', () => {
  it('htmlFor becomes the for attribute, and the label names its field', () => {
    const container = box()
    render(
      <>
        <label htmlFor="rk-field">Name</label>
        <input id="rk-field" />
      </>,
      container,
    )
    const label = container.querySelector('label') as HTMLLabelElement
    expect(label.getAttribute('for')).toBe('rk-field')
    expect(label.hasAttribute('htmlfor')).toBe(false)
    expect(label.htmlFor).toBe('rk-field')
  })

  it('a style object sets the declarations, and a redraw updates and removes them', () => {
    const container = box()
    render(<p style={{ color: 'red', marginTop: 4, opacity: 0.5 }}>text</p>, container)
    const p = container.querySelector('p') as HTMLParagraphElement
    expect(p.getAttribute('style')).not.toContain('[object Object]')
    expect(p.style.color).toBe('red')
    expect(p.style.marginTop).toBe('4px')
    expect(p.style.opacity).toBe('0.5')
    render(<p style={{ color: 'blue' }}>text</p>, container)
    expect(p.style.color).toBe('blue')
    expect(p.style.marginTop).toBe('')
  })

  it('SVG is created in the SVG namespace, its className as the class attribute', () => {
    const container = box()
    render(
      <svg viewBox="0 0 10 10" className="icon" aria-hidden="true">
        <path d="M0 0L10 10" />
      </svg>,
      container,
    )
    const svg = container.querySelector('svg') as SVGSVGElement
    const path = container.querySelector('path') as SVGPathElement
    expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg')
    expect(path.namespaceURI).toBe('http://www.w3.org/2000/svg')
    expect(svg.getAttribute('class')).toBe('icon')
    expect(svg.getAttribute('viewBox')).toBe('0 0 10 10')
  })

  it('onDoubleClick fires on a double click (react-dom, that is preact/compat)', () => {
    const container = box()
    const onDoubleClick = vi.fn()
    reactDomRender(
      // Preact's JSX types name it onDblClick; React code says onDoubleClick, which compat maps.
      <button type="button" {...({ onDoubleClick } as object)}>
        twice
      </button>,
      container,
    )
    container.querySelector('button')?.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }))
    expect(onDoubleClick).toHaveBeenCalledTimes(1)
  })

  it('inputs are controlled: the field shows the state, whatever was typed', async () => {
    const container = box()
    function Upper() {
      const [value, setValue] = useState('')
      return (
        <input
          value={value}
          onInput={(event) => setValue((event.currentTarget as HTMLInputElement).value.toUpperCase())}
        />
      )
    }
    render(<Upper />, container)
    const input = container.querySelector('input') as HTMLInputElement
    input.value = 'abc'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await vi.waitFor(() => expect(input.value).toBe('ABC'))
    // A redraw with a value the field does not show puts the state's value back.
    render(<input value="fixed" onInput={() => {}} />, box())
    const fixed = document.querySelectorAll('input')[1] as HTMLInputElement
    fixed.value = 'typed'
    render(<input value="fixed" onInput={() => {}} />, fixed.parentElement as HTMLElement)
    expect(fixed.value).toBe('fixed')
  })

  it('hooks work in widget components', async () => {
    const container = box()
    function Counter() {
      const [count, setCount] = useState(0)
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          {`clicked ${count}`}
        </button>
      )
    }
    render(<Counter />, container)
    container.querySelector('button')?.click()
    await vi.waitFor(() => expect(container.textContent).toBe('clicked 1'))
  })
})

describe('links never run script', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
  ])('drops %j', (href) => {
    expect(safeHref(href)).toBeUndefined()
    const container = box()
    render(<SafeLink href={href}>help</SafeLink>, container)
    const link = container.querySelector('a') as HTMLAnchorElement
    expect(link.hasAttribute('href')).toBe(false)
    expect(container.innerHTML).not.toMatch(/script:|data:/i)
  })

  it.each([
    'https://example.com/help',
    'http://example.com',
    'mailto:help@example.com',
    '/account/cancel',
    '?step=2',
    '#faq',
    'help.html',
  ])('keeps %j', (href) => {
    const container = box()
    render(<SafeLink href={href}>help</SafeLink>, container)
    const link = container.querySelector('a') as HTMLAnchorElement
    expect(link.getAttribute('href')).toBe(href)
    expect(link.rel).toBe('noopener noreferrer')
  })
})
