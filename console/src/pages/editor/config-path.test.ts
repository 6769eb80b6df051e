import { createDefaultConfig } from '@retainkit/shared/default-config'
import { describe, expect, it } from 'vitest'
import { getAt, jsonEqual, setAt } from './config-path'

describe('config paths', () => {
  it('reads nested values and array items', () => {
    const config = createDefaultConfig()
    expect(getAt(config, 'copy.general.cta_primary')).toBe('Continue')
    expect(getAt(config, 'pause.durations.1')).toBe(2)
    expect(getAt(config, 'plan_switch.plans.0.id')).toBeUndefined()
  })

  it('writes immutably, copying only the containers on the path', () => {
    const config = createDefaultConfig()
    const next = setAt(config, 'copy.general.headline', 'Wait!')
    expect(next.copy.general.headline).toBe('Wait!')
    expect(config.copy.general.headline).toBe('Before you go…')
    expect(next.copy.final).toBe(config.copy.final)
    expect(next.discount).toBe(config.discount)
  })

  it('writes array items and creates missing containers', () => {
    const config = createDefaultConfig()
    expect(setAt(config, 'pause.durations.0', 6).pause.durations).toEqual([6, 2, 3])
    const withPlan = setAt(config, 'plan_switch.plans', [{ id: 'price_1', name: 'Basic', price: '$5' }])
    expect(setAt(withPlan, 'plan_switch.plans.0.name', 'Lite').plan_switch.plans?.[0]?.name).toBe('Lite')
  })

  it('removes a key when the value is undefined', () => {
    const config = createDefaultConfig()
    const next = setAt(config, 'discount.amount', undefined)
    expect('amount' in next.discount).toBe(false)
  })

  it('compares JSON structurally, ignoring key order and undefined keys', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true)
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false)
    expect(jsonEqual({ a: 1 }, { a: '1' })).toBe(false)
  })
})
