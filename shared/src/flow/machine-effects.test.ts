import { describe, expect, it } from 'vitest'
import { EN_UI_STRINGS } from '../i18n/ui-strings'
import type { AcceptOfferResponse } from '../widget-api'
import { CALL_FAILED_MESSAGE, FEEDBACK_MAX_LENGTH } from './machine'
import { testConfig } from './test-config'
import { APPLIED, flush, SCHEDULED, setup } from './test-harness'
import type { FlowEvent } from './types'

/** Reason → feedback → the reason's offer. */
function toOffer(reasonKey: string, overrides: Parameters<typeof setup>[0] = {}) {
  const harness = setup(overrides)
  harness.send({ type: 'SELECT_REASON', key: reasonKey })
  harness.send({ type: 'NEXT' })
  harness.send({ type: 'NEXT' })
  return harness
}

const BUTTONS: FlowEvent[] = [
  { type: 'NEXT' },
  { type: 'BACK' },
  { type: 'ACCEPT_OFFER' },
  { type: 'DECLINE_OFFER' },
  { type: 'CANCEL' },
  { type: 'STAY' },
  { type: 'CLOSE' },
  { type: 'RETRY' },
  { type: 'SELECT_OPTION', months: 2 },
]

describe('accepting an offer', () => {
  it('works, ignores every event but closing meanwhile, then shows success with the saved outcome', async () => {
    const { send, snap, accepts, effects } = toOffer('too_expensive')
    send({ type: 'ACCEPT_OFFER' })
    const working = snap()
    expect(working).toMatchObject({ status: 'working', actions: [], canGoBack: false })
    for (const event of BUTTONS) if (event.type !== 'CLOSE') send(event)
    expect(snap()).toBe(working)
    expect(effects.acceptOffer).toHaveBeenCalledTimes(1)
    expect(accepts[0]?.input).toEqual({ offer: 'discount', choice: {}, reasonKey: 'too_expensive' })

    accepts[0]?.call.resolve(APPLIED)
    await flush()
    expect(snap()).toMatchObject({
      screen: { kind: 'success', offer: 'discount' },
      status: 'idle',
      result: { outcome: 'saved', offer: 'discount', response: APPLIED },
      actions: ['close'],
      canGoBack: false,
      done: false,
    })
  })

  it('closes at once while a billing call that never answers is in flight, recording nothing of its own', async () => {
    for (const start of ['ACCEPT_OFFER', 'CANCEL'] as const) {
      const { send, snap, events, accepts, cancels } = toOffer('too_expensive')
      send({ type: start })
      if (start === 'CANCEL') send({ type: 'CANCEL' })
      expect(snap().status).toBe('working')
      const recorded = events.length
      send({ type: 'CLOSE' })
      // The subscriber is out: the flow is over, its outcome still the call's to tell.
      expect(snap()).toMatchObject({ done: true, result: null })
      // The call decides what happened (the server records it); no abandoned flow is claimed meanwhile.
      expect(events).toHaveLength(recorded)
      expect(accepts.length + cancels.length).toBe(1)
      await flush()
      expect(snap()).toMatchObject({ done: true, result: null })
    }
  })

  it('a call that answers after the subscriber closed still says what it did', async () => {
    const saved = toOffer('too_expensive')
    saved.send({ type: 'ACCEPT_OFFER' })
    saved.send({ type: 'CLOSE' })
    saved.accepts[0]?.call.resolve(APPLIED)
    await flush()
    expect(saved.snap()).toMatchObject({
      done: true,
      status: 'idle',
      result: { outcome: 'saved', offer: 'discount', response: APPLIED },
    })
    // Nothing more is handled once over.
    saved.send({ type: 'RETRY' })
    expect(saved.effects.acceptOffer).toHaveBeenCalledTimes(1)

    const failed = toOffer('too_expensive')
    failed.send({ type: 'ACCEPT_OFFER' })
    failed.send({ type: 'CLOSE' })
    failed.accepts[0]?.call.reject(new Error('Card declined'))
    await flush()
    expect(failed.snap()).toMatchObject({ done: true, status: 'error', result: null })
  })

  it('ignores choices and text while working too', () => {
    const { send, snap } = toOffer('not_using')
    send({ type: 'ACCEPT_OFFER' })
    send({ type: 'SELECT_OPTION', months: 2 })
    expect(snap().selection).toEqual({ months: 1 })

    const config = testConfig((c) => {
      c.cancellation_flow = { steps: ['feedback'], require_reason: true, collect_feedback: true }
    })
    const other = setup({ config })
    other.send({ type: 'SET_FEEDBACK', text: 'first' })
    other.send({ type: 'NEXT' })
    other.send({ type: 'SET_FEEDBACK', text: 'changed while cancelling' })
    expect(other.snap()).toMatchObject({ status: 'working', feedback: 'first' })
    expect(other.cancels.map((c) => c.input)).toEqual([{ reasonKey: null, feedback: 'first' }])
  })

  it('fails into an error the subscriber can retry, decline or cancel from', async () => {
    const { send, snap, accepts } = toOffer('too_expensive')
    send({ type: 'ACCEPT_OFFER' })
    accepts[0]?.call.reject(new Error('Card declined'))
    await flush()
    expect(snap()).toMatchObject({ screen: { kind: 'offer' }, status: 'error', error: CALL_FAILED_MESSAGE })
    expect(snap().actions).toEqual(expect.arrayContaining(['retry', 'decline', 'cancel', 'stay']))

    send({ type: 'RETRY' })
    expect(snap()).toMatchObject({ status: 'working', error: null })
    expect(accepts).toHaveLength(2)
    accepts[1]?.call.resolve(APPLIED)
    await flush()
    expect(snap().screen).toEqual({ kind: 'success', offer: 'discount' })
  })

  it('lost to another tab: says what that one did in the server’s words and offers only Close, never a retry', async () => {
    const { send, snap, accepts, effects } = toOffer('too_expensive')
    send({ type: 'ACCEPT_OFFER' })
    const text = 'Your trial was already extended to March 3, 2027.'
    accepts[0]?.call.reject({
      status: 409,
      code: 'CONSTRAINT_VIOLATION',
      already: { kind: 'trial_extended', text },
    })
    await flush()
    expect(snap()).toMatchObject({
      screen: { kind: 'offer' },
      status: 'error',
      error: text,
      canGoBack: false,
    })
    expect(snap().actions).toEqual(['close'])
    for (const event of BUTTONS.filter((button) => button.type !== 'CLOSE')) send(event)
    expect(effects.acceptOffer).toHaveBeenCalledTimes(1)
    expect(snap().done).toBe(false)
    send({ type: 'CLOSE' })
    expect(snap()).toMatchObject({ done: true, result: { outcome: 'closed' } })
  })

  it('after a failure, DECLINE still leads on to cancelling', async () => {
    const { send, snap, accepts } = toOffer('too_expensive')
    send({ type: 'ACCEPT_OFFER' })
    accepts[0]?.call.reject(new Error('nope'))
    await flush()
    send({ type: 'DECLINE_OFFER' })
    expect(snap()).toMatchObject({ screen: { kind: 'confirm' }, status: 'idle', error: null })
    expect(snap().actions).not.toContain('retry')
  })

  it('words a failure by its code, generically without a known one, and for effects that throw synchronously', async () => {
    const { send, snap, accepts } = toOffer('too_expensive')
    send({ type: 'ACCEPT_OFFER' })
    accepts[0]?.call.reject({ code: 42 })
    await flush()
    expect(snap().error).toBe(CALL_FAILED_MESSAGE)

    const throwing = setup({ initialScreen: { kind: 'confirm' } })
    throwing.effects.cancel.mockImplementationOnce(() => {
      throw new Error('boom')
    })
    throwing.send({ type: 'CANCEL' })
    await flush()
    expect(throwing.snap()).toMatchObject({ status: 'error', error: CALL_FAILED_MESSAGE })

    const expired = toOffer('too_expensive')
    expired.send({ type: 'ACCEPT_OFFER' })
    expired.accepts[0]?.call.reject(Object.assign(new Error('Token expired'), { code: 'TOKEN_EXPIRED' }))
    await flush()
    expect(expired.snap().error).toBe(EN_UI_STRINGS.error_token_expired)
  })

  it('passes the pre-selected or chosen pause length, accepting only offered lengths', () => {
    const { send, snap, accepts } = toOffer('not_using')
    expect(snap().selection).toEqual({ months: 1 })
    send({ type: 'SELECT_OPTION', months: 3 })
    const chosen = snap()
    send({ type: 'SELECT_OPTION', months: 5 })
    send({ type: 'SELECT_OPTION', planId: 'price_pro' })
    expect(snap()).toBe(chosen)
    send({ type: 'ACCEPT_OFFER' })
    expect(accepts[0]?.input).toEqual({ offer: 'pause', choice: { months: 3 }, reasonKey: 'not_using' })
  })

  it("pre-selects the first plan that is not the subscriber's and refuses their current plan", () => {
    const { send, snap, accepts } = toOffer('switched', { subscriber: { planId: 'price_pro' } })
    expect(snap().selection).toEqual({ planId: 'price_basic' })
    send({ type: 'SELECT_OPTION', planId: 'price_pro' })
    expect(snap().selection).toEqual({ planId: 'price_basic' })
    send({ type: 'ACCEPT_OFFER' })
    expect(accepts[0]?.input.choice).toEqual({ planId: 'price_basic' })
  })

  it('keeps a redirect response in the outcome for the widget to follow', async () => {
    const config = testConfig((c) => {
      c.billing_cycle_switch = {
        enabled: true,
        redirect_template: 'https://shop.test/switch?c={customer_id}',
      }
    })
    const { send, snap, accepts } = toOffer('annual', { config })
    expect(snap().selection).toEqual({})
    send({ type: 'ACCEPT_OFFER' })
    const redirect: AcceptOfferResponse = {
      status: 'redirect',
      mechanism: 'billing_cycle',
      redirectUrl: 'https://shop.test/switch?c=cus_1',
    }
    accepts[0]?.call.resolve(redirect)
    await flush()
    expect(snap().result).toEqual({ outcome: 'saved', offer: 'billing_cycle_switch', response: redirect })
  })

  it('handles nothing while a call runs: it settles on the screen it was made from', async () => {
    const { send, snap, accepts } = toOffer('too_expensive')
    send({ type: 'ACCEPT_OFFER' })
    send({ type: 'BACK' })
    send({ type: 'CANCEL' })
    expect(snap()).toMatchObject({ screen: { kind: 'offer' }, status: 'working' })
    accepts[0]?.call.resolve(APPLIED)
    await flush()
    expect(snap()).toMatchObject({ screen: { kind: 'success', offer: 'discount' }, status: 'idle' })
  })
})

