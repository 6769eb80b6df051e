import { CALL_FAILED_MESSAGE, CONFIRM_COPY, type FlowPlan, planFlow } from '@retainkit/shared/flow'
import { EN_UI_STRINGS } from '@retainkit/shared/ui-strings'
import { OFFER_TYPES } from '@retainkit/shared/vocabulary'
import { WIDGET_FAIL_OPEN_MS } from '@retainkit/shared/widget-api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearConfigCache } from '../api/client'
import { EVENT_FLUSH_DELAY_MS } from '../api/event-queue'
import { fakeApi, flowConfig, flowReasons, SESSION_ID, SUBSCRIBER, TOKEN } from '../test-support/fake-api'
import {
  CONTEXT,
  closeFlows,
  flushPromises,
  openFlow,
  pressEscape,
  testHost,
  trackedBundle,
} from '../test-support/flow-harness'

afterEach(() => {
  closeFlows()
  document.body.innerHTML = ''
  vi.restoreAllMocks()
  vi.useRealTimers()
})

/** Reason "too expensive" → feedback → the discount offer. */
function toDiscount(flow: Awaited<ReturnType<typeof openFlow>>) {
  flow.choose("It's too expensive")
  flow.click('Continue')
  flow.click('Continue')
}

describe('errors', () => {
  it("shows the words for the error's code, never the server's own message, with a Retry that repeats the call", async () => {
    const api = fakeApi({
      fail: {
        accept: {
          status: 502,
          code: 'EXTERNAL_SERVICE_ERROR',
          message: 'The payment service is unavailable.',
        },
      },
    })
    const flow = await openFlow(api)
    toDiscount(flow)
    flow.click('Accept 20% off')
    await vi.waitFor(() =>
      expect(flow.ui.getByRole('alert').textContent).toContain(EN_UI_STRINGS.error_external_service_error),
    )
    expect(flow.ui.getByRole('alert').textContent).not.toContain('The payment service is unavailable.')
    // Still on the offer, and still able to decline or cancel.
    expect(flow.heading()).toBe('How about 20% off?')
    expect(flow.buttons()).toEqual(
      expect.arrayContaining(['Try again', 'No thanks, cancel', 'Cancel subscription']),
    )

    api.state.fail = {}
    flow.click('Try again')
    await vi.waitFor(() => expect(flow.heading()).toBe('Your discount is on'))
    expect(api.callsTo('accept')).toHaveLength(2)
  })

  it('a network failure reads as the generic message, never a browser error', async () => {
    const flow = await openFlow(fakeApi({ fail: { cancel: { status: 0 } } }))
    flow.choose('Something else')
    flow.click('Continue')
    flow.click('Cancel subscription')
    flow.click('Confirm cancellation')
    await vi.waitFor(() => expect(flow.ui.getByRole('alert').textContent).toContain(CALL_FAILED_MESSAGE))
    expect(flow.ui.getByRole('alert').textContent).not.toContain('Failed to fetch')
  })
})

