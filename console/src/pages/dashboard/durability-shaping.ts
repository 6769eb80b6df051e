import { MECHANISM_LABELS } from '../../features/labels'
import type { CsvCell } from './csv'

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
  keptMrr: number
  lostMrr: number
  stuck: StuckCheckpoint[]
}

export interface DurabilityView {
  currency: string
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
    keptMrr: count(source.keptMrr),
    lostMrr: count(source.lostMrr),
    stuck,
  }
}

export function shapeDurability(raw: unknown, reasonLabels: ReadonlyMap<string, string>): DurabilityView {
  const source = isRecord(raw) ? raw : {}
  const groups = (value: unknown, label: (key: string) => string) =>
    (Array.isArray(value) ? value : []).map((row) => shapeGroup(row, label))
  const currency =
    typeof source.currency === 'string' && /^[A-Za-z]{3}$/.test(source.currency) ? source.currency : 'usd'
  return {
    currency: currency.toUpperCase(),
    totals: shapeGroup(source.totals, () => 'All saves'),
    byOffer: groups(source.byOffer, offerLabel),
    byReason: groups(source.byReason, (key) => reasonLabels.get(key) ?? words(key)),
    outsideFlow: count(isRecord(source.outsideFlow) ? source.outsideFlow.cancellations : 0),
  }
}

/** Kept/lost per offer and per reason, with the 30/60/90-day rates: the card's table and its CSV. */
export function durabilityTable(
  d: DurabilityView,
  toMajor: (minor: number) => number,
): { header: string[]; rows: CsvCell[][] } {
  const checkpoints = d.totals.stuck.map((c) => c.days)
  const line = (group: string, row: DurabilityGroup): CsvCell[] => [
    group,
    row.label,
    row.saves,
    row.kept,
    row.lost,
    toMajor(row.keptMrr),
    toMajor(row.lostMrr),
    ...checkpoints.map((days) => row.stuck.find((c) => c.days === days)?.rate ?? null),
  ]
  return {
    header: [
      'Group',
      'Item',
      'Saves',
      'Kept',
      'Lost',
      `MRR kept (${d.currency})`,
      `MRR lost (${d.currency})`,
      ...checkpoints.map((days) => `Still paying at ${days} days (%)`),
    ],
    rows: [
      ...d.byOffer.map((row) => line('Save offer', row)),
      ...d.byReason.map((row) => line('Reason', row)),
      line('Total', d.totals),
      ['Outside the flow', 'Cancellations elsewhere', d.outsideFlow, null, null, null, null],
    ],
  }
}
