import { act, StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CancelButton, RetainkitProvider, useRetainkit } from '../src/index'

/**
 * The provider and the button over @retainkit/js (its built dist), with the page's `Retainkit` global
 * standing in for the loader: what each component asks Retainkit to do, under StrictMode.
 */
type Call = [string, ...unknown[]]

function Orphan() {
  useRetainkit()
  return null
}
let calls: Call[]
let answer: (command: string) => unknown
let container: HTMLElement
let root: Root

beforeEach(() => {
  calls = []
  answer = () => undefined
  // A snippet on the page: @retainkit/js uses the global it finds instead of installing another.
  ;(window as unknown as { Retainkit: unknown }).Retainkit = (command: string, ...args: unknown[]) => {
    calls.push([command, ...args])
    return Promise.resolve(answer(command))
  }
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})
afterEach(async () => {
  await act(async () => root.unmount())
  container.remove()
  delete (window as unknown as { Retainkit?: unknown }).Retainkit
  vi.useRealTimers()
})

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 5)))

describe('<RetainkitProvider> under StrictMode', () => {
  it('initialises once despite the double effects, and tears down once when unmounted', async () => {
    await act(async () =>
      root.render(
        <StrictMode>
          <RetainkitProvider accountId="acct_1" mode="test" serverUrl="https://retain.example.com/">
            <p>app</p>
          </RetainkitProvider>
        </StrictMode>,
      ),
    )
    await settle()
    expect(calls).toEqual([
      ['init', { accountId: 'acct_1', mode: 'test', apiBase: 'https://retain.example.com' }],
    ])
    await act(async () => root.unmount())
    await settle()
    expect(calls.map(([command]) => command)).toEqual(['init', 'destroy'])
    root = createRoot(container)
  })

  it('switches account: the old one is closed before the new one starts', async () => {
    const app = (accountId: string) => (
      <RetainkitProvider accountId={accountId} serverUrl="https://retain.example.com">
        <p>app</p>
      </RetainkitProvider>
    )
    await act(async () => root.render(app('acct_a')))
    await act(async () => root.render(app('acct_b')))
    await settle()
    expect(
      calls.map(([command, options]) => `${command} ${(options as { accountId?: string })?.accountId ?? ''}`),
    ).toEqual(['init acct_a', 'destroy ', 'init acct_b'])
  })

  it('useRetainkit() outside a provider says what is missing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => act(() => root.render(<Orphan />))).toThrow(
      'useRetainkit() needs a <RetainkitProvider> above it',
    )
    error.mockRestore()
  })
})

describe('<CancelButton>', () => {
  const render = async (button: React.ReactNode) => {
    await act(async () =>
      root.render(
        <StrictMode>
          <RetainkitProvider accountId="acct_1" serverUrl="https://retain.example.com">
            {button}
          </RetainkitProvider>
        </StrictMode>,
      ),
    )
  }

  it('opens the flow with the token and handlers on click, and reports the result', async () => {
    answer = (command) => (command === 'showCancelFlow' ? { outcome: 'saved', offer: 'discount' } : undefined)
    const onSave = vi.fn()
    const onResult = vi.fn()
    await render(
      <CancelButton
        token="tok_1"
        onSave={onSave}
        onResult={onResult}
        className="danger"
        aria-label="Cancel plan"
      >
        Cancel subscription
      </CancelButton>,
    )
    const button = container.querySelector('button') as HTMLButtonElement
    expect(button.outerHTML).toBe(
      '<button type="button" class="danger" aria-label="Cancel plan">Cancel subscription</button>',
    )
    await act(async () => button.click())
    await settle()
    const show = calls.filter(([command]) => command === 'showCancelFlow')
    expect(show).toEqual([['showCancelFlow', { token: 'tok_1', onSave }]])
    expect(onResult).toHaveBeenCalledWith({ outcome: 'saved', offer: 'discount' })
  })

  it("fails open: when the flow cannot open, onFallback runs (the merchant's own cancel)", async () => {
    answer = (command) => (command === 'showCancelFlow' ? { outcome: 'fallback' } : undefined)
    const onFallback = vi.fn()
    await render(
      <CancelButton getToken={async () => 'tok'} onFallback={onFallback}>
        Cancel
      </CancelButton>,
    )
    await act(async () => (container.querySelector('button') as HTMLButtonElement).click())
    await settle()
    expect(onFallback).toHaveBeenCalledTimes(1)
  })

  it('with href renders a link, and a modified click keeps its meaning (new tab)', async () => {
    await render(
      <CancelButton token="tok" href="/account/cancel">
        Cancel
      </CancelButton>,
    )
    const link = container.querySelector('a') as HTMLAnchorElement
    expect(link.getAttribute('href')).toBe('/account/cancel')
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true })
    await act(async () => link.dispatchEvent(event))
    expect(calls.some(([command]) => command === 'showCancelFlow')).toBe(false)
  })
})