describe('performing the cancellation', () => {
  it('sends the reason and trimmed feedback, then shows the final screen', async () => {
    const { send, snap, cancels } = setup()
    send({ type: 'SELECT_REASON', key: 'bad_support' })
    send({ type: 'NEXT' })
    send({ type: 'SET_FEEDBACK', text: '  slow replies \n' })
    send({ type: 'NEXT' })
    send({ type: 'CANCEL' })
    expect(snap()).toMatchObject({ screen: { kind: 'confirm' }, status: 'working', actions: [] })
    send({ type: 'CANCEL' })
    expect(cancels.map((c) => c.input)).toEqual([{ reasonKey: 'bad_support', feedback: 'slow replies' }])
    cancels[0]?.call.resolve(SCHEDULED)
    await flush()
    expect(snap()).toMatchObject({
      screen: { kind: 'final' },
      status: 'idle',
      result: { outcome: 'canceled', response: SCHEDULED },
      actions: ['close'],
      stepIndex: 4,
      stepCount: 4,
    })
  })

  it('can be retried after a failure', async () => {
    const { send, snap, cancels } = setup({ initialScreen: { kind: 'confirm' } })
    send({ type: 'CANCEL' })
    cancels[0]?.call.reject(new Error('Stripe is down'))
    await flush()
    expect(snap()).toMatchObject({ screen: { kind: 'confirm' }, status: 'error', error: CALL_FAILED_MESSAGE })
    expect(snap().actions).toContain('retry')
    send({ type: 'RETRY' })
    cancels[1]?.call.resolve({ status: 'recorded' })
    await flush()
    expect(snap()).toMatchObject({ screen: { kind: 'final' }, result: { outcome: 'canceled' } })
  })

  it('a second cancel after a failed one from an offer is a retry, not a second decline', async () => {
    const config = testConfig((c) => {
      c.cancellation_flow = { steps: ['reason', 'offer'], require_reason: true, collect_feedback: true }
    })
    const { send, cancels, events } = setup({ config })
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    send({ type: 'DECLINE_OFFER' })
    cancels[0]?.call.reject(new Error('down'))
    await flush()
    send({ type: 'CANCEL' })
    expect(cancels).toHaveLength(2)
    expect(events.filter((e) => e.step === 'offer_declined')).toHaveLength(1)
  })
})

