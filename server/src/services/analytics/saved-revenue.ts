import { monthsInRange } from '@retainkit/shared/analytics'
import type { SavedRevenueData } from '@retainkit/shared/api'
import { SAVE_MECHANISMS, type SaveMechanism } from '@retainkit/shared/vocabulary'
import type { AnalyticsRange } from './range'
import { MoneyParts, type MoneyRow } from './saved-money'

const isSaveMechanism = (value: string): value is SaveMechanism =>
  (SAVE_MECHANISMS as readonly string[]).includes(value)

/**
 * The saved-revenue data set: per currency (never added across), the MRR the range's saves kept when
 * accepted (`gross`) and what each is now (`kept`, `paused`, `lost`, `unknown`: saved-money.ts), in
 * total, per UTC month of the save (zero-filled over the range) and per save offer. Reactivation wins
 * (the banner) are not cancel-flow saves and are left out, as the shared `savedRevenue` leaves them.
 * Amounts in each currency's ISO minor unit, each figure rounded once.
 */
export function shapeSavedRevenue(
  rows: readonly MoneyRow[],
  range: AnalyticsRange,
  now: Date,
): SavedRevenueData {
  const counted = rows.filter((row) => isSaveMechanism(row.mechanism))
  const all = new MoneyParts()
  const byMonth = new Map(monthsInRange(range.start, range.end).map((month) => [month, new MoneyParts()]))
  const byMechanism = new Map(SAVE_MECHANISMS.map((mechanism) => [mechanism, new MoneyParts()]))
  for (const row of counted) {
    all.add(row)
    byMonth.get(row.month)?.add(row)
    byMechanism.get(row.mechanism as SaveMechanism)?.add(row)
  }
  return {
    asOf: now.toISOString(),
    currencies: all.currencies.map((currency) => ({
      currency,
      ...all.figures(currency),
      byMonth: [...byMonth].map(([month, parts]) => ({ month, ...parts.figures(currency) })),
      byMechanism: [...byMechanism].map(([mechanism, parts]) => ({ mechanism, ...parts.figures(currency) })),
    })),
  }
}
