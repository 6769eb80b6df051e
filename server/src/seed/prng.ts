/**
 * A small seeded pseudo-random generator (mulberry32): the demo history must come out the same on
 * every machine and every run for a given clock, so tests can assert exact counts. Not for secrets.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  /** True with probability `p`. */
  chance(p: number): boolean
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T
  /** One key by weight; weights need not sum to 1. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new RangeError('pick from an empty list')
      return item
    },
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][]
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
      let roll = next() * total
      for (const [key, weight] of entries) {
        roll -= weight
        if (roll < 0) return key
      }
      const last = entries[entries.length - 1]
      if (!last) throw new RangeError('weighted pick from no weights')
      return last[0]
    },
  }
}
