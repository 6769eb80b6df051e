import { describe, expect, it, vi } from 'vitest'
import type { CancelFlowConfig } from '../config/types'
import type { OfferType } from '../config/vocabulary'
import { HAND_OVER_MESSAGE } from './machine'
import { isTerminal, stepProgress } from './path'
import { TEST_REASONS, testConfig } from './test-config'
import { flush, type PlannedOptions, plannedMachine } from './test-harness'
import type { FlowEvent, FlowSnapshot } from './types'

/**
 * Compliance: every step shows a visible way to finish cancelling, and offers are never shown
 * without it. This walks every screen reachable by the subscriber's own buttons (calls fail, so error
 * states are walked too) for several configs, and from each one follows "cancel" to the cancellation.
 */

type Flow = NonNullable<CancelFlowConfig['cancellation_flow']>
const flow = (steps: Flow['steps'], require_reason = true, collect_feedback = true) =>
  testConfig((c) => {
    c.cancellation_flow = { steps, require_reason, collect_feedback }
  })

const CONFIGS: [string, PlannedOptions][] = [
  ['default', {}],
  ['optional reason', { config: flow(['reason', 'feedback', 'offer', 'confirm'], false) }],
  ['no confirm', { config: flow(['reason', 'feedback', 'offer']) }],
  ['reason and offer only', { config: flow(['reason', 'offer']) }],
  ['no reason step', { config: flow(['feedback', 'offer', 'confirm']) }],
  ['offer only', { config: flow(['offer']) }],
  ['feedback not collected', { config: flow(['reason', 'feedback', 'offer', 'confirm'], true, false) }],
  [
    'offers suppressed',
    {
      config: testConfig((c) => {
        c.compliance = { suppress_offers: true, suppress_offers_in: ['US-MN'] }
      }),
    },
  ],
  ['nothing eligible', { eligibleOffers: [] as OfferType[] }],
]

const EVENTS: FlowEvent[] = [
  { type: 'NEXT' },
  { type: 'BACK' },
  { type: 'ACCEPT_OFFER' },
  { type: 'DECLINE_OFFER' },
  { type: 'CANCEL' },
  { type: 'SELECT_OPTION', months: 2 },
  ...TEST_REASONS.map((reason): FlowEvent => ({ type: 'SELECT_REASON', key: reason.key })),
]

async function replay(options: PlannedOptions, events: readonly FlowEvent[]) {
  const effects = {
    acceptOffer: vi.fn(() => Promise.reject(new Error('offer failed'))),
    cancel: vi.fn(() => Promise.reject(new Error('cancel failed'))),
    record: vi.fn(),
  }
  const machine = plannedMachine({ effects, ...options })
  for (const event of events) {
    machine.send(event)
    await flush()
  }
  return { machine, effects }
}

const signature = (s: FlowSnapshot) =>
  JSON.stringify([s.screen, s.reasonKey, s.status, s.actions, s.selection])

/** Every distinct non-terminal snapshot reachable without staying or closing, with a path to it. */
async function reachable(options: PlannedOptions) {
  const found = new Map<string, { snapshot: FlowSnapshot; path: FlowEvent[]; stepCount: number }>()
  let frontier: FlowEvent[][] = [[]]
  while (frontier.length > 0) {
    const next: FlowEvent[][] = []
    for (const path of frontier) {
      const { machine } = await replay(options, path)
      const snapshot = machine.getSnapshot()
      const key = signature(snapshot)
      // Handed over: the widget leaves for the merchant's cancel page (checked on its own below).
      if (found.has(key) || isTerminal(snapshot.screen) || snapshot.handedOver) continue
      found.set(key, {
        snapshot,
        path,
        stepCount: stepProgress(machine.context.plan, snapshot.screen).stepCount,
      })
      for (const event of EVENTS) next.push([...path, event])
    }
    frontier = next
  }
  return [...found.values()]
}

describe('a way to finish cancelling on every step', () => {
  it.each(CONFIGS)('%s', async (_name, options) => {
    const states = await reachable(options)
    expect(states.length).toBeGreaterThan(0)
    for (const { snapshot, path } of states) {
      const where = `${JSON.stringify(snapshot.screen)} after ${JSON.stringify(path)}`
      expect(snapshot.actions, where).toContain('stay')
      // The reason screen included: leaving never depends on answering a question first.
      expect(snapshot.actions, where).toContain('cancel')

      // Follow the cancel button to the cancellation itself.
      const { machine, effects } = await replay(options, path)
      const acceptsBefore = effects.acceptOffer.mock.calls.length
      for (let step = 0; step < 5 && effects.cancel.mock.calls.length === 0; step++) {
        machine.send({ type: 'CANCEL' })
        await flush()
      }
      expect(effects.cancel, where).toHaveBeenCalled()
      expect(effects.acceptOffer.mock.calls.length, where).toBe(acceptsBefore)
    }
    // "Step x of y": one total for the whole flow, whatever path was taken.
    const totals = new Set(states.map((s) => s.stepCount))
    expect(totals.size).toBe(1)
  })

  it('the walk reaches every kind of step in the default flow, including error states', async () => {
    const states = await reachable({})
    const kinds = new Set(states.map((s) => s.snapshot.screen.kind))
    expect([...kinds].sort()).toEqual(['confirm', 'feedback', 'offer', 'reason'])
    const offers = new Set(
      states.flatMap((s) => (s.snapshot.screen.kind === 'offer' ? [s.snapshot.screen.offer] : [])),
    )
    expect(offers.size).toBe(4)
    expect(states.some((s) => s.snapshot.status === 'error' && s.snapshot.screen.kind === 'offer')).toBe(true)
  })

  it('a cancellation that fails twice hands over, whatever the path: nothing left to retry', async () => {
    let checked = 0
    for (const [name, options] of CONFIGS) {
      // Every failed state the walk found (a failed accept or a first failed cancel), then cancel on.
      const failures = (await reachable(options)).filter((s) => s.snapshot.status === 'error')
      for (const { path } of failures) {
        const { machine, effects } = await replay(options, path)
        for (let i = 0; i < 4 && !machine.getSnapshot().handedOver; i++) {
          machine.send({ type: 'CANCEL' })
          await flush()
        }
        expect(machine.getSnapshot(), name).toMatchObject({
          handedOver: true,
          error: HAND_OVER_MESSAGE,
          actions: ['close'],
        })
        expect(effects.cancel, name).toHaveBeenCalledTimes(2)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(CONFIGS.length)
  })

  it('never shows an offer when offers are suppressed', async () => {
    for (const [, options] of CONFIGS.filter(
      ([name]) => name === 'offers suppressed' || name === 'nothing eligible',
    )) {
      const states = await reachable(options)
      expect(states.some((s) => s.snapshot.screen.kind === 'offer')).toBe(false)
    }
  })
})