describe('redirect offers', () => {
  it('navigate to the URL the server built, resolving the session as saved', async () => {
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location)
    const redirectUrl = 'https://shop.test/pause?c=cus_123'
    const config = flowConfig((c) => {
      c.pause = { enabled: true, redirect_template: 'https://shop.test/pause?c={customer_id}' }
    })
    const api = fakeApi({ config, accept: { status: 'redirect', mechanism: 'pause', redirectUrl } })
    const flow = await openFlow(api)
    flow.choose('I need a break')
    flow.click('Continue')
    flow.click('Continue')
    expect(flow.ui.queryByRole('combobox')).toBeNull()
    flow.click('Pause my subscription')
    await expect(flow.result).resolves.toEqual({
      outcome: 'saved',
      offer: 'pause',
      response: { status: 'redirect', mechanism: 'pause', redirectUrl },
    })
    expect(assign).toHaveBeenCalledWith(redirectUrl)
    expect(flow.element.isConnected).toBe(false)
  })

  /** A reason leading to "Talk to us", answered by the support address. */
  const talkToUs = () => ({
    config: flowConfig((c) => {
      c.talk_to_us = { enabled: true, email: 'help@shop.test' }
    }),
    reasons: [
      ...flowReasons(),
      {
        key: 'help',
        label: 'I need help',
        feedback: 'other' as const,
        offer: 'talk_to_us' as const,
        enabled: true,
      },
    ],
    start: {
      fallback: false as const,
      sessionId: SESSION_ID,
      subscriber: SUBSCRIBER,
      eligibleOffers: ['talk_to_us' as const],
    },
  })

  it('"Talk to us" opening a mail is a contact: no onSave, the session resolves as contacted', async () => {
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location)
    const redirectUrl = 'mailto:help@shop.test'
    const api = fakeApi({
      ...talkToUs(),
      accept: { status: 'redirect', mechanism: 'talk_to_us', redirectUrl },
    })
    const onSave = vi.fn()
    const flow = await openFlow(api, { onSave })
    flow.choose('I need help')
    flow.click('Continue')
    flow.click('Continue')
    flow.click('Talk to us')
    await expect(flow.result).resolves.toEqual({
      outcome: 'contacted',
      offer: 'talk_to_us',
      response: { status: 'redirect', mechanism: 'talk_to_us', redirectUrl },
    })
    expect(assign).toHaveBeenCalledWith(redirectUrl)
    expect(onSave).not.toHaveBeenCalled()
  })

  it('"Talk to us" carried out by the merchant\'s handleOffer is the save that handler reports', async () => {
    const api = fakeApi({ ...talkToUs(), accept: { status: 'recorded', mechanism: 'talk_to_us' } })
    const onSave = vi.fn()
    const handleOffer = vi.fn()
    const flow = await openFlow(api, { onSave, handleOffer })
    flow.choose('I need help')
    flow.click('Continue')
    flow.click('Continue')
    flow.click('Talk to us')
    await vi.waitFor(() => expect(flow.heading()).toBe('Thanks for reaching out'))
    expect(handleOffer).toHaveBeenCalledTimes(1)
    expect(onSave).toHaveBeenCalledWith({
      outcome: 'saved',
      offer: 'talk_to_us',
      response: { status: 'recorded', mechanism: 'talk_to_us' },
    })
  })

  it('never follow a non-http URL', async () => {
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location)
    const api = fakeApi({
      accept: { status: 'redirect', mechanism: 'discount', redirectUrl: 'javascript:alert(1)' },
    })
    const flow = await openFlow(api)
    toDiscount(flow)
    flow.click('Accept 20% off')
    await vi.waitFor(() => expect(flow.heading()).toBe('Your discount is on'))
    expect(assign).not.toHaveBeenCalled()
  })
})

