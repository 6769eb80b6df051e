import { describe, expect, it } from 'vitest'
import type { CancelFlowConfig } from '../config/types'
import { REASON_REQUIRED_MESSAGE } from './machine'
import { testConfig } from './test-config'
import { setup } from './test-harness'

type Flow = NonNullable<CancelFlowConfig['cancellation_flow']>
const withFlow = (flow: Flow, edit?: (c: CancelFlowConfig) => void) =>
  testConfig((c) => {
    c.cancellation_flow = flow
    edit?.(c)
  })

describe('the default path', () => {
  it('opens on the reason screen with forward, cancel, stay and close', () => {
    const { snap } = setup()
    expect(snap()).toMatchObject({
      screen: { kind: 'reason' },
      status: 'idle',
      error: null,
      reasonKey: null,
      actions: ['next', 'cancel', 'stay', 'close'],
      canGoBack: false,
      stepIndex: 0,
      stepCount: 4,
      result: null,
      done: false,
    })
  })

  it('walks reason → feedback (reason category) → offer (reason offer) → confirm, counting steps', () => {
    const { send, snap } = setup()
    send({ type: 'SELECT_REASON', key: 'switched' })
    send({ type: 'NEXT' })
    expect(snap()).toMatchObject({
      screen: { kind: 'feedback', category: 'switched_competitor' },
      stepIndex: 1,
      stepCount: 4,
      actions: ['next', 'cancel', 'stay', 'close', 'back'],
      canGoBack: true,
    })
    send({ type: 'NEXT' })
    expect(snap()).toMatchObject({ screen: { kind: 'offer', offer: 'plan_switch' }, stepIndex: 2 })
    expect(snap().actions).toEqual(['accept', 'decline', 'cancel', 'stay', 'close', 'back'])
    send({ type: 'DECLINE_OFFER' })
    expect(snap()).toMatchObject({ screen: { kind: 'confirm' }, stepIndex: 3, stepCount: 4 })
    expect(snap().actions).toEqual(['cancel', 'stay', 'close', 'back'])
  })

  it("skips the offer for a reason mapped to 'none': a number is skipped, the total stays", () => {
    const { send, snap } = setup()
    send({ type: 'SELECT_REASON', key: 'bad_support' })
    expect(snap().stepCount).toBe(4)
    send({ type: 'NEXT' })
    expect(snap()).toMatchObject({ screen: { kind: 'feedback', category: 'bad_experience' }, stepIndex: 1 })
    send({ type: 'NEXT' })
    expect(snap()).toMatchObject({ screen: { kind: 'confirm' }, stepIndex: 3, stepCount: 4 })
  })

  it('ignores reasons that are unknown or disabled', () => {
    const { send, snap } = setup()
    send({ type: 'SELECT_REASON', key: 'retired' })
    send({ type: 'SELECT_REASON', key: 'nope' })
    expect(snap().reasonKey).toBeNull()
  })
})