describe('staying and closing', () => {
  it('STAY records reason_continue and ends as stayed; nothing is handled afterwards', () => {
    const { send, snap, events } = setup()
    send({ type: 'SELECT_REASON', key: 'switched' })
    send({ type: 'NEXT' })
    send({ type: 'STAY' })
    expect(snap()).toMatchObject({ result: { outcome: 'stayed' }, done: true, actions: [], canGoBack: false })
    const ended = snap()
    for (const event of BUTTONS) send(event)
    expect(snap()).toBe(ended)
    expect(events).toEqual([
      { step: 'reason_selected', reasonKey: 'switched' },
      { step: 'reason_continue', reasonKey: 'switched' },
    ])
  })

  it('CLOSE on a step records flow_abandoned and ends as closed', () => {
    const { send, snap, events } = setup()
    send({ type: 'CLOSE' })
    expect(snap()).toMatchObject({ result: { outcome: 'closed' }, done: true })
    expect(events).toEqual([{ step: 'flow_abandoned' }])
  })

  it('CLOSE on success just ends, keeping the saved outcome and recording nothing', async () => {
    const { send, snap, accepts, events } = toOffer('too_expensive')
    send({ type: 'ACCEPT_OFFER' })
    accepts[0]?.call.resolve(APPLIED)
    await flush()
    const before = events.length
    send({ type: 'BACK' })
    expect(snap().screen.kind).toBe('success')
    send({ type: 'CLOSE' })
    expect(snap()).toMatchObject({ done: true, result: { outcome: 'saved' } })
    expect(events).toHaveLength(before)
  })

  it('CLOSE on the final screen keeps the canceled outcome', async () => {
    const { send, snap, cancels, events } = setup({ initialScreen: { kind: 'confirm' } })
    send({ type: 'CANCEL' })
    cancels[0]?.call.resolve(SCHEDULED)
    await flush()
    send({ type: 'CLOSE' })
    expect(snap()).toMatchObject({ done: true, result: { outcome: 'canceled' } })
    expect(events).toEqual([])
  })
})

