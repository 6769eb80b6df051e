import {
  OUTCOME_NAMES,
  SENTIMENT_LABELS,
  SENTIMENT_NAMES,
  SESSION_OUTCOMES,
  type SentimentCounts,
  type SentimentLabel,
  type SessionOutcome,
  type WriteInTheme,
} from '@retainkit/shared/feedback-insights'
import type { CsvCell } from '../csv'

/**
 * The write-in data sets (sentiment, its breakdown, themes) as the dashboard draws and tabulates them:
 * rows that are not the documented shape are dropped rather than crash the page, as the other charts do.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

export const zeroCounts = (): SentimentCounts => ({
  positive: 0,
  neutral: 0,
  negative: 0,
  not_scored: 0,
  total: 0,
})

/** The counts of a row, recomputing the total from the parts (a row with a bad part is all zero). */
export function countsOf(raw: unknown): SentimentCounts {
  if (!isRecord(raw)) return zeroCounts()
  const counts = zeroCounts()
  for (const label of SENTIMENT_LABELS) {
    const value = raw[label]
    if (!isCount(value)) return zeroCounts()
    counts[label] = value
    counts.total += value
  }
  return counts
}

/** What one bar of a breakdown stands for: its label, and the quote filters that find its write-ins. */
export interface SentimentGroup {
  id: string
  label: string
  counts: SentimentCounts
  filter: QuoteFilterSet
}

/** Filters for `GET /api/analytics/quotes` (the figure behind a click). */
export interface QuoteFilterSet {
  sentiment?: SentimentLabel
  reason_key?: string
  outcome?: SessionOutcome
  theme?: string
  month?: string
}

export const BREAKDOWNS = ['reason', 'outcome', 'segment', 'arm'] as const
export type Breakdown = (typeof BREAKDOWNS)[number]

export interface BreakdownView {
  byReason: SentimentGroup[]
  byOutcome: SentimentGroup[]
  bySegment: SentimentGroup[]
  byArm: SentimentGroup[]
  byMonth: Array<{ month: string; counts: SentimentCounts }>
}

export interface SentimentView {
  total: SentimentCounts
}

export function shapeSentiment(raw: unknown): SentimentView {
  return { total: countsOf(isRecord(raw) ? raw.total : null) }
}

const MONTH = /^\d{4}-\d{2}$/

export function shapeBreakdown(raw: unknown, labels: ReadonlyMap<string, string>): BreakdownView {
  const source = isRecord(raw) ? raw : {}
  const groups = (
    key: string,
    read: (row: Record<string, unknown>) => Omit<SentimentGroup, 'counts'> | null,
  ) =>
    asArray(source[key]).flatMap((row) => {
      if (!isRecord(row)) return []
      const group = read(row)
      const counts = countsOf(row)
      return group && counts.total > 0 ? [{ ...group, counts }] : []
    })
  return {
    byReason: groups('byReason', (row) =>
      typeof row.reason_key === 'string'
        ? {
            id: `reason:${row.reason_key}`,
            label: row.reason_key === '' ? 'No reason given' : (labels.get(row.reason_key) ?? row.reason_key),
            filter: { reason_key: row.reason_key },
          }
        : null,
    ),
    byOutcome: groups('byOutcome', (row) =>
      typeof row.outcome === 'string' && (SESSION_OUTCOMES as readonly string[]).includes(row.outcome)
        ? {
            id: `outcome:${row.outcome}`,
            label: OUTCOME_NAMES[row.outcome as SessionOutcome],
            filter: { outcome: row.outcome as SessionOutcome },
          }
        : null,
    ),
    // Quotes are not filtered by segment or arm here: the dashboard's slice selector does that.
    bySegment: groups('bySegment', (row) =>
      row.segment_id === null || typeof row.segment_id === 'string'
        ? { id: `segment:${row.segment_id ?? ''}`, label: row.segment_id ?? 'Default flow', filter: {} }
        : null,
    ),
    byArm: groups('byArm', (row) =>
      typeof row.arm_id === 'string' ? { id: `arm:${row.arm_id}`, label: row.arm_id, filter: {} } : null,
    ),
    byMonth: asArray(source.byMonth).flatMap((row) =>
      isRecord(row) && typeof row.month === 'string' && MONTH.test(row.month)
        ? [{ month: row.month, counts: countsOf(row) }]
        : [],
    ),
  }
}

