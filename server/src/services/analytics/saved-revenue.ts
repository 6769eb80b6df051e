import { compareCodePoints, monthsInRange, type SavedRevenue, toCount } from '@retainkit/shared/analytics'
import { SAVE_MECHANISMS, type SaveMechanism } from '@retainkit/shared/vocabulary'
import type { SavedRevenueRow } from './queries'
import type { AnalyticsRange } from './range'

/** The saved-revenue data set: shared `SavedRevenue` plus the currency its amounts are in. */
export interface SavedRevenueData extends SavedRevenue {
  /** ISO currency code, lower case as Stripe writes it; null when no counted save records one. */
  currency: string | null
}

const isSaveMechanism = (value: string): value is SaveMechanism =>
  (SAVE_MECHANISMS as readonly string[]).includes(value)

/**
 * Shapes the per-(month, mechanism, currency) sums of `savesByMonth` exactly as shared `savedRevenue`
 * shapes individual saves — MRR kept is `mrr_after` in minor units, months zero-filled over the range,
 * all four mechanisms present — without loading the saves themselves. Two decisions of ours:
 * - Reactivation wins (mechanism 'reactivation', from the banner) are not cancel-flow saves; like the
 *   shared function, they are left out.
 * - Amounts in different currencies cannot be added. The range's main currency (most saves; ties by
 *   code) is reported and only its saves are summed; saves without a recorded currency count with it.
 */
export function shapeSavedRevenue(rows: readonly SavedRevenueRow[], range: AnalyticsRange): SavedRevenueData {
  const counted = rows.filter((row) => isSaveMechanism(row.mechanism))
  const savesPerCurrency = new Map<string, number>()
  for (const row of counted) {
    if (row.currency !== null) {
      savesPerCurrency.set(row.currency, (savesPerCurrency.get(row.currency) ?? 0) + toCount(row.saves))
    }
  }
  const currency =
    [...savesPerCurrency].sort(
      ([a, countA], [b, countB]) => countB - countA || compareCodePoints(a, b),
    )[0]?.[0] ?? null

  const byMonth = new Map(monthsInRange(range.start, range.end).map((month) => [month, { mrr: 0, saves: 0 }]))
  const byMechanism = Object.fromEntries(SAVE_MECHANISMS.map((mechanism) => [mechanism, 0])) as Record<
    SaveMechanism,
    number
  >
  let total = 0
  for (const row of counted) {
    if (row.currency !== null && row.currency !== currency) continue
    const bucket = byMonth.get(row.month)
    if (!bucket || !isSaveMechanism(row.mechanism)) continue
    const mrr = toCount(row.mrr)
    bucket.mrr += mrr
    bucket.saves += toCount(row.saves)
    byMechanism[row.mechanism] += mrr
    total += mrr
  }
  return {
    total,
    currency,
    byMonth: [...byMonth].map(([month, bucket]) => ({ month, ...bucket })),
    byMechanism,
  }
}
