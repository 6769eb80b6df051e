import type { FlowContext, FlowEvent, FlowMachine, FlowSnapshot } from '@retainkit/shared/flow'
import { WIDGET_FAIL_OPEN_MS } from '@retainkit/shared/widget-api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearConfigCache, createWidgetApi } from '../api/client'
import { createTokens } from '../api/token-source'
import type { Host } from '../host/types'
import { ACCOUNT_ID, API_BASE, fakeApi, SESSION_ID, SUBSCRIBER, TOKEN } from '../test-support/fake-api'
import type { CancelFlowOptions, SessionResult } from '../types'
import {
  type CancelController,
  createCancelController,
  type FlowMemory,
  type FlowView,
  HAND_OVER_DELAY_MS,
  prepareFlow,
} from './cancel-session'
import type { StartedSession } from './session-machine'

/**
 * The cancel flow's session controller on its own, in Node: no document, no DOM, no rendering. It runs
 * against the fake widget API (which checks every answer against the response contract), with a host
 * that is only timers, fetch and the browser's languages, and a view that records what it is asked to do.
 */

type Api = ReturnType<typeof fakeApi>

const hostFor = (api: Api): Host =>
  ({
    window: {
      fetch: api.fetch,
      // Through globalThis at call time, so fake timers apply.
      setTimeout: (run: () => void, ms: number) => globalThis.setTimeout(run, ms),
      clearTimeout: (id: number) => globalThis.clearTimeout(id),
      // A frame is a timer here (what was drawn counts as painted a task later).
      requestAnimationFrame: (run: () => void) => globalThis.setTimeout(run, 0),
      console: { warn: () => {} },
      navigator: { languages: ['en-US'] },
    },
    document: null,
    script: null,
  }) as unknown as Host

/** A view that draws nothing and remembers everything it was asked. */
function recordingView() {
  const drawn: (FlowSnapshot | null)[] = []
  const drawnAt: number[] = []
  const contexts: FlowContext[] = []
  const spoken: string[] = []
  const log: string[] = []
  const chunks: { url: string; start: StartedSession; machine: FlowMachine; fail: () => void }[] = []
  const view: FlowView = {
    draw: (snapshot, context) => {
      contexts.push(context)
      drawn.push(snapshot)
      drawnAt.push(Date.now())
    },
    takeDown: () => log.push('takeDown'),
    switchLanguage: (language) => spoken.push(language.locale),
    leave: (url) => log.push(`leave ${url}`),
    chunk: (url, start, machine, fail) => chunks.push({ url, start, machine, fail }),
  }
  return {
    view,
    drawn,
    drawnAt,
    log,
    chunks,
    screen: () => drawn.at(-1)?.screen.kind ?? null,
    drawnContext: () => contexts.at(-1),
    spoken,
  }
}

const BODY = { merchantHandlesOffers: false, merchantHandlesCancel: false, languages: ['en-US'] }

/** Prepares and opens one flow as the dialog would, gating the session's start when asked. */
async function start(
  api: Api,
  options: Partial<CancelFlowOptions> = {},
  memory: FlowMemory = { stepAside: false },
  host = hostFor(api),
) {
  clearConfigCache(host)
  const merchant = { token: TOKEN, ...options } as CancelFlowOptions
  const widgetApi = createWidgetApi(host, { accountId: ACCOUNT_ID, mode: 'live', apiBase: API_BASE })
  const tokens = createTokens(merchant)
  const prepared = await prepareFlow(
    host,
    widgetApi,
    tokens,
    merchant,
    new AbortController().signal,
    BODY,
    () => undefined,
  )
  if (!prepared) return null
  const controller = createCancelController(host, merchant, prepared, memory)
  const recorded = recordingView()
  controller.drawOn(recorded.view)
  return { controller, prepared, ...recorded }
}

const send = (controller: CancelController, ...events: FlowEvent[]) => {
  for (const event of events) controller.send(event)
}

/** Lets the fake API's answers and the machine's promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
/**
 * The session started and answered, and the controller has it: it starts a frame after the first
 * screen is drawn, so a fixed pause after the start is a race on a busy machine.
 */
const sessionStarted = async (flow: { prepared: { starting: Promise<unknown> } }) => {
  await flow.prepared.starting
  await settle()
}

/** Reason "too expensive" (its offer is the discount), then past the feedback question. */
const TO_DISCOUNT: FlowEvent[] = [
  { type: 'SELECT_REASON', key: 'too_expensive' },
  { type: 'NEXT' },
  { type: 'NEXT' },
]

afterEach(() => {
  vi.useRealTimers()
})

