import {
  cancellationReasons,
  type MechanismPerformance,
  mechanismPerformance,
  percentage,
  plottedSaveRate,
  type ReasonShare,
  type SaveRatePoint,
  saveRatePoint,
  type WordCloudEntry,
  writeInWords,
} from '@retainkit/shared/analytics'
import { MECHANISM_LABELS } from '../../features/labels'
import type { CsvCell } from './csv'
import type { DashboardDataset } from './dashboard-datasets'
import { type DurabilityView, durabilityTable } from './durability-shaping'
import {
  type BreakdownView,
  breakdownTable,
  FEEDBACK_IS_EMPTY,
  type SentimentView,
  sentimentTable,
  type ThemesView,
  themesTable,
} from './feedback/feedback-shaping'
import { type SavedRevenueView, savedRevenueTable } from './saved-revenue-shaping'

/**
 * Turns what the analytics API answers into what each chart, table and CSV shows. The server already
 * computes the spec's numbers; this side re-runs the shared shaping (zero-filled mechanisms, shares,
 * the top words) so a response with duplicate or missing rows still charts correctly, and ignores rows
 * that are not the documented shape instead of crashing the page.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

// ── Cancellation reasons ─────────────────────────────────────────────────────────────────────────────

export interface ReasonBar extends ReasonShare {
  label: string
}

export function shapeReasons(raw: unknown, labels: ReadonlyMap<string, string>): ReasonBar[] {
  const rows = asArray(raw).flatMap((row) =>
    isRecord(row) && typeof row.reason_key === 'string' && isCount(row.count)
      ? [{ reason_key: row.reason_key, count: row.count }]
      : [],
  )
  return cancellationReasons(rows).map((share) => ({
    ...share,
    label: reasonLabel(share.reason_key, labels),
  }))
}

/** The account's label for a key; keys of deleted reasons read as words ('too_expensive' → 'Too expensive'). */
export function reasonLabel(key: string, labels: ReadonlyMap<string, string>): string {
  const known = labels.get(key)
  if (known) return known
  const words = key.replace(/_/g, ' ').trim()
  return words === '' ? key : words.charAt(0).toUpperCase() + words.slice(1)
}

// ── Reasons over time ────────────────────────────────────────────────────────────────────────────────

export interface ReasonsOverTimeChart {
  /** One row per month: `month` plus a count per key (zero-filled). */
  rows: Array<{ month: string } & Record<string, number | string>>
  /** Series, by total descending then key. */
  keys: string[]
}

const MONTH = /^\d{4}-\d{2}$/

/**
 * Accepts the month rows (`[{month: '2026-01', too_expensive: 3, …}]`) or the same inside `{data}`.
 * Series are ordered by their total so the biggest reason is the first colour and legend entry.
 */
export function shapeReasonsOverTime(raw: unknown): ReasonsOverTimeChart {
  const source = isRecord(raw) && !Array.isArray(raw) ? raw.data : raw
  const totals = new Map<string, number>()
  const months: Array<{ month: string; counts: Map<string, number> }> = []
  for (const row of asArray(source)) {
    if (!isRecord(row) || typeof row.month !== 'string' || !MONTH.test(row.month)) continue
    const counts = new Map<string, number>()
    for (const [key, value] of Object.entries(row)) {
      if (key === 'month' || !isCount(value)) continue
      counts.set(key, value)
      totals.set(key, (totals.get(key) ?? 0) + value)
    }
    months.push({ month: row.month, counts })
  }
  months.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0))
  const keys = [...totals]
    .sort(([ka, a], [kb, b]) => b - a || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .map(([key]) => key)
  const rows = months.map(
    ({ month, counts }) =>
      Object.fromEntries([['month', month], ...keys.map((key) => [key, counts.get(key) ?? 0])]) as {
        month: string
      } & Record<string, number | string>,
  )
  return { rows, keys }
}

// ── Save mechanisms ──────────────────────────────────────────────────────────────────────────────────

export function shapeMechanisms(raw: unknown): MechanismPerformance[] {
  const rows = asArray(raw).flatMap((row) =>
    isRecord(row) && typeof row.mechanism === 'string' && isCount(row.completed) && isCount(row.skipped)
      ? [{ mechanism: row.mechanism, completed: row.completed, skipped: row.skipped }]
      : [],
  )
  return mechanismPerformance(rows)
}

// ── Save rate ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Each month's point, recomputed with the shared maths from its counts: continues are the subscribers
 * who kept their plan plus those who accepted an offer (a row without that split counts its continues
 * as kept).
 */
export function shapeSaveRate(raw: unknown): SaveRatePoint[] {
  return asArray(raw)
    .flatMap((row) => {
      if (!isRecord(row) || typeof row.month !== 'string' || !MONTH.test(row.month)) return []
      if (!isCount(row.cancellations) || !isCount(row.continues)) return []
      const split = isCount(row.kept) && isCount(row.acceptedOffers)
      const kept = split ? (row.kept as number) : row.continues
      const acceptedOffers = split ? (row.acceptedOffers as number) : 0
      if (kept + acceptedOffers !== row.continues) return []
      return [saveRatePoint(row.month, { cancellations: row.cancellations, kept, acceptedOffers })]
    })
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0))
}

