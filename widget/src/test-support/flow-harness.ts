import { fireEvent, within } from '@testing-library/dom'
import { expect, vi } from 'vitest'
import { clearConfigCache } from '../api/client'
import { createWidgetBundle } from '../bundle/widget-bundle'
import type { Host, WidgetContext } from '../host/types'
import type { CancelFlowOptions, SessionResult } from '../types'
import { ACCOUNT_ID, API_BASE, fakeApi, TOKEN } from './fake-api'

/** Opens the real cancel flow (bundle → session → machine → renderer) against a fake API, in happy-dom. */

export const testHost = (): Host => ({ window: window as Host['window'], document, script: null })

export const CONTEXT: WidgetContext = { accountId: ACCOUNT_ID, mode: 'live', apiBase: API_BASE }

export type Api = ReturnType<typeof fakeApi>

const open = new Set<{ destroy(): void }>()

/** afterEach: closes every flow a test left open, so its listeners (pagehide) cannot leak into the next. */
export function closeFlows() {
  for (const bundle of open) bundle.destroy()
  open.clear()
}

/** A bundle that closeFlows() tears down after the test. */
export function trackedBundle(host: Host) {
  const bundle = createWidgetBundle(host)
  open.add(bundle)
  return bundle
}

export async function openFlow(api: Api = fakeApi(), options: Partial<CancelFlowOptions> = {}) {
  const host = testHost()
  clearConfigCache(host)
  window.fetch = api.fetch as unknown as typeof fetch
  const bundle = trackedBundle(host)
  const trigger = document.createElement('button')
  trigger.textContent = 'Cancel my plan'
  document.body.append(trigger)
  trigger.focus()
  const onVisible = vi.fn()
  let settled: SessionResult | undefined
  const result = bundle
    .showCancelFlow(CONTEXT, { token: TOKEN, ...options } as CancelFlowOptions, {
      trigger,
      onVisible,
      signal: new AbortController().signal,
    })
    .then((value) => {
      settled = value
      return value
    })
  await vi.waitFor(() => expect(onVisible).toHaveBeenCalledTimes(1))
  // The session starts once the first screen is painted: the tests go on from when it has been asked,
  // unless it waits on a getToken the test answers itself (then the test waits for what follows).
  if (!options.getToken) await vi.waitFor(() => expect(api.callsTo('sessions').length).toBeGreaterThan(0))
  const element = document.querySelector('[data-retainkit="cancel-flow"]') as HTMLElement
  const root = element.shadowRoot as ShadowRoot
  const ui = within(root as unknown as HTMLElement)
  return {
    api,
    bundle,
    trigger,
    element,
    root,
    ui,
    result,
    /** The result if the flow has ended, without waiting. */
    settled: () => settled,
    /** Clicks the only button with this name (`nth` picks one when several share it, like the two Close). */
    click: (name: string | RegExp, nth?: number) => {
      const found = ui.queryAllByRole('button', { name })
      if (nth === undefined && found.length !== 1) throw new Error(`${found.length} buttons named ${name}`)
      const button = found.at(nth ?? 0)
      if (!button) throw new Error(`no button ${nth} named ${name}`)
      fireEvent.click(button)
    },
    choose: (label: string | RegExp) => fireEvent.click(ui.getByLabelText(label)),
    heading: () => ui.getByRole('heading', { level: 2 }).textContent,
    buttons: () =>
      ui.queryAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent),
  }
}

/** A native change event, as a browser sends when an option is picked. */
export function change(element: HTMLElement, value: string) {
  ;(element as HTMLSelectElement).value = value
  element.dispatchEvent(new Event('change', { bubbles: true }))
}

/** Types into the feedback box. */
export function type(element: HTMLElement, text: string) {
  ;(element as HTMLTextAreaElement).value = text
  element.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * Escape as Chromium handles it in a modal <dialog>: the keydown (which the dialog keeps from the page),
 * then the close request the browser turns it into, a cancelable `cancel` event on the dialog (happy-dom
 * does not make that step itself). Answers whether the page saw the keydown.
 */
export function pressEscape(target: Element): boolean {
  let pageSaw = false
  const listener = (event: Event) => {
    pageSaw ||= (event as KeyboardEvent).key === 'Escape'
  }
  document.addEventListener('keydown', listener)
  fireEvent.keyDown(target, { key: 'Escape' })
  document.removeEventListener('keydown', listener)
  target.closest('dialog')?.dispatchEvent(new Event('cancel', { cancelable: true }))
  return pageSaw
}

export async function flushPromises() {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}