describe('the event log', () => {
  it('records exactly the client-side steps of a full journey', async () => {
    const { send, events, cancels } = setup()
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    send({ type: 'SET_FEEDBACK', text: '  too pricey ' })
    send({ type: 'NEXT' })
    send({ type: 'BACK' }) // back to feedback, then forward again with the same text
    send({ type: 'NEXT' })
    send({ type: 'DECLINE_OFFER' })
    send({ type: 'CANCEL' })
    cancels[0]?.call.resolve(SCHEDULED)
    await flush()
    expect(events).toEqual([
      { step: 'reason_selected', reasonKey: 'too_expensive' },
      { step: 'feedback_submitted', reasonKey: 'too_expensive', text: 'too pricey' },
      { step: 'offer_shown', reasonKey: 'too_expensive', offer: 'discount' },
      { step: 'offer_shown', reasonKey: 'too_expensive', offer: 'discount' },
      { step: 'offer_declined', reasonKey: 'too_expensive', offer: 'discount' },
    ])
  })

  it('records a reason again only when it changed, and no empty feedback', () => {
    const { send, events } = setup()
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    send({ type: 'SET_FEEDBACK', text: '   ' })
    send({ type: 'BACK' })
    send({ type: 'NEXT' })
    send({ type: 'BACK' })
    send({ type: 'SELECT_REASON', key: 'not_using' })
    send({ type: 'NEXT' })
    send({ type: 'CANCEL' })
    expect(events).toEqual([
      { step: 'reason_selected', reasonKey: 'too_expensive' },
      { step: 'reason_selected', reasonKey: 'not_using' },
    ])
  })

  it('records offer_declined when cancelling from an offer', () => {
    const { send, events } = toOffer('not_using')
    send({ type: 'CANCEL' })
    expect(events.slice(-2)).toEqual([
      { step: 'offer_shown', reasonKey: 'not_using', offer: 'pause' },
      { step: 'offer_declined', reasonKey: 'not_using', offer: 'pause' },
    ])
  })

  it('keeps going when record throws', () => {
    const { send, snap, effects } = setup()
    effects.record.mockImplementation(() => {
      throw new Error('beacon failed')
    })
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    expect(snap().screen.kind).toBe('feedback')
  })

  it('cuts feedback at the server limit', () => {
    const { send, snap } = setup({ initialScreen: { kind: 'feedback', category: 'other' } })
    send({ type: 'SET_FEEDBACK', text: 'x'.repeat(FEEDBACK_MAX_LENGTH + 50) })
    expect(snap().feedback).toHaveLength(FEEDBACK_MAX_LENGTH)
  })
})
