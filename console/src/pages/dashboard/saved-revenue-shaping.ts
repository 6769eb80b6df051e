import { SAVE_MECHANISMS, type SaveMechanism } from '@retainkit/shared/vocabulary'
import { MECHANISM_LABELS } from '../../features/labels'
import type { CsvCell } from './csv'
import { majorIn } from './money-view'

/**
 * The "Saved revenue" card: what `saved-revenue` answers (server/src/services/analytics/saved-revenue.ts),
 * one block per currency — never added across — checked field by field so a malformed answer shows as
 * empty rather than crashing. Each block: the MRR its saves kept when accepted (gross) and what each is
 * now: paying (kept), paused, lost, not followed; the four add up to the gross.
 */

export const REVENUE_PARTS = ['gross', 'kept', 'paused', 'lost', 'unknown'] as const
export type RevenuePart = (typeof REVENUE_PARTS)[number]
export type RevenueFigures = { saves: number } & Record<RevenuePart, number>

export interface CurrencyRevenue extends RevenueFigures {
  currency: string
  byMonth: Array<{ month: string } & RevenueFigures>
  byMechanism: Array<{ mechanism: SaveMechanism } & RevenueFigures>
}

export interface SavedRevenueView {
  /** The instant "now" means in kept/paused/lost. */
  asOf: string | null
  currencies: CurrencyRevenue[]
}

export const REVENUE_LABELS: Readonly<Record<RevenuePart, string>> = {
  gross: 'MRR saved',
  kept: 'Still paid now',
  paused: 'Paused now',
  lost: 'Lost since',
  unknown: 'Not followed',
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

function figuresOf(source: Record<string, unknown>): RevenueFigures | null {
  if (!isCount(source.saves)) return null
  const figures = { saves: source.saves } as RevenueFigures
  for (const part of REVENUE_PARTS) {
    const value = source[part]
    if (!isCount(value)) return null
    figures[part] = value
  }
  return figures
}

function shapeCurrency(raw: unknown): CurrencyRevenue[] {
  if (!isRecord(raw) || typeof raw.currency !== 'string' || !/^[a-z]{3}$/.test(raw.currency)) return []
  const total = figuresOf(raw)
  if (!total) return []
  const byMonth = (Array.isArray(raw.byMonth) ? raw.byMonth : []).flatMap((row) => {
    const figures =
      isRecord(row) && typeof row.month === 'string' && MONTH.test(row.month) ? figuresOf(row) : null
    return figures && isRecord(row) ? [{ month: String(row.month), ...figures }] : []
  })
  const byMechanism = (Array.isArray(raw.byMechanism) ? raw.byMechanism : []).flatMap((row) => {
    const known = isRecord(row) && (SAVE_MECHANISMS as readonly unknown[]).includes(row.mechanism)
    const figures = known && isRecord(row) ? figuresOf(row) : null
    return figures && isRecord(row) ? [{ mechanism: row.mechanism as SaveMechanism, ...figures }] : []
  })
  byMonth.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0))
  return [{ currency: raw.currency, ...total, byMonth, byMechanism }]
}

export function shapeSavedRevenue(raw: unknown): SavedRevenueView {
  const source = isRecord(raw) ? raw : {}
  const currencies = (Array.isArray(source.currencies) ? source.currencies : []).flatMap(shapeCurrency)
  currencies.sort((a, b) => (a.currency < b.currency ? -1 : 1))
  return { asOf: typeof source.asOf === 'string' ? source.asOf : null, currencies }
}

/**
 * One tidy table per month, per save offer and in total, one currency per row (its own column), the
 * amounts in that currency's major units: a sum down a column never mixes two currencies unseen.
 */
export function savedRevenueTable(d: SavedRevenueView): { header: string[]; rows: CsvCell[][] } {
  const row = (currency: string, group: string, item: string, figures: RevenueFigures): CsvCell[] => [
    currency.toUpperCase(),
    group,
    item,
    figures.saves,
    ...REVENUE_PARTS.map((part) => majorIn(figures[part], currency)),
  ]
  return {
    header: ['Currency', 'Group', 'Item', 'Saves', ...REVENUE_PARTS.map((part) => REVENUE_LABELS[part])],
    rows: d.currencies.flatMap((block) => [
      ...block.byMonth.map((month) => row(block.currency, 'Month', month.month, month)),
      ...block.byMechanism.map((entry) =>
        row(block.currency, 'Save offer', MECHANISM_LABELS[entry.mechanism], entry),
      ),
      row(block.currency, 'Total', 'All', block),
    ]),
  }
}