describe('require_reason', () => {
  it('keeps the subscriber on the reason screen with a message until a reason is chosen', () => {
    const { send, snap, events } = setup()
    send({ type: 'NEXT' })
    expect(snap()).toMatchObject({
      screen: { kind: 'reason' },
      status: 'error',
      error: REASON_REQUIRED_MESSAGE,
    })
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    expect(snap()).toMatchObject({ status: 'idle', error: null, reasonKey: 'too_expensive' })
    send({ type: 'NEXT' })
    expect(snap().screen.kind).toBe('feedback')
    expect(events).toEqual([{ step: 'reason_selected', reasonKey: 'too_expensive' }])
  })

  it('CANCEL on the reason screen skips the questions, without asking for a reason', async () => {
    const { send, snap, events, cancels } = setup()
    send({ type: 'CANCEL' })
    expect(snap()).toMatchObject({ screen: { kind: 'confirm' }, error: null, reasonKey: null })
    expect(snap()).toMatchObject({ stepIndex: 3, stepCount: 4, canGoBack: true })
    send({ type: 'CANCEL' })
    expect(cancels.map((c) => c.input)).toEqual([{ reasonKey: null, feedback: '' }])
    expect(events).toEqual([])
  })

  it('CANCEL on the reason screen keeps a reason already chosen, and records it', () => {
    const { send, snap, events } = setup()
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'CANCEL' })
    expect(snap()).toMatchObject({ screen: { kind: 'confirm' }, reasonKey: 'too_expensive' })
    expect(events).toEqual([{ step: 'reason_selected', reasonKey: 'too_expensive' }])
  })

  it('CANCEL on the reason screen of a flow without a confirm step cancels at once', () => {
    const config = withFlow({
      steps: ['reason', 'feedback', 'offer'],
      require_reason: true,
      collect_feedback: true,
    })
    const { send, cancels } = setup({ config })
    send({ type: 'CANCEL' })
    expect(cancels.map((c) => c.input)).toEqual([{ reasonKey: null, feedback: '' }])
  })

  it('when off, continues without a reason: generic feedback, then the first usable offer', () => {
    const config = withFlow({
      steps: ['reason', 'feedback', 'offer', 'confirm'],
      require_reason: false,
      collect_feedback: true,
    })
    const { send, snap, events } = setup({ config })
    send({ type: 'NEXT' })
    expect(snap()).toMatchObject({ screen: { kind: 'feedback', category: 'any_reason' }, reasonKey: null })
    send({ type: 'NEXT' })
    expect(snap().screen).toEqual({ kind: 'offer', offer: 'discount' })
    expect(events).toEqual([{ step: 'offer_shown', offer: 'discount' }])
  })
})

describe('optional steps', () => {
  it('without a feedback step (or collect_feedback off) goes from reason straight to the offer', () => {
    for (const flow of [
      { steps: ['reason', 'offer', 'confirm'], require_reason: true, collect_feedback: true },
      { steps: ['reason', 'feedback', 'offer', 'confirm'], require_reason: true, collect_feedback: false },
    ] satisfies Flow[]) {
      const { send, snap } = setup({ config: withFlow(flow) })
      send({ type: 'SELECT_REASON', key: 'not_using' })
      send({ type: 'NEXT' })
      expect(snap()).toMatchObject({ screen: { kind: 'offer', offer: 'pause' }, stepIndex: 1, stepCount: 3 })
    }
  })

  it('without a reason step opens on generic feedback and offers the first usable offer in order', () => {
    const config = withFlow(
      { steps: ['feedback', 'offer', 'confirm'], require_reason: true, collect_feedback: true },
      (c) => {
        c.discount.enabled = false
      },
    )
    const { send, snap } = setup({ config })
    expect(snap()).toMatchObject({ screen: { kind: 'feedback', category: 'any_reason' }, canGoBack: false })
    send({ type: 'NEXT' })
    expect(snap().screen).toEqual({ kind: 'offer', offer: 'pause' })
  })

  it('without a confirm step, declining performs the cancellation', () => {
    const config = withFlow({ steps: ['reason', 'offer'], require_reason: true, collect_feedback: true })
    const { send, snap, cancels } = setup({ config })
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    send({ type: 'DECLINE_OFFER' })
    expect(cancels.map((c) => c.input)).toEqual([{ reasonKey: 'too_expensive', feedback: '' }])
    expect(snap()).toMatchObject({ screen: { kind: 'offer' }, status: 'working', actions: [] })
  })

  it('with only a reason step, Continue performs the cancellation', () => {
    const { send, cancels } = setup({
      config: withFlow({ steps: ['reason'], require_reason: true, collect_feedback: true }),
    })
    send({ type: 'SELECT_REASON', key: 'bad_support' })
    send({ type: 'NEXT' })
    expect(cancels).toHaveLength(1)
  })

  it('never cancels unasked: with no screen to show it opens on confirm', () => {
    const config = withFlow({ steps: ['offer'], require_reason: true, collect_feedback: true }, (c) => {
      c.compliance = { suppress_offers: true, suppress_offers_in: [] }
    })
    const { snap, cancels } = setup({ config })
    expect(snap()).toMatchObject({ screen: { kind: 'confirm' }, stepIndex: 0, stepCount: 1 })
    expect(cancels).toHaveLength(0)
  })

  it('drops the reason step when no reason is enabled', () => {
    const { snap } = setup({ reasons: [] })
    expect(snap().screen).toEqual({ kind: 'feedback', category: 'any_reason' })
  })

  it('records offer_shown when the flow opens on an offer', () => {
    const config = withFlow({ steps: ['offer', 'confirm'], require_reason: true, collect_feedback: true })
    const { snap, events } = setup({ config })
    expect(snap().screen).toEqual({ kind: 'offer', offer: 'discount' })
    expect(events).toEqual([{ step: 'offer_shown', offer: 'discount' }])
  })
})

