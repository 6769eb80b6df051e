import { describe, expect, it } from 'vitest'
import type { CancelFlowConfig } from '../config/types'
import { countedSteps, createPlanContext } from './graph'
import { CALL_FAILED_MESSAGE, CANCEL_ATTEMPTS, HAND_OVER_MESSAGE } from './machine'
import { ALL_OFFERS, TEST_REASONS, testConfig } from './test-config'
import { APPLIED, flush, SCHEDULED, setup } from './test-harness'

/**
 * Never trapped: a cancellation that cannot be carried out here hands over to the merchant's own cancel
 * page instead of offering "Try again" forever; and "Step x of y" keeps one total for the whole flow.
 */

const failOn = async (harness: ReturnType<typeof setup>, index: number, error: unknown) => {
  harness.cancels[index]?.call.reject(error)
  await flush()
}

describe('handing over a cancellation that keeps failing', () => {
  it(`hands over after ${CANCEL_ATTEMPTS} failed cancel calls, with nothing left but close`, async () => {
    const harness = setup({ initialScreen: { kind: 'confirm' } })
    const { send, snap, cancels } = harness
    send({ type: 'CANCEL' })
    await failOn(harness, 0, new Error('Stripe is down'))
    expect(snap()).toMatchObject({ status: 'error', handedOver: false, error: CALL_FAILED_MESSAGE })
    expect(snap().actions).toContain('retry')
    send({ type: 'RETRY' })
    await failOn(harness, 1, new Error('Stripe is still down'))
    expect(snap()).toMatchObject({
      screen: { kind: 'confirm' },
      status: 'error',
      error: HAND_OVER_MESSAGE,
      handedOver: true,
      actions: ['close'],
      canGoBack: false,
    })
    // Nothing can start a third attempt.
    for (const type of ['CANCEL', 'RETRY', 'STAY', 'BACK', 'NEXT'] as const) send({ type })
    expect(cancels).toHaveLength(2)
    expect(snap().handedOver).toBe(true)
  })

  it('counts failures across screens and buttons (a cancel pressed again is a retry too)', async () => {
    const config = testConfig((c) => {
      c.cancellation_flow = { steps: ['reason', 'offer'], require_reason: false, collect_feedback: false }
    })
    const harness = setup({ config })
    const { send, snap } = harness
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    send({ type: 'DECLINE_OFFER' })
    await failOn(harness, 0, new Error('down'))
    send({ type: 'CANCEL' })
    await failOn(harness, 1, new Error('down'))
    expect(snap()).toMatchObject({ handedOver: true, error: HAND_OVER_MESSAGE })
  })

  it('hands over at the first failure the widget marks as not ours to do (handOver)', async () => {
    const harness = setup({ initialScreen: { kind: 'confirm' } })
    harness.send({ type: 'CANCEL' })
    await failOn(harness, 0, Object.assign(new Error('No Stripe here'), { handOver: true }))
    expect(harness.snap()).toMatchObject({ handedOver: true, actions: ['close'] })
  })

  it('failed offers never count: the way to cancel stays open', async () => {
    const { send, snap, accepts } = setup({ initialScreen: { kind: 'offer', offer: 'discount' } })
    for (let i = 0; i < 3; i++) {
      send({ type: i ? 'RETRY' : 'ACCEPT_OFFER' })
      accepts[i]?.call.reject(new Error('offer failed'))
      await flush()
    }
    expect(snap()).toMatchObject({ handedOver: false, status: 'error' })
    expect(snap().actions).toEqual(expect.arrayContaining(['retry', 'cancel', 'stay']))
  })

  it('closing while handing over ends the flow without recording an abandonment', async () => {
    const harness = setup({ initialScreen: { kind: 'confirm' } })
    const { send, snap, events } = harness
    send({ type: 'CANCEL' })
    await failOn(harness, 0, new Error('down'))
    send({ type: 'CANCEL' })
    await failOn(harness, 1, new Error('down'))
    send({ type: 'CLOSE' })
    expect(snap()).toMatchObject({ done: true, handedOver: true, result: { outcome: 'closed' } })
    expect(events).toEqual([])
  })

  it('a success after one failure is an ordinary cancellation; a new machine starts afresh', async () => {
    const harness = setup({ initialScreen: { kind: 'confirm' } })
    const { send, snap, cancels } = harness
    send({ type: 'CANCEL' })
    await failOn(harness, 0, new Error('down'))
    send({ type: 'RETRY' })
    cancels[1]?.call.resolve(SCHEDULED)
    await flush()
    expect(snap()).toMatchObject({ screen: { kind: 'final' }, handedOver: false })

    const again = setup({ initialScreen: { kind: 'confirm' } })
    again.send({ type: 'CANCEL' })
    await failOn(again, 0, new Error('down'))
    again.send({ type: 'CANCEL' })
    await failOn(again, 1, new Error('down'))
    expect(again.snap()).toMatchObject({ handedOver: true })
    const afresh = setup({ initialScreen: { kind: 'confirm' } })
    expect(afresh.snap()).toMatchObject({ handedOver: false, error: null })
    afresh.send({ type: 'CANCEL' })
    await failOn(afresh, 0, new Error('down'))
    expect(afresh.snap()).toMatchObject({ handedOver: false, status: 'error' })
  })
})

