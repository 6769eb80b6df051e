import { CALL_FAILED_MESSAGE, HAND_OVER_MESSAGE } from '@retainkit/shared/flow'
import { withDescription } from '@retainkit/shared/reactivation-terms'
import { EN_UI_STRINGS } from '@retainkit/shared/ui-strings'
import type { ScheduledCancellation } from '@retainkit/shared/widget-api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearConfigCache } from '../api/client'
import { fakeApi, SUBSCRIBER, TOKEN } from '../test-support/fake-api'
import {
  CONTEXT,
  closeFlows,
  flushPromises,
  openFlow,
  pressEscape,
  testHost,
  trackedBundle,
} from '../test-support/flow-harness'
import { SCHEDULED_CHUNK } from '../test-support/scheduled-chunk'
import { HAND_OVER_DELAY_MS } from './cancel-flow'
import { BILLING_TIMEOUT_MS } from './session-machine'

/**
 * A subscriber is never trapped: every step has a way to finish cancelling, a cancellation that keeps
 * failing hands over to the merchant's own, focus stays in the dialog and Escape closes it; and one
 * already scheduled to cancel is told when it ends, with an undo, instead of being offered anything.
 */

afterEach(() => {
  closeFlows()
  document.body.innerHTML = ''
  vi.restoreAllMocks()
  vi.useRealTimers()
})

type Flow = Awaited<ReturnType<typeof openFlow>>

/** The reason step's own "Cancel subscription" → confirm → "Confirm cancellation". */
function confirmCancellation(flow: Flow) {
  flow.click('Cancel subscription')
  flow.click('Confirm cancellation')
}

/** What has focus, seen from the page: the widget's host element and, inside, the focused control. */
const focusInDialog = (flow: Flow) =>
  document.activeElement === flow.element && flow.root.activeElement !== null

describe('the reason step', () => {
  it('has a way to finish cancelling that asks for no reason and skips the questions', async () => {
    const flow = await openFlow()
    expect(flow.ui.getByText('Step 1 of 4')).toBeTruthy()
    flow.click('Cancel subscription')
    expect(flow.heading()).toBe('Confirm your cancellation')
    expect(flow.ui.getByText('Step 4 of 4')).toBeTruthy()
    flow.click('Confirm cancellation')
    await vi.waitFor(() => expect(flow.heading()).toBe('Your cancellation is confirmed'))
    // The reason is recorded as not given: none is sent, and no feedback either.
    expect(flow.api.callsTo('cancel').map((call) => call.body)).toEqual([
      { feedback: '', handledByMerchant: false },
    ])
  })
})