export interface ThemesView {
  themes: WriteInTheme[]
}

export function shapeThemes(raw: unknown): ThemesView {
  const themes = asArray(isRecord(raw) ? raw.themes : null).flatMap((row): WriteInTheme[] => {
    if (!isRecord(row) || typeof row.key !== 'string' || typeof row.name !== 'string') return []
    if (!isCount(row.mentions) || !isCount(row.previous)) return []
    return [
      {
        key: row.key,
        name: row.name,
        mentions: row.mentions,
        previous: row.previous,
        sentiment: countsOf(row.sentiment),
        byMonth: asArray(row.byMonth).flatMap((month) =>
          isRecord(month) && typeof month.month === 'string' && isCount(month.mentions)
            ? [{ month: month.month, mentions: month.mentions }]
            : [],
        ),
        pinned: row.pinned === true,
        reason_key: typeof row.reason_key === 'string' ? row.reason_key : null,
        merged: asArray(row.merged).flatMap((merged) =>
          isRecord(merged) && typeof merged.key === 'string' && typeof merged.name === 'string'
            ? [{ key: merged.key, name: merged.name }]
            : [],
        ),
        built_in: row.built_in === true,
      },
    ]
  })
  return { themes }
}

/** "+40 %" against the previous period of the same length; "new" when it had none. */
export function trendLabel(mentions: number, previous: number): string {
  if (previous === 0) return mentions === 0 ? 'no change' : 'new'
  const change = Math.round(((mentions - previous) / previous) * 100)
  return change === 0 ? 'no change' : `${change > 0 ? '+' : '−'}${Math.abs(change)} %`
}

/** Share of a total as a whole percent (0 for nothing). */
export const shareOf = (part: number, total: number) => (total === 0 ? 0 : Math.round((part / total) * 100))

// ── Tables (the text alternative and the CSV) ───────────────────────────────────────────────────────

const SENTIMENT_HEADER = SENTIMENT_LABELS.map((label) => SENTIMENT_NAMES[label])
const countCells = (counts: SentimentCounts): CsvCell[] => [
  ...SENTIMENT_LABELS.map((label) => counts[label]),
  counts.total,
]

export const sentimentTable = (view: SentimentView) => ({
  header: ['Write-ins', ...SENTIMENT_HEADER, 'Total'],
  rows: [['All', ...countCells(view.total)]],
})

export const breakdownTable = (view: BreakdownView) => ({
  header: ['Split by', 'Group', ...SENTIMENT_HEADER, 'Total'],
  rows: [
    ...view.byReason.map((group): CsvCell[] => ['Reason', group.label, ...countCells(group.counts)]),
    ...view.byOutcome.map((group): CsvCell[] => ['Outcome', group.label, ...countCells(group.counts)]),
    ...view.bySegment.map((group): CsvCell[] => ['Segment', group.label, ...countCells(group.counts)]),
    ...view.byArm.map((group): CsvCell[] => ['Experiment arm', group.label, ...countCells(group.counts)]),
    ...view.byMonth.map((row): CsvCell[] => ['Month', row.month, ...countCells(row.counts)]),
  ],
})

export const themesTable = (view: ThemesView) => ({
  header: ['Theme', 'Mentions', 'Previous period', ...SENTIMENT_HEADER, 'Pinned', 'Reason', 'Merged themes'],
  rows: view.themes.map((theme): CsvCell[] => [
    theme.name,
    theme.mentions,
    theme.previous,
    ...SENTIMENT_LABELS.map((label) => theme.sentiment[label]),
    theme.pinned ? 'yes' : 'no',
    theme.reason_key ?? '',
    theme.merged.map((merged) => merged.name).join('; '),
  ]),
})

export const FEEDBACK_IS_EMPTY = {
  sentiment: (view: SentimentView) => view.total.total === 0,
  breakdown: (view: BreakdownView) =>
    view.byMonth.every((row) => row.counts.total === 0) && view.byReason.length === 0,
  themes: (view: ThemesView) => view.themes.length === 0,
}
