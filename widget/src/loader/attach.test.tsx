import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeBundle, resetGlobal, settle, setupLoader } from './loader-harness'

const TOKEN = 'tok'

beforeEach(() => {
  resetGlobal()
  document.body.innerHTML = ''
})

afterEach(() => {
  ;(window as unknown as { Retainkit?: { destroy(): void } }).Retainkit?.destroy()
  resetGlobal()
  vi.restoreAllMocks()
})

const click = (element: Element, init: MouseEventInit = {}) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init })
  element.dispatchEvent(event)
  return event
}

/** A loader with a served bundle whose flows end with `outcome`. */
async function attached(selector: string | (() => Element), outcome: 'fallback' | 'stayed' = 'stayed') {
  const loader = await setupLoader()
  loader.api.init({ accountId: 'acct_1' })
  const fake = fakeBundle(async (request) => {
    request.onVisible()
    return { outcome }
  })
  loader.api.attach(typeof selector === 'string' ? selector : selector(), { token: TOKEN })
  return { loader, ...fake }
}

describe('attach', () => {
  it('intercepts a cancel button that an SPA mounts after attach (event delegation)', async () => {
    const { loader, bundle, requests } = await attached('[data-cancel]')
    const own = vi.fn()
    // Mounted later, e.g. by a client-side route change.
    document.body.innerHTML = '<main><button data-cancel><span>Cancel plan</span></button></main>'
    const button = document.querySelector('[data-cancel]') as HTMLButtonElement
    button.addEventListener('click', own)
    const event = click(button.querySelector('span') as Element)
    expect(event.defaultPrevented).toBe(true)
    expect(own).not.toHaveBeenCalled()
    loader.serve(bundle)
    await settle()
    expect(requests[0]?.trigger).toBe(button)
    expect(bundle.showCancelFlow).toHaveBeenCalledTimes(1)

    // Unmounted and mounted again: still intercepted, nothing to re-attach.
    document.body.innerHTML = '<button data-cancel>Cancel plan</button>'
    click(document.querySelector('[data-cancel]') as Element)
    await settle()
    expect(bundle.showCancelFlow).toHaveBeenCalledTimes(2)
  })

  it('re-dispatches the original click once when the flow falls back', async () => {
    document.body.innerHTML = '<button id="cancel">Cancel</button>'
    const button = document.getElementById('cancel') as HTMLButtonElement
    const own = vi.fn()
    button.addEventListener('click', own)
    const { loader, bundle } = await attached(() => button, 'fallback')
    click(button)
    loader.serve(bundle)
    await settle()
    expect(own).toHaveBeenCalledTimes(1)
    expect(bundle.showCancelFlow).toHaveBeenCalledTimes(1)
  })

  it('leaves the page alone when the subscriber stays', async () => {
    document.body.innerHTML = '<button id="cancel">Cancel</button>'
    const own = vi.fn()
    document.getElementById('cancel')?.addEventListener('click', own)
    const { loader, bundle } = await attached('#cancel', 'stayed')
    click(document.getElementById('cancel') as Element)
    loader.serve(bundle)
    await settle()
    expect(own).not.toHaveBeenCalled()
  })

  it('submits an attached form through its own handlers on fallback', async () => {
    document.body.innerHTML = '<form id="cancel-form"><input name="why"><button>Cancel</button></form>'
    const form = document.getElementById('cancel-form') as HTMLFormElement
    const submitted = vi.fn((event: Event) => event.preventDefault())
    form.addEventListener('submit', submitted)
    const { loader, bundle } = await attached('#cancel-form', 'fallback')
    // Typing in the form's field is not a cancel.
    click(form.querySelector('input') as Element)
    expect(bundle.showCancelFlow).not.toHaveBeenCalled()
    const event = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(submitted).not.toHaveBeenCalled()
    loader.serve(bundle)
    await settle()
    expect(bundle.showCancelFlow).toHaveBeenCalledTimes(1)
    expect(submitted).toHaveBeenCalledTimes(1)
  })

  it('opens on Enter or Space for an element with role="button"', async () => {
    document.body.innerHTML = '<div role="button" tabindex="0" id="cancel">Cancel</div>'
    const { loader, bundle } = await attached('#cancel')
    const key = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    document.getElementById('cancel')?.dispatchEvent(key)
    expect(key.defaultPrevented).toBe(true)
    loader.serve(bundle)
    await settle()
    expect(bundle.showCancelFlow).toHaveBeenCalledTimes(1)
  })

  it('lets modified clicks (new tab, new window) through untouched', async () => {
    document.body.innerHTML = '<button id="cancel">Cancel</button>'
    const { bundle } = await attached('#cancel')
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      expect(click(document.getElementById('cancel') as Element, init).defaultPrevented).toBe(false)
    }
    expect(bundle.showCancelFlow).not.toHaveBeenCalled()
  })

  it('prefetches the bundle when the pointer or focus reaches an attached element', async () => {
    document.body.innerHTML = '<a id="cancel" href="/cancel">Cancel</a><a id="other" href="/">Home</a>'
    const { loader } = await attached('#cancel')
    document.getElementById('other')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
    expect(loader.scripts).toHaveLength(0)
    document.getElementById('cancel')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
    expect(loader.scripts).toHaveLength(1)
    document.getElementById('cancel')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    expect(loader.scripts).toHaveLength(1)
  })

  it('one flow at a time: a double click opens one flow', async () => {
    document.body.innerHTML = '<button id="cancel">Cancel</button>'
    const { loader } = await attached('#cancel')
    const never = fakeBundle(() => new Promise(() => {}))
    click(document.getElementById('cancel') as Element)
    click(document.getElementById('cancel') as Element)
    loader.serve(never.bundle)
    await settle()
    expect(never.bundle.showCancelFlow).toHaveBeenCalledTimes(1)
  })

  it('destroy() stops intercepting and closes what the bundle shows', async () => {
    document.body.innerHTML = '<button id="cancel">Cancel</button>'
    const { loader, bundle } = await attached('#cancel')
    const shown = loader.api.showReactivation({ token: TOKEN })
    loader.serve(bundle)
    await shown
    await loader.api.destroy()
    expect(bundle.destroy).toHaveBeenCalledTimes(1)
    expect(click(document.getElementById('cancel') as Element).defaultPrevented).toBe(false)
  })
})