describe('the session controller', () => {
  it('shows the reason question before the session answers, holds what moves on, then hands it to the session', async () => {
    let open = (_: unknown) => {}
    const api = fakeApi({ gate: { sessions: new Promise((resolve) => (open = resolve)) } })
    const flow = await start(api)
    if (!flow) throw new Error('stepped aside')
    expect(flow.screen()).toBe('reason')
    // Choosing a reason reaches the stand-in; Continue waits for the session.
    send(flow.controller, { type: 'SELECT_REASON', key: 'too_expensive' }, { type: 'NEXT' })
    expect(flow.drawn.at(-1)?.reasonKey).toBe('too_expensive')
    expect(flow.screen()).toBe('reason')
    await vi.waitFor(() => expect(api.callsTo('sessions')).toHaveLength(1))

    open(undefined)
    await vi.waitFor(() => expect(flow.screen()).toBe('feedback'))
    send(flow.controller, { type: 'NEXT' })
    expect(flow.screen()).toBe('offer')
    send(flow.controller, { type: 'CLOSE' })
    await expect(flow.controller.result).resolves.toEqual({ outcome: 'closed' })
    expect(flow.log).toEqual(['takeDown'])
    // What the subscriber did before the session existed is recorded with it, reason included.
    await vi.waitFor(() => expect(api.events().length).toBeGreaterThan(0))
    expect(api.events()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ step: 'reason_selected', reasonKey: 'too_expensive' }),
      ]),
    )
  })

  it("accepts an offer through the API and the merchant's onSave hears of the save", async () => {
    const api = fakeApi()
    const onSave = vi.fn()
    const onClose = vi.fn()
    const flow = await start(api, { onSave, onClose })
    if (!flow) throw new Error('stepped aside')
    await sessionStarted(flow)
    send(flow.controller, ...TO_DISCOUNT)
    expect(flow.screen()).toBe('offer')
    send(flow.controller, { type: 'ACCEPT_OFFER' })
    await vi.waitFor(() => expect(flow.screen()).toBe('success'))
    expect(api.callsTo('accept').map((call) => call.body)).toEqual([
      expect.objectContaining({ offer: 'discount', reasonKey: 'too_expensive', handledByMerchant: false }),
    ])
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'saved', offer: 'discount' }))
    expect(onClose).not.toHaveBeenCalled()
    send(flow.controller, { type: 'CLOSE' })
    await expect(flow.controller.result).resolves.toMatchObject({ outcome: 'saved', offer: 'discount' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('cancels through the API: onCancel, then the result once the subscriber closes', async () => {
    const api = fakeApi()
    const onCancel = vi.fn()
    const flow = await start(api, { onCancel })
    if (!flow) throw new Error('stepped aside')
    await sessionStarted(flow)
    send(flow.controller, ...TO_DISCOUNT, { type: 'DECLINE_OFFER' })
    expect(flow.screen()).toBe('confirm')
    send(flow.controller, { type: 'CANCEL' })
    await vi.waitFor(() => expect(flow.screen()).toBe('final'))
    expect(api.callsTo('cancel')).toHaveLength(1)
    expect(onCancel).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'canceled' }))
    send(flow.controller, { type: 'CLOSE' })
    await expect(flow.controller.result).resolves.toMatchObject({ outcome: 'canceled' })
  })

  it("hands over to the merchant's cancel page after the message was up a moment when cancelling fails twice, and the page's next flow steps aside", async () => {
    const api = fakeApi({ fail: { cancel: { status: 502 } } })
    const memory = { stepAside: false }
    const flow = await start(api, {}, memory)
    if (!flow) throw new Error('stepped aside')
    await sessionStarted(flow)
    send(flow.controller, ...TO_DISCOUNT, { type: 'DECLINE_OFFER' }, { type: 'CANCEL' })
    await vi.waitFor(() => expect(flow.drawn.at(-1)?.status).toBe('error'))
    expect(memory.stepAside).toBe(true)
    send(flow.controller, { type: 'RETRY' })
    let ended = 0
    flow.controller.result.then(() => {
      ended = Date.now()
    })
    await vi.waitFor(() => expect(flow.drawn.at(-1)?.handedOver).toBe(true))
    // The message is up first: the flow has not ended yet, and the dialog is still there.
    await settle()
    expect(ended).toBe(0)
    expect(flow.log).toEqual([])
    await expect(flow.controller.result).resolves.toEqual({ outcome: 'fallback' })
    const handedOverAt = flow.drawnAt[flow.drawn.findIndex((snapshot) => snapshot?.handedOver)] ?? 0
    expect(ended - handedOverAt).toBeGreaterThanOrEqual(HAND_OVER_DELAY_MS - 5)
    expect(flow.log).toEqual(['takeDown'])
    expect(api.callsTo('cancel')).toHaveLength(2)
  })

  it('falls back when the session is not there in time, unless the subscriber had already left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const never = new Promise(() => {})
    const slow = await start(fakeApi({ gate: { sessions: never } }))
    const left = await start(fakeApi({ gate: { sessions: never } }))
    if (!slow || !left) throw new Error('stepped aside')
    send(left.controller, { type: 'STAY' })
    // The dialog goes at once; the flow ends when the wait does.
    expect(left.log).toEqual(['takeDown'])
    vi.advanceTimersByTime(WIDGET_FAIL_OPEN_MS)
    await expect(slow.controller.result).resolves.toEqual({ outcome: 'fallback' })
    await expect(left.controller.result).resolves.toEqual({ outcome: 'stayed' })
    expect(slow.log).toEqual(['takeDown'])
  })

  it('falls back when the session fails or says to step aside; a free account waits for it and draws nothing', async () => {
    const failed = await start(fakeApi({ fail: { sessions: { status: 500 } } }))
    if (!failed) throw new Error('stepped aside')
    await expect(failed.controller.result).resolves.toEqual({ outcome: 'fallback' })

    const free = fakeApi({ tier: 'free', start: { fallback: true, reason: 'session_limit' } })
    expect(await start(free)).toBeNull()
    expect(free.callsTo('sessions')).toHaveLength(1)
  })

  it('asks for the token and starts the session once the first screen is painted, not on the way to it', async () => {
    for (const merchant of [{}, { token: undefined, getToken: vi.fn(async () => TOKEN) }]) {
      const api = fakeApi()
      const frames: (() => void)[] = []
      const host = hostFor(api)
      Object.assign(host.window, { requestAnimationFrame: (run: () => void) => frames.push(run) })
      const flow = await start(api, merchant, undefined, host)
      if (!flow) throw new Error('stepped aside')
      await settle()
      // Drawn, no frame yet: neither the merchant's getToken nor the session's request has run.
      expect(flow.screen()).toBe('reason')
      expect(api.callsTo('sessions')).toHaveLength(0)
      if ('getToken' in merchant) expect(merchant.getToken).not.toHaveBeenCalled()
      for (const frame of frames.splice(0)) frame()
      await vi.waitFor(() => expect(api.callsTo('sessions')).toHaveLength(1))
      await expect(flow.prepared.starting).resolves.toMatchObject({ sessionId: SESSION_ID })
    }
  })

  it("retries the session's start once with a fresh token when the first is refused", async () => {
    const api = fakeApi({ fail: { sessions: { status: 401 } } })
    const getToken = vi.fn(async () => {
      if (getToken.mock.calls.length > 1) api.state.fail = {}
      return TOKEN
    })
    const flow = await start(api, { token: undefined, getToken })
    if (!flow) throw new Error('stepped aside')
    await vi.waitFor(() => expect(flow.prepared.starting).resolves.toMatchObject({ sessionId: SESSION_ID }))
    expect(api.callsTo('sessions')).toHaveLength(2)
    expect(getToken).toHaveBeenCalledTimes(2)
  })

  it("draws before getToken answers, in the browser's language, and speaks the token's claimed one from the session on", async () => {
    let answer = (_token: string) => {}
    const getToken = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)))
    const api = fakeApi()
    const started = start(api, { token: undefined, getToken })
    // The merchant's backend has not answered: the first screen is up all the same.
    const flow = await Promise.race([started, settle().then(() => null)])
    if (!flow) throw new Error('the first screen waited for getToken')
    expect(flow.screen()).toBe('reason')
    expect(flow.drawnContext()?.locale).toBe('en')
    const french = `e30.${btoa(JSON.stringify({ iss: ACCOUNT_ID, sub: 'cus_123', locale: 'fr' }))}.sig`
    await vi.waitFor(() => expect(getToken).toHaveBeenCalledTimes(1))
    answer(french)
    await vi.waitFor(() => expect(flow.spoken).toEqual(['fr']))
    await settle()
    // The session (started with that token) words the flow in French, and so do the widget's own strings.
    expect(api.callsTo('sessions')[0]?.headers.authorization).toBe(`Bearer ${french}`)
    send(flow.controller, { type: 'SELECT_REASON', key: 'too_expensive' }, { type: 'NEXT' })
    await settle()
    expect(flow.drawnContext()?.locale).toBe('fr')
  })

  it('gives a subscriber already scheduled to cancel its own chunk, and the merchant takes over when it cannot load', async () => {
    const chunk = 'https://cdn.test/scheduled.js'
    const api = fakeApi({
      start: {
        fallback: false,
        sessionId: SESSION_ID,
        subscriber: { ...SUBSCRIBER, cancelAtPeriodEnd: true },
        eligibleOffers: ['discount'],
        scheduledCancellation: {
          endsAt: '2027-03-31T00:00:00Z',
          endsOn: 'Ends March 31',
          terms: null,
          chunk,
        },
      },
    })
    const flow = await start(api)
    if (!flow) throw new Error('stepped aside')
    await vi.waitFor(() => expect(flow.chunks).toHaveLength(1))
    expect(flow.chunks[0]?.url).toBe(chunk)
    flow.chunks[0]?.fail()
    await expect(flow.controller.result).resolves.toEqual<SessionResult>({ outcome: 'fallback' })
  })
})
