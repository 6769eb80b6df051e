import { describe, expect, it, vi } from 'vitest'
import type { CancelFlowConfig } from '../config/types'
import type { OfferType } from '../config/vocabulary'
import { isTerminal } from './graph'
import { createFlowMachine } from './machine'
import { ALL_OFFERS, TEST_REASONS, testConfig } from './test-config'
import { flush } from './test-harness'
import type { FlowEvent, FlowMachineOptions, FlowSnapshot } from './types'

/**
 * DESIGN 4, Compliance: every step shows a visible way to finish cancelling, and offers are never shown
 * without it. This walks every screen reachable by the subscriber's own buttons (calls fail, so error
 * states are walked too) for several configs, and from each one follows "cancel" to the cancellation.
 */

type Flow = NonNullable<CancelFlowConfig['cancellation_flow']>
const flow = (steps: Flow['steps'], require_reason = true, collect_feedback = true) =>
  testConfig((c) => {
    c.cancellation_flow = { steps, require_reason, collect_feedback }
  })

const CONFIGS: [string, Partial<FlowMachineOptions>][] = [
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

async function replay(options: Partial<FlowMachineOptions>, events: readonly FlowEvent[]) {
  const effects = {
    acceptOffer: vi.fn(() => Promise.reject(new Error('offer failed'))),
    cancel: vi.fn(() => Promise.reject(new Error('cancel failed'))),
    record: vi.fn(),
  }
  const machine = createFlowMachine({
    config: testConfig(),
    reasons: TEST_REASONS,
    eligibleOffers: ALL_OFFERS,
    effects,
    ...options,
  })
  for (const event of events) {
    machine.send(event)
    await flush()
  }
  return { machine, effects }
}

const signature = (s: FlowSnapshot) =>
  JSON.stringify([s.screen, s.reasonKey, s.status, s.actions, s.selection, s.stepIndex])

/** Every distinct non-terminal snapshot reachable without staying or closing, with a path to it. */
async function reachable(options: Partial<FlowMachineOptions>) {
  const found = new Map<string, { snapshot: FlowSnapshot; path: FlowEvent[] }>()
  let frontier: FlowEvent[][] = [[]]
  while (frontier.length > 0) {
    const next: FlowEvent[][] = []
    for (const path of frontier) {
      const snapshot = (await replay(options, path)).machine.getSnapshot()
      const key = signature(snapshot)
      if (found.has(key) || isTerminal(snapshot.screen)) continue
      found.set(key, { snapshot, path })
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
      expect(snapshot.actions, where).toContain(snapshot.screen.kind === 'reason' ? 'next' : 'cancel')
      if (snapshot.screen.kind === 'offer') expect(snapshot.actions, where).toContain('cancel')

      // Follow the cancel button (choosing a reason where one is required) to the cancellation itself.
      const { machine, effects } = await replay(options, path)
      const acceptsBefore = effects.acceptOffer.mock.calls.length
      for (let step = 0; step < 5 && effects.cancel.mock.calls.length === 0; step++) {
        const now = machine.getSnapshot()
        if (now.screen.kind === 'reason' && now.reasonKey === null && machine.context.graph.requireReason) {
          machine.send({ type: 'SELECT_REASON', key: machine.context.reasons[0]?.key ?? '' })
        }
        machine.send({ type: 'CANCEL' })
        await flush()
      }
      expect(effects.cancel, where).toHaveBeenCalled()
      expect(effects.acceptOffer.mock.calls.length, where).toBe(acceptsBefore)
    }
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

  it('never shows an offer when offers are suppressed', async () => {
    for (const [, options] of CONFIGS.filter(
      ([name]) => name === 'offers suppressed' || name === 'nothing eligible',
    )) {
      const states = await reachable(options)
      expect(states.some((s) => s.snapshot.screen.kind === 'offer')).toBe(false)
    }
  })
})