describe('a cancellation that keeps failing', () => {
  it('hands over to the merchant after the second failure, saying so first; focus never leaves', async () => {
    const api = fakeApi({
      fail: {
        cancel: {
          status: 502,
          code: 'EXTERNAL_SERVICE_ERROR',
          message: 'The payment service is unavailable.',
        },
      },
    })
    const flow = await openFlow(api)
    confirmCancellation(flow)
    await vi.waitFor(() =>
      expect(flow.ui.getByRole('alert').textContent).toContain(EN_UI_STRINGS.error_external_service_error),
    )
    expect(focusInDialog(flow)).toBe(true)

    const retry = flow.ui.getByRole('button', { name: 'Try again' })
    retry.focus()
    flow.click('Try again')
    // While the retry runs, its button stays (inert) where focus is.
    expect(flow.root.activeElement).toBe(retry)
    expect(retry.getAttribute('aria-disabled')).toBe('true')
    await vi.waitFor(() => expect(flow.ui.getByRole('alert').textContent).toBe(HAND_OVER_MESSAGE))
    const failedAt = Date.now()
    // Nothing left to retry: the button that had focus is gone, focus is still in the dialog.
    expect(flow.ui.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(focusInDialog(flow)).toBe(true)
    expect(flow.settled()).toBeUndefined()

    await expect(flow.result).resolves.toEqual({ outcome: 'fallback' })
    // failedAt is taken when the polling saw the message, up to a poll interval after it appeared: only
    // the upper bound is exact. That the message came first is the unsettled flow checked above.
    const waited = Date.now() - failedAt
    expect(waited).toBeLessThan(1000)
    expect(flow.element.isConnected).toBe(false)
    expect(api.callsTo('cancel')).toHaveLength(2)
  })

  it('closing after a failure, then asking again, steps aside at once to the merchant', async () => {
    const api = fakeApi({ fail: { cancel: { status: 0 } } })
    const flow = await openFlow(api)
    confirmCancellation(flow)
    await vi.waitFor(() => expect(flow.ui.getByRole('alert').textContent).toContain(CALL_FAILED_MESSAGE))
    flow.click('Close')
    await expect(flow.result).resolves.toEqual({ outcome: 'closed' })

    const sessionsBefore = api.callsTo('sessions').length
    const onVisible = vi.fn()
    const again = await flow.bundle.showCancelFlow(
      CONTEXT,
      { token: TOKEN },
      { trigger: null, onVisible, signal: new AbortController().signal },
    )
    expect(again).toEqual({ outcome: 'fallback' })
    expect(onVisible).not.toHaveBeenCalled()
    expect(api.callsTo('sessions')).toHaveLength(sessionsBefore)
    expect(document.querySelector('[data-retainkit]')).toBeNull()
  })

  it('a call that never answers counts as failed', async () => {
    const api = fakeApi({ gate: { cancel: new Promise(() => {}) } })
    const flow = await openFlow(api)
    vi.useFakeTimers({ shouldAdvanceTime: true })
    confirmCancellation(flow)
    await vi.advanceTimersByTimeAsync(BILLING_TIMEOUT_MS + 10)
    expect(flow.ui.getByRole('alert').textContent).toContain(CALL_FAILED_MESSAGE)
    expect(flow.ui.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})

describe('focus and Escape', () => {
  it('failed offer retries keep focus in the dialog, so Escape still closes it', async () => {
    const api = fakeApi({ fail: { accept: { status: 502, message: 'Card declined.' } } })
    const flow = await openFlow(api)
    flow.choose("It's too expensive")
    flow.click('Continue')
    flow.click('Continue')
    flow.click('Accept 20% off')
    for (let attempt = 0; attempt < 3; attempt++) {
      await vi.waitFor(() => expect(flow.ui.queryByRole('button', { name: 'Try again' })).toBeTruthy())
      expect(focusInDialog(flow)).toBe(true)
      flow.ui.getByRole('button', { name: 'Try again' }).focus()
      flow.click('Try again')
    }
    await vi.waitFor(() => expect(flow.ui.getByRole('dialog').getAttribute('aria-busy')).toBeNull())
    expect(focusInDialog(flow)).toBe(true)
    pressEscape(flow.root.activeElement as Element)
    await expect(flow.result).resolves.toEqual({ outcome: 'closed' })
  })

  it('Escape while the offer is still being applied closes the dialog at once; the page hears of the save when it lands', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const onSave = vi.fn()
    const onClose = vi.fn()
    const flow = await openFlow(fakeApi({ gate: { accept: gate } }), { onSave, onClose })
    flow.choose("It's too expensive")
    flow.click('Continue')
    flow.click('Continue')
    flow.click('Accept 20% off')
    await vi.waitFor(() => expect(flow.api.callsTo('accept')).toHaveLength(1))
    expect(flow.ui.getByRole('dialog').getAttribute('aria-busy')).toBe('true')
    pressEscape(flow.root.activeElement ?? flow.ui.getByRole('dialog'))
    // Gone at once, focus back on the page's cancel button: nobody waits on a slow payment service.
    expect(flow.element.isConnected).toBe(false)
    expect(document.activeElement).toBe(flow.trigger)
    expect(flow.settled()).toBeUndefined()
    release()
    // The server applied it: the page is told so, not that the subscriber merely closed.
    await expect(flow.result).resolves.toMatchObject({ outcome: 'saved', offer: 'discount' })
    expect(onSave).toHaveBeenCalledTimes(1)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(flow.api.events().map((event) => event.step)).not.toContain('flow_abandoned')
  })

  it('× while a cancellation never answers closes at once; the flow ends closed when the call gives up', async () => {
    const onCancel = vi.fn()
    const flow = await openFlow(fakeApi({ gate: { cancel: new Promise(() => {}) } }), { onCancel })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    confirmCancellation(flow)
    await vi.waitFor(() => expect(flow.api.callsTo('cancel')).toHaveLength(1))
    flow.click('Close')
    expect(flow.element.isConnected).toBe(false)
    await vi.advanceTimersByTimeAsync(BILLING_TIMEOUT_MS + 10)
    await expect(flow.result).resolves.toEqual({ outcome: 'closed' })
    expect(onCancel).not.toHaveBeenCalled()
  })

  it('Escape while handing over goes to the merchant at once', async () => {
    const flow = await openFlow(fakeApi({ fail: { cancel: { status: 409, message: 'Hand over.' } } }))
    confirmCancellation(flow)
    await vi.waitFor(() => expect(flow.ui.getByRole('alert').textContent).toBe(HAND_OVER_MESSAGE))
    const at = Date.now()
    pressEscape(flow.ui.getByRole('dialog'))
    await expect(flow.result).resolves.toEqual({ outcome: 'fallback' })
    expect(Date.now() - at).toBeLessThan(HAND_OVER_DELAY_MS)
  })
})

describe('a subscriber already scheduled to cancel', () => {
  // The server words when it ends, in the session's language (the bundle formats no dates).
  const scheduled = (terms: ScheduledCancellation['terms']): ScheduledCancellation => ({
    endsAt: '2027-03-31T00:00:00Z',
    endsOn: 'Your subscription ends on March 31, 2027',
    terms,
    chunk: SCHEDULED_CHUNK,
  })
  const TERMS = withDescription({
    planName: 'Pro',
    currency: 'usd',
    interval: 'month',
    intervalCount: 1,
    amount: 4900,
    discount: null,
    firstChargeAt: '2027-03-31T00:00:00Z',
    chargesNow: false,
  })
  const startWith = (scheduledCancellation: ScheduledCancellation) =>
    fakeApi({
      start: {
        fallback: false,
        sessionId: 'ses_1',
        subscriber: { ...SUBSCRIBER, cancelAtPeriodEnd: true },
        eligibleOffers: ['discount', 'pause'],
        scheduledCancellation,
      },
    })

  it('sees when it ends and an undo, never the offers; undoing asks once, naming the amount', async () => {
    const api = startWith(scheduled(TERMS))
    const flow = await openFlow(api)
    await vi.waitFor(() => expect(flow.heading()).toBe('Your subscription ends on March 31, 2027'))
    const dialog = flow.ui.getByRole('dialog', { name: 'Your subscription ends on March 31, 2027' })
    expect(dialog.textContent).toContain('Pro: $49.00 every month.')
    expect(dialog.textContent).toContain('Next charge: $49.00 on March 31, 2027.')
    expect(dialog.textContent).not.toMatch(/Step \d|20% off|Pause/)
    expect(flow.root.activeElement?.textContent).toBe('Your subscription ends on March 31, 2027')

    flow.click('Keep my subscription')
    await flushPromises()
    expect(api.calls.filter((call) => call.path.endsWith('/reactivation/accept'))).toEqual([])
    flow.click('Confirm: $49.00 on March 31, 2027')
    await vi.waitFor(() => expect(flow.heading()).toBe('Your subscription continues'))
    const accept = api.calls.filter((call) => call.path === '/api/widget/reactivation/accept')
    expect(accept.map((call) => call.body)).toEqual([{ sessionId: 'ses_1' }])
    expect(flow.ui.getByRole('status').textContent).toBe(EN_UI_STRINGS.reactivation_kept)
    flow.click('Close', 0)
    await expect(flow.result).resolves.toEqual({ outcome: 'stayed' })
    expect(api.events()).toEqual([])
  })

  it('without terms it only says when it ends, and Escape closes it', async () => {
    const api = startWith(scheduled(null))
    const flow = await openFlow(api)
    await vi.waitFor(() => expect(flow.heading()).toBe('Your subscription ends on March 31, 2027'))
    expect(flow.ui.queryByRole('button', { name: 'Keep my subscription' })).toBeNull()
    expect(flow.buttons()).toEqual(['Close', 'Close'])
    pressEscape(flow.ui.getByRole('dialog'))
    await expect(flow.result).resolves.toEqual({ outcome: 'closed' })
    expect(api.calls.filter((call) => call.path.includes('reactivation'))).toEqual([])
  })

  it('is drawn by its own chunk: without one (an older server), or when it cannot load, the merchant takes over', async () => {
    const { chunk: _none, ...older } = scheduled(TERMS)
    for (const answer of [older, { ...scheduled(TERMS), chunk: `${SCHEDULED_CHUNK}.missing.ts` }]) {
      const api = startWith(answer)
      const host = testHost()
      clearConfigCache(host)
      window.fetch = api.fetch as unknown as typeof fetch
      const request = { trigger: null, onVisible: () => {}, signal: new AbortController().signal }
      const result = await trackedBundle(host).showCancelFlow(CONTEXT, { token: TOKEN }, request)
      expect(result).toEqual({ outcome: 'fallback' })
      expect(document.querySelector('[data-retainkit="cancel-flow"]')).toBeNull()
      expect(api.calls.filter((call) => call.path.includes('reactivation'))).toEqual([])
    }
  })

  it('from a server older than the widget (no sentence), says the date as the server sent it', async () => {
    const { endsOn: _older, ...older } = scheduled(TERMS)
    const flow = await openFlow(startWith(older))
    await vi.waitFor(() => expect(flow.heading()).toBe('Your subscription ends on 2027-03-31T00:00:00Z'))
    expect(flow.ui.getByRole('button', { name: 'Keep my subscription' })).toBeTruthy()
  })
})
