import type { Clock } from '../ports/clock'

export type { Clock } from '../ports/clock'

export const systemClock: Clock = { now: () => new Date() }

/** The time in ms: the system clock's without a Date per call (a hot path's clock read), a fake's as it says. */
export const nowMs = (clock: Clock): number => (clock === systemClock ? Date.now() : clock.now().getTime())