describe('"Step x of y"', () => {
  const flow = (edit?: (config: CancelFlowConfig) => void) => testConfig(edit)

  it('keeps one total whichever reason is chosen, offer or not', () => {
    for (const reason of TEST_REASONS.filter((r) => r.enabled)) {
      const { send, snap, accepts } = setup()
      const totals = new Set([snap().stepCount])
      send({ type: 'SELECT_REASON', key: reason.key })
      totals.add(snap().stepCount)
      send({ type: 'NEXT' })
      totals.add(snap().stepCount)
      send({ type: 'NEXT' })
      totals.add(snap().stepCount)
      if (snap().screen.kind === 'offer') {
        send({ type: 'BACK' })
        totals.add(snap().stepCount)
        send({ type: 'NEXT' })
        send({ type: 'DECLINE_OFFER' })
        totals.add(snap().stepCount)
      }
      expect(snap().screen.kind, reason.key).toBe('confirm')
      expect([...totals], reason.key).toEqual([4])
      expect(snap().stepIndex, reason.key).toBe(3)
      expect(accepts).toHaveLength(0)
    }
  })

  it('is the same for the stand-in machine and the session machine (eligibility does not change it)', () => {
    const reasons = TEST_REASONS
    const early = createPlanContext({
      config: testConfig(),
      reasons,
      eligibleOffers: ALL_OFFERS,
    })
    const session = createPlanContext({
      config: testConfig(),
      reasons,
      eligibleOffers: [],
      subscriber: { planId: 'price_basic' },
    })
    expect(session.steps).toEqual(early.steps)
    expect(early.steps).toEqual(['reason', 'feedback', 'offer', 'confirm'])
  })

  it('counts the offer step only when the config has an offer to show', () => {
    const graphOf = (config: CancelFlowConfig) =>
      createPlanContext({ config, reasons: TEST_REASONS, eligibleOffers: ALL_OFFERS })
    const none = flow((c) => {
      for (const offer of ALL_OFFERS) c[offer].enabled = false
    })
    expect(countedSteps(none, graphOf(none).graph)).toEqual(['reason', 'feedback', 'confirm'])
    const suppressed = flow((c) => {
      c.compliance = { suppress_offers: true, suppress_offers_in: [] }
    })
    expect(graphOf(suppressed).steps).toEqual(['reason', 'feedback', 'confirm'])
  })

  it('a saved offer ends the count (the success screen is past the last step)', async () => {
    const { send, snap, accepts } = setup({ initialScreen: { kind: 'offer', offer: 'discount' } })
    expect(snap()).toMatchObject({ stepIndex: 2, stepCount: 4 })
    send({ type: 'ACCEPT_OFFER' })
    accepts[0]?.call.resolve(APPLIED)
    await flush()
    expect(snap()).toMatchObject({ screen: { kind: 'success' }, stepIndex: 4, stepCount: 4 })
  })
})
