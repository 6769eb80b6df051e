/**
 * A clock tests move by hand (offer cooldowns, OTP expiry, month boundaries). Same shape as the
 * server's `Clock`.
 */
export interface ManualClock {
  now(): Date
  set(at: Date | string): void
  advance(milliseconds: number): void
  advanceDays(days: number): void
}

export function createManualClock(start: Date | string = '2026-06-15T12:00:00.000Z'): ManualClock {
  let current = new Date(start).getTime()
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime()
    },
    advance: (ms) => {
      current += ms
    },
    advanceDays: (days) => {
      current += days * 86_400_000
    },
  }
}
