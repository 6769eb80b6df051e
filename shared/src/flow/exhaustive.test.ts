import { describe, expect, expectTypeOf, it } from 'vitest'
import { OFFER_TYPES, type OfferType } from '../config/vocabulary'
import { SCREEN_ACTIONS } from './machine'
import { offerOptions } from './offers'
import { SCREEN_RANK } from './path'
import { testConfig } from './test-config'
import { type FlowScreen, type FlowScreenKind, SCREEN_KINDS } from './types'

/**
 * The per-screen and per-offer tables are `Record`s over the closed unions, so a new screen kind or
 * offer type fails to compile until handled. The type assertions below are checked by `tsc`.
 */
describe('exhaustiveness', () => {
  it('SCREEN_KINDS is exactly the kinds of FlowScreen', () => {
    expectTypeOf<(typeof SCREEN_KINDS)[number]>().toEqualTypeOf<FlowScreen['kind']>()
    expect(new Set(SCREEN_KINDS).size).toBe(SCREEN_KINDS.length)
  })

  it('every screen kind has actions and a rank', () => {
    expectTypeOf(SCREEN_ACTIONS).toExtend<Readonly<Record<FlowScreenKind, unknown>>>()
    expect(Object.keys(SCREEN_ACTIONS).sort()).toEqual([...SCREEN_KINDS].sort())
    expect(Object.keys(SCREEN_RANK).sort()).toEqual([...SCREEN_KINDS].sort())
  })

  it('every offer type has options', () => {
    for (const offer of OFFER_TYPES) expect(Array.isArray(offerOptions(offer, testConfig()))).toBe(true)
  })

  it('an incomplete Record over screen kinds or offer types does not compile', () => {
    // @ts-expect-error: 'final' is missing
    const screens: Record<FlowScreenKind, number> = {
      reason: 0,
      feedback: 1,
      offer: 2,
      confirm: 3,
      success: 4,
    }
    // @ts-expect-error: 'billing_cycle_switch' is missing
    const offers: Record<OfferType, number> = { discount: 0, pause: 1, plan_switch: 2 }
    expect(Object.keys(screens)).toHaveLength(5)
    expect(Object.keys(offers)).toHaveLength(3)
  })
})
