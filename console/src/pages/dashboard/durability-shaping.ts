import type { Money } from '@retainkit/shared/money'
import { MECHANISM_LABELS } from '../../features/labels'
import type { CsvCell } from './csv'
import { amountIn, majorIn, moneyList } from './money-view'

/**
 * The "Saves that stuck" card: what `save-durability` answers (server/src/services/analytics/
 * durability.ts), checked field by field so a malformed response shows as empty rather than crashing.
 */

export interface StuckCheckpoint {
  days: number
  decided: number
  kept: number
  rate: number | null
}

export interface DurabilityGroup {
  key: string
  label: string
  saves: number
  kept: number
  lost: number
  unknown: number
  /** Per currency: MRR of the saves paying now, paused now, lost (never one sum: amounts in different currencies do not add). */
  keptMrr: Money[]
  pausedMrr: Money[]
  lostMrr: Money[]
  stuck: StuckCheckpoint[]
}

export interface DurabilityView {
  /** Every currency the saves are in, sorted by code. */
  currencies: string[]
  /** While no save has reached 30 days: the day (YYYY-MM-DD, UTC) the first will. */
  firstOutcomeDue: string | null
  totals: DurabilityGroup
  byOffer: DurabilityGroup[]
  byReason: DurabilityGroup[]
  outsideFlow: number
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0

const words = (key: string): string => {
  const text = key.replace(/_/g, ' ').trim()
  return text === '' ? key : text.charAt(0).toUpperCase() + text.slice(1)
}

export const offerLabel = (key: string): string =>
  (MECHANISM_LABELS as Readonly<Record<string, string>>)[key] ?? words(key)

function shapeGroup(raw: unknown, label: (key: string) => string): DurabilityGroup {
  const source = isRecord(raw) ? raw : {}
  const key = typeof source.key === 'string' ? source.key : 'unknown'
  const stuck = (Array.isArray(source.stuck) ? source.stuck : []).flatMap((row) =>
    isRecord(row) && typeof row.days === 'number'
      ? [
          {
            days: row.days,
            decided: count(row.decided),
            kept: count(row.kept),
            rate: typeof row.rate === 'number' ? row.rate : null,
          },
        ]
      : [],
  )
  return {
    key,
    label: label(key),
    saves: count(source.saves),
    kept: count(source.kept),
    lost: count(source.lost),
    unknown: count(source.unknown),
    keptMrr: moneyList(source.keptMrr),
    pausedMrr: moneyList(source.pausedMrr),
    lostMrr: moneyList(source.lostMrr),
    stuck,
  }
}

export function shapeDurability(raw: unknown, reasonLabels: ReadonlyMap<string, string>): DurabilityView {
  const source = isRecord(raw) ? raw : {}
  const groups = (value: unknown, label: (key: string) => string) =>
    (Array.isArray(value) ? value : []).map((row) => shapeGroup(row, label))
  const currencies = (Array.isArray(source.currencies) ? source.currencies : []).filter(
    (code): code is string => typeof code === 'string' && /^[a-z]{3}$/.test(code),
  )
  const due = source.firstOutcomeDue
  return {
    currencies,
    firstOutcomeDue: typeof due === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(due) ? due : null,
    totals: shapeGroup(source.totals, () => 'All saves'),
    byOffer: groups(source.byOffer, offerLabel),
    byReason: groups(source.byReason, (key) => reasonLabels.get(key) ?? words(key)),
    outsideFlow: count(isRecord(source.outsideFlow) ? source.outsideFlow.cancellations : 0),
  }
}

/**
 * Kept/lost per offer and per reason, with the 30/60/90-day rates: the card's table and its CSV. Money
 * has a column per currency and part, named with its code (`MRR kept (EUR)`), in major units.
 */
export function durabilityTable(d: DurabilityView): { header: string[]; rows: CsvCell[][] } {
  const checkpoints = d.totals.stuck.map((c) => c.days)
  const parts = [
    ['MRR kept', 'keptMrr'],
    ['MRR paused', 'pausedMrr'],
    ['MRR lost', 'lostMrr'],
  ] as const
  const moneyCells = (row: DurabilityGroup): CsvCell[] =>
    d.currencies.flatMap((currency) =>
      parts.map(([, key]) => majorIn(amountIn(row[key], currency), currency)),
    )
  const line = (group: string, row: DurabilityGroup): CsvCell[] => [
    group,
    row.label,
    row.saves,
    row.kept,
    row.lost,
    row.unknown,
    ...moneyCells(row),
    ...checkpoints.map((days) => row.stuck.find((c) => c.days === days)?.rate ?? null),
  ]
  return {
    header: [
      'Group',
      'Item',
      'Saves',
      'Kept',
      'Lost',
      'Not followed',
      ...d.currencies.flatMap((currency) => parts.map(([label]) => `${label} (${currency.toUpperCase()})`)),
      ...checkpoints.map((days) => `Still paying at ${days} days (%)`),
    ],
    rows: [
      ...d.byOffer.map((row) => line('Save offer', row)),
      ...d.byReason.map((row) => line('Reason', row)),
      line('Total', d.totals),
      [
        'Outside the flow',
        'Cancellations elsewhere',
        d.outsideFlow,
        ...Array.from({ length: 3 + d.currencies.length * parts.length + checkpoints.length }, () => null),
      ],
    ],
  }
}