/** The period's totals, which the save-rate card names above its chart. */
export function saveRateTotals(points: readonly SaveRatePoint[]): SaveRatePoint {
  const sum = (key: 'cancellations' | 'kept' | 'acceptedOffers') =>
    points.reduce((total, point) => total + point[key], 0)
  return saveRatePoint('all', {
    cancellations: sum('cancellations'),
    kept: sum('kept'),
    acceptedOffers: sum('acceptedOffers'),
  })
}

// ── Write-in words ───────────────────────────────────────────────────────────────────────────────────

export function shapeWords(raw: unknown): WordCloudEntry[] {
  const rows = asArray(raw).flatMap((row) =>
    isRecord(row) && typeof row.text === 'string' && row.text !== '' && isCount(row.value)
      ? [{ word: row.text, count: row.value }]
      : [],
  )
  return writeInWords(rows)
}

// ── Labels ───────────────────────────────────────────────────────────────────────────────────────────

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** '2026-03' → 'Mar 2026' (UTC months, like the server's buckets). */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-')
  const name = MONTHS[Number(index) - 1]
  return name && year ? `${name} ${year}` : month
}

// ── Emptiness ────────────────────────────────────────────────────────────────────────────────────────

export interface ShapedData {
  'cancellation-reasons': ReasonBar[]
  'cancellation-reasons-over-time': ReasonsOverTimeChart
  'save-mechanism-performance': MechanismPerformance[]
  'save-rate-over-time': SaveRatePoint[]
  'write-in-reasons': WordCloudEntry[]
  'saved-revenue': SavedRevenueView
  'save-durability': DurabilityView
  'write-in-sentiment': SentimentView
  'write-in-sentiment-breakdown': BreakdownView
  'write-in-themes': ThemesView
}

/** True when the period holds nothing to chart (zero-filled months and mechanisms count as nothing). */
export const IS_EMPTY: { readonly [K in DashboardDataset]: (data: ShapedData[K]) => boolean } = {
  'cancellation-reasons': (data) => data.every((row) => row.count === 0),
  'cancellation-reasons-over-time': (data) =>
    data.rows.every((row) => data.keys.every((key) => row[key] === 0)),
  'save-mechanism-performance': (data) => data.every((row) => row.completed + row.skipped === 0),
  'save-rate-over-time': (data) => data.every((row) => row.cancellations + row.continues === 0),
  'write-in-reasons': (data) => data.length === 0,
  'saved-revenue': (data) => data.currencies.length === 0,
  'save-durability': (data) => data.totals.saves === 0 && data.outsideFlow === 0,
  'write-in-sentiment': FEEDBACK_IS_EMPTY.sentiment,
  'write-in-sentiment-breakdown': FEEDBACK_IS_EMPTY.breakdown,
  'write-in-themes': FEEDBACK_IS_EMPTY.themes,
}

// ── CSV tables ───────────────────────────────────────────────────────────────────────────────────────

export interface Table {
  header: string[]
  rows: CsvCell[][]
}

/** The table each data set shows as its text alternative, and exports as CSV: one source for both. */
export function tableFor<K extends DashboardDataset>(
  dataset: K,
  data: ShapedData[K],
  labels: ReadonlyMap<string, string>,
): Table {
  const tables: { [D in DashboardDataset]: (d: ShapedData[D]) => Table } = {
    'cancellation-reasons': (d) => ({
      header: ['Reason', 'Key', 'Subscribers', 'Share (%)'],
      rows: d.map((row) => [row.label, row.reason_key, row.count, row.share]),
    }),
    'cancellation-reasons-over-time': (d) => ({
      header: ['Month', ...d.keys.map((key) => reasonLabel(key, labels))],
      rows: d.rows.map((row) => [row.month, ...d.keys.map((key) => row[key] as number)]),
    }),
    'save-mechanism-performance': (d) => ({
      header: ['Save offer', 'Accepted', 'Declined', 'Acceptance rate (%)'],
      rows: d.map((row) => [
        MECHANISM_LABELS[row.mechanism],
        row.completed,
        row.skipped,
        percentage(row.completed, row.completed + row.skipped),
      ]),
    }),
    'save-rate-over-time': (d) => ({
      header: ['Month', 'Save rate (%)', 'Cancellations', 'Stayed', 'Kept their plan', 'Accepted an offer'],
      // A month without sessions has no rate: an empty cell, as the chart leaves a gap.
      rows: d.map((row) => [
        row.month,
        plottedSaveRate(row),
        row.cancellations,
        row.continues,
        row.kept,
        row.acceptedOffers,
      ]),
    }),
    'write-in-reasons': (d) => ({
      header: ['Word', 'Mentions'],
      rows: d.map((row) => [row.text, row.value]),
    }),
    'saved-revenue': savedRevenueTable,
    'save-durability': durabilityTable,
    'write-in-sentiment': sentimentTable,
    'write-in-sentiment-breakdown': breakdownTable,
    'write-in-themes': themesTable,
  }
  return tables[dataset](data)
}
