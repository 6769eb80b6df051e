import { describe, expect, it } from 'vitest'
import { parseScreen } from './parse-screen'

describe('parseScreen (the preview checks outside screens before the machine sees them)', () => {
  it('keeps the screens of the flow, as frozen copies with only their own fields', () => {
    for (const screen of [
      { kind: 'reason' },
      { kind: 'feedback', category: 'switched_competitor' },
      { kind: 'offer', offer: 'billing_cycle_switch' },
      { kind: 'confirm' },
      { kind: 'success', offer: 'pause' },
      { kind: 'final' },
    ]) {
      const parsed = parseScreen({ ...screen, extra: '<script>' })
      expect(parsed).toEqual(screen)
      expect(Object.isFrozen(parsed)).toBe(true)
    }
  })

  it('refuses anything else', () => {
    for (const value of [
      { kind: 'offer', offer: 'bogus' },
      { kind: 'success' },
      { kind: 'feedback', category: 'bogus' },
      { kind: 'nowhere' },
      { kind: 'toString' },
      {},
      null,
      undefined,
      'reason',
      42,
    ])
      expect(parseScreen(value)).toBeNull()
  })
})