describe('closing', () => {
  it('the × closes as closed, records flow_abandoned, and gives focus back to the trigger', async () => {
    const onClose = vi.fn()
    const flow = await openFlow(fakeApi(), { onClose })
    flow.click('Close')
    await expect(flow.result).resolves.toEqual({ outcome: 'closed' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(document.activeElement).toBe(flow.trigger)
    await flushPromises()
    expect(flow.api.events().map((e) => e.step)).toEqual(['flow_abandoned'])
  })

  it('Escape closes too, and the page behind never sees that Escape', async () => {
    const flow = await openFlow()
    const dialog = flow.ui.getByRole('dialog')
    expect(pressEscape(dialog)).toBe(false)
    await expect(flow.result).resolves.toEqual({ outcome: 'closed' })
  })

  it("turns the browser's close request into the flow's own close: the dialog does not vanish by itself", async () => {
    const flow = await openFlow()
    const request = new Event('cancel', { cancelable: true })
    flow.ui.getByRole('dialog').dispatchEvent(request)
    expect(request.defaultPrevented).toBe(true)
    await expect(flow.result).resolves.toEqual({ outcome: 'closed' })
    expect(document.querySelector('[data-retainkit]')).toBeNull()
  })
})

describe('the session', () => {
  it('starts with the token, says which billing actions the merchant handles and which languages are asked for', async () => {
    const flow = await openFlow(fakeApi(), { handleOffer: () => {}, locale: 'fr-CA' })
    const [start] = flow.api.callsTo('sessions')
    expect(start?.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect(start?.body).toEqual({
      merchantHandlesOffers: true,
      merchantHandlesCancel: false,
      // The page's option, then the browser's: the session's words are picked from them (after the
      // token's claim) as the widget picks its own.
      locale: 'fr-CA',
      languages: [...navigator.languages],
    })
    expect(flow.heading()).toBe('Avant de partir…')
    expect(flow.api.calls.every((call) => !('cookie' in call.headers))).toBe(true)
  })

  it("runs the merchant's handleOffer, then records the save as handled by the merchant", async () => {
    const handleOffer = vi.fn(async () => {})
    const flow = await openFlow(fakeApi(), { handleOffer })
    flow.choose("I'm not using it enough")
    flow.click('Continue')
    flow.click('Continue')
    flow.click('Pause my subscription')
    await vi.waitFor(() => expect(flow.heading()).toBe('Your subscription is paused'))
    expect(handleOffer).toHaveBeenCalledWith({
      offer: 'pause',
      choice: { months: 1 },
      reasonKey: 'not_using_enough',
      sessionId: SESSION_ID,
      subscriber: SUBSCRIBER,
    })
    expect(flow.api.callsTo('accept')[0]?.body).toMatchObject({ offer: 'pause', handledByMerchant: true })
  })

  it("a failing handleCancel shows the generic message (the merchant's error goes to the console)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const handleCancel = vi.fn(() => {
      throw new Error('sk_live_123 exploded')
    })
    const flow = await openFlow(fakeApi(), { handleCancel })
    flow.choose('Something else')
    flow.click('Continue')
    flow.click('Cancel subscription')
    flow.click('Confirm cancellation')
    await vi.waitFor(() => expect(flow.ui.getByRole('alert').textContent).toContain(CALL_FAILED_MESSAGE))
    expect(flow.root.textContent).not.toContain('sk_live')
    expect(warn).toHaveBeenCalled()
    expect(flow.api.callsTo('cancel')).toHaveLength(0)
  })

  it('hands over to the merchant when the server cannot cancel (409): the flow resolves fallback', async () => {
    const flow = await openFlow(fakeApi({ fail: { cancel: { status: 409, message: 'Hand over.' } } }))
    flow.choose('Something else')
    flow.click('Continue')
    flow.click('Cancel subscription')
    flow.click('Confirm cancellation')
    await expect(flow.result).resolves.toEqual({ outcome: 'fallback' })
    expect(flow.element.isConnected).toBe(false)
  })

  it('steps aside when the server says so (fallback: true): the dialog goes and the result is fallback', async () => {
    const host = testHost()
    clearConfigCache(host)
    window.fetch = fakeApi({ start: { fallback: true, reason: 'session_limit' } })
      .fetch as unknown as typeof fetch
    const onClose = vi.fn()
    const result = await trackedBundle(host).showCancelFlow(
      CONTEXT,
      { token: TOKEN, onClose },
      {
        trigger: null,
        onVisible: () => {},
        signal: new AbortController().signal,
      },
    )
    expect(result).toEqual({ outcome: 'fallback' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(document.querySelector('[data-retainkit]')).toBeNull()
  })

  it("never flashes the dialog on a free account's session limit: free flows wait for the session", async () => {
    const host = testHost()
    clearConfigCache(host)
    let releaseStart = () => {}
    const gate = new Promise<void>((resolve) => {
      releaseStart = resolve
    })
    window.fetch = fakeApi({
      tier: 'free',
      start: { fallback: true, reason: 'session_limit' },
      gate: { sessions: gate },
    }).fetch as unknown as typeof fetch
    const onVisible = vi.fn()
    const result = trackedBundle(host).showCancelFlow(
      CONTEXT,
      { token: TOKEN },
      { trigger: null, onVisible, signal: new AbortController().signal },
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(document.querySelector('[data-retainkit]')).toBeNull()
    expect(onVisible).not.toHaveBeenCalled()
    releaseStart()
    await expect(result).resolves.toEqual({ outcome: 'fallback' })
    expect(onVisible).not.toHaveBeenCalled()
  })

  it('rejects when the config cannot be loaded (the loader then fails open), and retries it next time', async () => {
    const host = testHost()
    clearConfigCache(host)
    const api = fakeApi({ fail: { config: { status: 503 } } })
    window.fetch = api.fetch as unknown as typeof fetch
    const bundle = trackedBundle(host)
    const request = () => ({ trigger: null, onVisible: vi.fn(), signal: new AbortController().signal })
    await expect(bundle.showCancelFlow(CONTEXT, { token: TOKEN }, request())).rejects.toThrow()
    api.state.fail = {}
    const second = request()
    bundle.showCancelFlow(CONTEXT, { token: TOKEN }, second)
    await vi.waitFor(() => expect(second.onVisible).toHaveBeenCalled())
    expect(api.callsTo('config')).toHaveLength(2)
  })

  it('shows nothing once the loader has given up (aborted)', async () => {
    const host = testHost()
    clearConfigCache(host)
    window.fetch = fakeApi().fetch as unknown as typeof fetch
    const controller = new AbortController()
    const onVisible = vi.fn()
    const shown = trackedBundle(host).showCancelFlow(
      CONTEXT,
      { token: TOKEN },
      {
        trigger: null,
        onVisible,
        signal: controller.signal,
      },
    )
    controller.abort()
    await expect(shown).rejects.toThrow('aborted')
    expect(onVisible).not.toHaveBeenCalled()
    expect(document.querySelector('[data-retainkit]')).toBeNull()
  })

  it('asks getToken again once after a 401 and retries with the new token', async () => {
    const api = fakeApi()
    let calls = 0
    const original = api.fetch.getMockImplementation()
    api.fetch.mockImplementation(async (url, init = {}) => {
      if (
        new URL(String(url)).pathname.endsWith('/sessions') &&
        (init.headers as Record<string, string>).authorization === 'Bearer old'
      ) {
        return new Response(JSON.stringify({ error: { code: 'TOKEN_EXPIRED', message: 'Expired.' } }), {
          status: 401,
        })
      }
      return (original as typeof api.fetch)(url, init)
    })
    const getToken = vi.fn(async () => (calls++ === 0 ? 'old' : 'new'))
    const flow = await openFlow(api, { token: undefined, getToken })
    // The session (and so getToken) starts a frame after the first screen: wait for the call that carried
    // the new token (the fake records only that one: the 401 is answered above), then check nothing asked
    // for a third token.
    await vi.waitFor(() => expect(api.callsTo('sessions').length).toBe(1))
    expect(getToken).toHaveBeenCalledTimes(2)
    expect(flow.heading()).toBe('Before you go…')
  })
})

describe("the server's plan", () => {
  /** The published flow as the server plans it, with what this subscriber's plan changes. */
  function startWith(change: (plan: FlowPlan) => FlowPlan) {
    const plan = change(
      planFlow({ config: flowConfig(), reasons: flowReasons(), eligibleOffers: OFFER_TYPES }),
    )
    return fakeApi({
      start: {
        fallback: false,
        sessionId: SESSION_ID,
        subscriber: SUBSCRIBER,
        eligibleOffers: [...OFFER_TYPES],
        plan,
      },
    })
  }

  it("shows the offer the plan puts on a reason's path, and none where it puts none", async () => {
    const flow = await openFlow(
      startWith((plan) => ({
        ...plan,
        paths: {
          ...plan.paths,
          too_expensive: (plan.paths.too_expensive ?? []).filter((s) => s.kind !== 'offer'),
        },
      })),
    )
    toDiscount(flow)
    await vi.waitFor(() => expect(flow.heading()).toBe(CONFIRM_COPY.headline))
    expect(flow.api.events().filter((event) => event.step === 'offer_shown')).toEqual([])
  })

  it("lists only the options the plan gives (the server leaves out the subscriber's own plan)", async () => {
    const lite = { id: 'price_lite', name: 'Lite', price: '$5/month' }
    const flow = await openFlow(
      startWith((plan) => ({
        ...plan,
        options: { ...plan.options, plan_switch: [{ kind: 'plan', plan: lite }] },
      })),
    )
    flow.choose('My plan does not fit')
    flow.click('Continue')
    flow.click('Continue')
    await vi.waitFor(() => expect(flow.ui.getByRole('combobox')).toBeTruthy())
    const options = [...flow.ui.getByRole('combobox').querySelectorAll('option')].map((o) => o.textContent)
    expect(options).toEqual(['Lite – $5/month'])
  })
})

describe('events', () => {
  it('are batched: sent together after a short delay, stamped with the client time', async () => {
    const flow = await openFlow()
    vi.useFakeTimers()
    flow.choose("It's too expensive")
    flow.click('Continue')
    flow.click('Continue')
    expect(flow.api.callsTo('events')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(EVENT_FLUSH_DELAY_MS)
    expect(flow.api.callsTo('events')).toHaveLength(1)
    const events = flow.api.events()
    expect(events.map((e) => e.step)).toEqual(['reason_selected', 'offer_shown'])
    expect(events.every((e) => typeof (e as { at?: string }).at === 'string')).toBe(true)
  })

  it('are flushed with keepalive when the page is hidden', async () => {
    const flow = await openFlow()
    flow.choose("It's too expensive")
    flow.click('Continue')
    window.dispatchEvent(new Event('pagehide'))
    await flushPromises()
    const [batch] = flow.api.callsTo('events')
    expect(batch?.keepalive).toBe(true)
    expect(batch?.body).toMatchObject({ events: [{ step: 'reason_selected', reasonKey: 'too_expensive' }] })
  })
})

describe('rendering', () => {
  it('styles the shadow root with constructable sheets: the base sheet and the theme on :host', async () => {
    const config = flowConfig((c) => {
      c.theme = { primary_color: '#0f766e' }
    })
    const flow = await openFlow(fakeApi({ config }))
    const sheets = flow.root.adoptedStyleSheets
    expect(sheets).toHaveLength(2)
    const theme = Array.from(sheets[1]?.cssRules ?? [], (rule) => rule.cssText).join('')
    expect(theme).toContain('--rk-primary: #0f766e')
    expect(flow.root.querySelector('style')).toBeNull()
    expect(flow.element.shadowRoot).toBe(flow.root)
  })

  it('steps aside where constructable sheets are missing: the merchant cancels, no banner, no request', async () => {
    // Like a browser without them: remove the property where the document inherits it from.
    let owner: object | null = document
    while (owner && !Object.hasOwn(owner, 'adoptedStyleSheets')) owner = Object.getPrototypeOf(owner)
    const descriptor = owner && Object.getOwnPropertyDescriptor(owner, 'adoptedStyleSheets')
    if (owner) delete (owner as { adoptedStyleSheets?: unknown }).adoptedStyleSheets
    expect('adoptedStyleSheets' in document).toBe(false)
    try {
      const host = testHost()
      clearConfigCache(host)
      const api = fakeApi()
      window.fetch = api.fetch as unknown as typeof fetch
      const bundle = trackedBundle(host)
      const onVisible = vi.fn()
      const request = { trigger: null, onVisible, signal: new AbortController().signal }
      await expect(bundle.showCancelFlow(CONTEXT, { token: TOKEN }, request)).resolves.toEqual({
        outcome: 'fallback',
      })
      await expect(bundle.showReactivation(CONTEXT, { token: TOKEN })).resolves.toEqual({ shown: false })
      expect(onVisible).not.toHaveBeenCalled()
      expect(api.calls).toEqual([])
      expect(document.querySelector('[data-retainkit]')).toBeNull()
    } finally {
      if (owner && descriptor) Object.defineProperty(owner, 'adoptedStyleSheets', descriptor)
    }
  })
})

describe('showing the flow before the session has started', () => {
  function gated(options: Parameters<typeof fakeApi>[0] = {}) {
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    return { api: fakeApi({ ...options, gate: { sessions: gate } }), open }
  }

  it('shows the reason screen at once; what the subscriber does meanwhile carries over', async () => {
    const { api, open } = gated()
    const flow = await openFlow(api)
    expect(flow.heading()).toBe('Before you go…')
    flow.choose('I found an alternative')
    flow.click('Continue')
    // Held until the session exists.
    expect(flow.heading()).toBe('Before you go…')
    await open()
    await vi.waitFor(() => expect(flow.heading()).toBe('Which service are you switching to?'))
    flow.click('Continue')
    expect(flow.heading()).toBe('How about 20% off?')
    await flushPromises()
    window.dispatchEvent(new Event('pagehide'))
    await flushPromises()
    expect(flow.api.events().map((e) => [e.step, e.reasonKey])).toEqual([
      ['reason_selected', 'switched_competitor'],
      ['offer_shown', 'switched_competitor'],
    ])
  })

  it('closing meanwhile closes at once, and flow_abandoned is recorded once the session exists', async () => {
    const { api, open } = gated()
    const flow = await openFlow(api)
    flow.click('Close')
    expect(flow.element.isConnected).toBe(false)
    expect(flow.settled()).toBeUndefined()
    await open()
    await expect(flow.result).resolves.toEqual({ outcome: 'closed' })
    await flushPromises()
    expect(api.events().map((e) => e.step)).toEqual(['flow_abandoned'])
  })

  it('falls back when the session fails after the dialog is shown', async () => {
    const { api, open } = gated({ fail: { sessions: { status: 500 } } })
    const flow = await openFlow(api)
    flow.choose("It's too expensive")
    await open()
    await expect(flow.result).resolves.toEqual({ outcome: 'fallback' })
    expect(flow.element.isConnected).toBe(false)
  })

  it('a subscriber who chose to stay is not sent on to the cancel page when the session fails', async () => {
    const { api, open } = gated({ fail: { sessions: { status: 500 } } })
    const flow = await openFlow(api)
    flow.click('Keep my subscription')
    await open()
    await expect(flow.result).resolves.toEqual({ outcome: 'stayed' })
  })

  it('falls back when the session is not there 3 s after the click', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { api } = gated()
    const flow = await openFlow(api)
    await vi.advanceTimersByTimeAsync(WIDGET_FAIL_OPEN_MS - 200)
    expect(flow.settled()).toBeUndefined()
    await vi.advanceTimersByTimeAsync(400)
    expect(flow.settled()).toEqual({ outcome: 'fallback' })
    expect(flow.element.isConnected).toBe(false)
  })

  it('a flow that opens on an offer waits for the session before showing anything', async () => {
    const config = flowConfig((c) => {
      c.cancellation_flow = { steps: ['offer', 'confirm'], require_reason: false, collect_feedback: false }
    })
    const { api, open } = gated({ config })
    const host = testHost()
    clearConfigCache(host)
    window.fetch = api.fetch as unknown as typeof fetch
    const onVisible = vi.fn()
    trackedBundle(host).showCancelFlow(
      CONTEXT,
      { token: TOKEN },
      {
        trigger: null,
        onVisible,
        signal: new AbortController().signal,
      },
    )
    await flushPromises()
    expect(onVisible).not.toHaveBeenCalled()
    expect(document.querySelector('[data-retainkit]')).toBeNull()
    await open()
    await vi.waitFor(() => expect(onVisible).toHaveBeenCalledTimes(1))
    await flushPromises()
    window.dispatchEvent(new Event('pagehide'))
    await flushPromises()
    expect(api.events().map((e) => e.step)).toEqual(['offer_shown'])
  })
})