describe('CANCEL on feedback and offer screens', () => {
  it('from feedback skips the offer and goes straight to confirm', () => {
    const { send, snap } = setup()
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    send({ type: 'CANCEL' })
    expect(snap().screen).toEqual({ kind: 'confirm' })
  })

  it('from an offer goes to confirm', () => {
    const { send, snap } = setup()
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    send({ type: 'NEXT' })
    send({ type: 'CANCEL' })
    expect(snap().screen).toEqual({ kind: 'confirm' })
  })

  it('from feedback without a confirm step performs the cancellation', () => {
    const config = withFlow({
      steps: ['reason', 'feedback', 'offer'],
      require_reason: true,
      collect_feedback: true,
    })
    const { send, cancels } = setup({ config })
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    send({ type: 'SET_FEEDBACK', text: '  too pricey  ' })
    send({ type: 'CANCEL' })
    expect(cancels.map((c) => c.input)).toEqual([{ reasonKey: 'too_expensive', feedback: 'too pricey' }])
  })
})

describe('BACK', () => {
  it('retraces the path actually taken, and is not offered on the first screen', () => {
    const { send, snap } = setup()
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    send({ type: 'CANCEL' }) // feedback → confirm, skipping the offer
    send({ type: 'BACK' })
    expect(snap().screen).toEqual({ kind: 'feedback', category: 'any_reason' })
    send({ type: 'BACK' })
    expect(snap()).toMatchObject({ screen: { kind: 'reason' }, canGoBack: false, reasonKey: 'too_expensive' })
    expect(snap().actions).not.toContain('back')
    send({ type: 'BACK' })
    expect(snap().screen).toEqual({ kind: 'reason' })
  })

  it('after going back, a new reason leads down its own path', () => {
    const { send, snap } = setup()
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    send({ type: 'BACK' })
    send({ type: 'SELECT_REASON', key: 'switched' })
    send({ type: 'NEXT' })
    expect(snap().screen).toEqual({ kind: 'feedback', category: 'switched_competitor' })
    send({ type: 'NEXT' })
    expect(snap().screen).toEqual({ kind: 'offer', offer: 'plan_switch' })
  })
})

describe('opening anywhere (initialScreen)', () => {
  it('opens on any screen, records nothing, and gives BACK the path before it', () => {
    const { send, snap, events } = setup({ initialScreen: { kind: 'offer', offer: 'pause' } })
    expect(snap()).toMatchObject({ screen: { kind: 'offer', offer: 'pause' }, selection: { months: 1 } })
    expect(events).toEqual([])
    send({ type: 'BACK' })
    expect(snap().screen).toEqual({ kind: 'feedback', category: 'any_reason' })
    expect(setup({ initialScreen: { kind: 'success', offer: 'discount' } }).snap()).toMatchObject({
      screen: { kind: 'success', offer: 'discount' },
      canGoBack: false,
      actions: ['close'],
    })
    const final = setup({ initialScreen: { kind: 'final' } })
    expect(final.snap()).toMatchObject({ screen: { kind: 'final' }, stepIndex: 4, stepCount: 4 })
    expect(final.events).toEqual([])
  })

  it('initialScreen opens anywhere without recording anything', () => {
    const { snap, events } = setup({ initialScreen: { kind: 'offer', offer: 'plan_switch' } })
    expect(snap()).toMatchObject({
      screen: { kind: 'offer', offer: 'plan_switch' },
      selection: { planId: 'price_pro' },
    })
    expect(snap().canGoBack).toBe(true)
    expect(events).toEqual([])
  })
})
