import type { Interval } from './types'

const DAY = 86_400

/**
 * Calendar arithmetic in UTC, the way Stripe bills: a month after Jan 31 is the last day of
 * February. Callers step from the billing-cycle anchor so the day of month does not drift.
 */
export function addInterval(from: number, interval: Interval, count: number): number {
  if (interval === 'day') return from + count * DAY
  if (interval === 'week') return from + count * 7 * DAY
  const months = interval === 'month' ? count : count * 12
  const date = new Date(from * 1000)
  const day = date.getUTCDate()
  const target = new Date(date.getTime())
  target.setUTCDate(1)
  target.setUTCMonth(target.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return Math.floor(target.getTime() / 1000)
}

export function addMonths(from: number, months: number): number {
  return addInterval(from, 'month', months)
}

export function addDays(from: number, days: number): number {
  return from + days * DAY
}

/** "21 Nov 2026", the date style of Stripe's proration line descriptions. */
export function formatDate(unix: number): string {
  return new Date(unix * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
}
