/**
 * Exponential backoff for the durable queues (webhook deliveries, mail): `firstMs` after the first
 * failed attempt, doubling, never more than `maxMs`.
 */
export const backoffMs = (attempts: number, firstMs: number, maxMs: number): number =>
  Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs)
