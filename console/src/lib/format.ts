/**
 * Numbers as the reader's locale writes them (Intl, the browser's language), one rounding rule per
 * figure: counts are whole numbers with the locale's grouping ("3,088"); the save rate keeps the spec's
 * two decimals wherever it shows ("27.16%", tile, card, tooltip and experiment arm alike), and so do
 * its changes in points; other percentages (a reason's share, a still-active rate) show the hundredths
 * the shared maths computes, without trailing zeros ("34.5%"). Money has its own type and formatter
 * (@retainkit/shared/money).
 */

const formats = new Map<string, Intl.NumberFormat>()
function format(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let cached = formats.get(key)
  if (!cached) {
    cached = new Intl.NumberFormat(undefined, options)
    formats.set(key, cached)
  }
  return cached
}

/** 3088 → "3,088" (in the reader's locale). */
export const formatCount = (value: number): string =>
  format('count', { maximumFractionDigits: 0 }).format(value)

/** The save rate, a percentage: 27.164 → "27.16%"; null (nobody finished) → "—". */
export const formatSaveRate = (percent: number | null): string =>
  percent === null
    ? '—'
    : format('rate', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        percent / 100,
      )

/** A change of the save rate in percentage points, unsigned: 1.254 → "1.25". */
export const formatPoints = (points: number): string =>
  format('points', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(points)

/** Any other percentage: 34.5 → "34.5%", 50 → "50%"; null → "—". */
export const formatPercent = (percent: number | null): string =>
  percent === null
    ? '—'
    : format('percent', { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100)

/** A number in a table cell: counts grouped, fractions with up to two decimals. */
export const formatNumber = (value: number): string =>
  Number.isInteger(value) ? formatCount(value) : format('number', { maximumFractionDigits: 2 }).format(value)
