import { describe, expect, it } from 'vitest'
import { setup } from './test-harness'
import type { FlowSnapshot } from './types'

describe('the store contract (useSyncExternalStore)', () => {
  it('returns the same snapshot object until something changes, then a new one', () => {
    const { send, snap } = setup()
    const first = snap()
    expect(snap()).toBe(first)
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    const second = snap()
    expect(second).not.toBe(first)
    expect(snap()).toBe(second)
  })

  it('never mutates a published snapshot', () => {
    const { send, snap } = setup()
    const first = snap()
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    send({ type: 'NEXT' })
    expect(first).toMatchObject({ screen: { kind: 'reason' }, reasonKey: null, stepIndex: 0 })
    expect(Object.isFrozen(first)).toBe(true)
    expect(Object.isFrozen(first.actions)).toBe(true)
    expect(Object.isFrozen(first.selection)).toBe(true)
    expect(() => {
      ;(first as { reasonKey: string | null }).reasonKey = 'x'
    }).toThrow(TypeError)
  })

  it('notifies each subscriber with the new snapshot until it unsubscribes', () => {
    const { machine, send } = setup()
    const seenA: FlowSnapshot[] = []
    const seenB: FlowSnapshot[] = []
    const unsubscribeA = machine.subscribe((s) => seenA.push(s))
    machine.subscribe((s) => seenB.push(s))
    send({ type: 'SELECT_REASON', key: 'too_expensive' })
    expect(seenA).toEqual([machine.getSnapshot()])
    expect(seenA[0]).toBe(machine.getSnapshot())
    unsubscribeA()
    send({ type: 'NEXT' })
    expect(seenA).toHaveLength(1)
    expect(seenB).toHaveLength(2)
    expect(seenB[1]?.screen.kind).toBe('feedback')
  })

  it('does not notify for ignored events', () => {
    const { machine, send } = setup()
    let calls = 0
    machine.subscribe(() => {
      calls++
    })
    send({ type: 'BACK' }) // not offered on the first screen
    send({ type: 'ACCEPT_OFFER' }) // not an offer screen
    send({ type: 'SET_FEEDBACK', text: 'x' }) // not the feedback screen
    send({ type: 'SELECT_REASON', key: 'unknown' })
    expect(calls).toBe(0)
  })

  it('exposes the fixed context: shown reasons, plan and the words resolved for the subscriber', () => {
    const { machine } = setup({ subscriber: { planName: 'Pro' } })
    expect(machine.context.reasons.map((r) => r.key)).not.toContain('retired')
    expect(machine.context.plan.requireReason).toBe(true)
    expect(machine.context.words.screens['reason.']?.headline).toBe('Why are you leaving, Pro?')
    expect(Object.isFrozen(machine.context)).toBe(true)
  })
})
