/**
 * The fake's notion of "now" (unix seconds). Tests move it forward instead of waiting; every advance
 * hands the new time to the fake so due subscription transitions (period ends, scheduled cancels,
 * pause resumptions, trial ends) happen and emit their events, as Stripe's test clocks do.
 */
export interface FakeClock {
  now(): number
  /** Moves time forward and applies every transition that fell due; returns the new time. */
  advance(seconds: number): number
  /** Moves time forward to an absolute unix time (never backwards). */
  advanceTo(unixSeconds: number): number
}

export function createClock(base: () => number, onAdvance: (now: number) => void): FakeClock {
  let offset = 0
  const now = (): number => Math.floor(base()) + offset
  const advanceTo = (target: number): number => {
    const current = now()
    if (!Number.isFinite(target) || target < current) {
      throw new RangeError(`The fake clock only moves forward (now ${current}, asked for ${target})`)
    }
    offset += Math.floor(target) - current
    onAdvance(now())
    return now()
  }
  return {
    now,
    advance: (seconds) => {
      if (!Number.isFinite(seconds) || seconds < 0)
        throw new RangeError('advance() takes a positive number of seconds')
      return advanceTo(now() + seconds)
    },
    advanceTo,
  }
}
