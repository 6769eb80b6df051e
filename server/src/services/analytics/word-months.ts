import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import type { RollupWindow } from './rollup-window'

/** Where the write-in words of a window's whole days are read from. */
export interface WordSources {
  /** Months whose folded days (analytics_monthly_words) the window covers, by their first day. */
  months: string[]
  /** The other whole days, as [from, to) day ranges read from analytics_daily_words. */
  days: [from: string, to: string][]
}

/** How far one month is folded: its days from `month` up to `through` (exclusive). */
export interface FoldedMonth {
  month: string
  through: string
}

/**
 * Splits the whole days [dayFrom, dayTo) between folded months and daily rows: a month is read from its
 * folded rows when the window holds all of its folded days (it starts by the month's first day and ends
 * at or after `through`); its days from `through` on, and every other day, from the daily rows.
 */
export function splitWordDays(dayFrom: string, dayTo: string, folded: readonly FoldedMonth[]): WordSources {
  const usable = folded
    .filter(({ month, through }) => month >= dayFrom && month < through && through <= dayTo)
    .sort((a, b) => (a.month < b.month ? -1 : 1))
  const days: [string, string][] = []
  let cursor = dayFrom
  for (const { month, through } of usable) {
    if (cursor < month) days.push([cursor, month])
    cursor = through
  }
  if (cursor < dayTo) days.push([cursor, dayTo])
  return { months: usable.map(({ month }) => month), days }
}

/** The window's sources: one primary-key read of how far its months are folded (migration 150). */
export async function wordSources(
  db: Kysely<Database>,
  accountId: string,
  w: RollupWindow,
): Promise<WordSources> {
  if (w.dayFrom >= w.dayTo) return { months: [], days: [] }
  const { rows } = await sql<FoldedMonth>`
    select month::text as month, through::text as through from analytics_monthly_words_done
    where account_id = ${accountId} and month >= ${w.dayFrom}::date and month < ${w.dayTo}::date`.execute(db)
  return splitWordDays(w.dayFrom, w.dayTo, rows)
}
