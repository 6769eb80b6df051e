import { monthsInRange, toCount } from '@retainkit/shared/analytics'
import {
  SENTIMENT_LABELS,
  type SentimentCounts,
  type SentimentLabel,
  type WriteInTheme,
  type WriteInThemes,
} from '@retainkit/shared/feedback-insights'
import { sql } from 'kysely'
import { type ThemeSetting, themeName, themeSettingsFor } from '../feedback/theme-settings'
import { hasCohort } from './cohort'
import type { AnalyticsContext } from './context'
import { hasEdges, rollupWindow } from './rollup-window'
import { cohortColumns } from './write-in-sentiment'

/**
 * The themes data set: each theme's mentions in the range by sentiment and month, and in the period of
 * the same length before (the trend), from the daily theme counts of migration 220 (a segment or arm
 * slice reads the scored write-ins, which know their session's; the counts do not), with what the
 * merchant made of each theme applied: names, merges (a merged theme's mentions count in its target's),
 * pins (always listed, first) and reasons.
 */
export const THEMES_LISTED = 25
/** A theme grouped by a shared word needs this many mentions to be listed (pinned ones always are). */
export const WORD_THEME_MINIMUM = 2

interface ThemeRow {
  theme: string
  sentiment: string
  month: string
  current: boolean
  mentions: number | string
}

const DAY_MS = 86_400_000
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The theme counts of the range (and of the period before it), each merged theme counted as the theme
 * it went into, for the listed themes only: the most mentioned in the range (a few more than are shown,
 * in case of ties) and the pinned ones. Two steps in one statement: the themes are chosen from their
 * totals alone (one number per theme), and only the chosen themes' rows are then read by sentiment and
 * month (through the theme index, migration 222). A busy account's year holds thousands of themes
 * grouped by a word; counting all of them by sentiment and month cost a year's read 150 ms at a million
 * sessions.
 */
async function readThemeRows(context: AnalyticsContext): Promise<ThemeRow[]> {
  const { db, accountId, range } = context
  const live = range.mode !== 'test'
  const w = rollupWindow(range)
  // The period before, in whole days: as many days as the range covers.
  const from = Date.parse(`${w.dayFrom}T00:00:00Z`)
  const to = Date.parse(`${w.dayTo}T00:00:00Z`)
  const previousFrom = dayOf(from - Math.max(to - from, DAY_MS))
  if (hasCohort(range.cohort)) return readCohortThemeRows(context, w, previousFrom)
  // The partial days as plain conditions, not a join on arrays: the planner then knows they hold a day
  // of rows at most (a join on arrays is guessed at a third of the table, which turned on PostgreSQL's
  // JIT compiler for 30-50 ms a read).
  const inEdges = hasEdges(w)
    ? sql.join(
        w.edgeLo.map(
          (lo, i) => sql`(created_at >= ${lo}::timestamptz and created_at < ${w.edgeHi[i]}::timestamptz)`,
        ),
        sql` or `,
      )
    : sql`false`
  const { rows } = await sql<ThemeRow>`
    with totals as (
      select theme, sum(mentions) as n from analytics_daily_themes
      where account_id = ${accountId} and live = ${live} and day >= ${w.dayFrom}::date and day < ${w.dayTo}::date
      group by theme
      union all
      select theme, count(*) from feedback_insights, unnest(themes) as theme
      where account_id = ${accountId} and live = ${live} and (${inEdges})
      group by theme
    ),
    chosen as (
      (select coalesce(t.merged_into, c.theme) as listed from totals as c
        left join feedback_themes as t on t.account_id = ${accountId} and t.key = c.theme
        group by 1 order by sum(c.n) desc, 1 limit ${THEMES_LISTED * 2})
      union
      select key from feedback_themes where account_id = ${accountId} and pinned and merged_into is null
    ),
    keys as (
      select listed as theme from chosen
      union
      select key from feedback_themes where account_id = ${accountId} and merged_into in (select listed from chosen)
    ),
    counted as (
      select theme, sentiment, date_trunc('month', day)::date as month, day >= ${w.dayFrom}::date as current,
        sum(mentions) as mentions
      from analytics_daily_themes
      where account_id = ${accountId} and live = ${live} and theme in (select theme from keys)
        and day >= least(${previousFrom}::date, ${w.dayFrom}::date) and day < ${w.dayTo}::date
      group by 1, 2, 3, 4
      union all
      select theme, sentiment, date_trunc('month', created_at at time zone 'UTC')::date, true, count(*)
      from feedback_insights, unnest(themes) as theme
      where account_id = ${accountId} and live = ${live} and (${inEdges}) and theme in (select theme from keys)
      group by 1, 2, 3, 4
    )
    select c.theme, c.sentiment, to_char(c.month, 'YYYY-MM') as month, c.current, c.mentions
    from counted as c left join feedback_themes as t on t.account_id = ${accountId} and t.key = c.theme
    where coalesce(t.merged_into, c.theme) in (select listed from chosen)`.execute(db)
  return rows
}

/** A segment or arm slice: the scored write-ins know their session's, the daily counts do not. */
async function readCohortThemeRows(
  context: AnalyticsContext,
  w: ReturnType<typeof rollupWindow>,
  previousFrom: string,
): Promise<ThemeRow[]> {
  const { db, accountId, range } = context
  const { rows } = await sql<ThemeRow>`
    with counted as materialized (
      select theme, sentiment, to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
        created_at >= ${w.start}::timestamptz as current, count(*) as mentions
      from feedback_insights, unnest(themes) as theme
      where account_id = ${accountId} and live = ${range.mode !== 'test'} and created_at >= ${previousFrom}::date
        and created_at < ${w.until}::timestamptz${cohortColumns(range.cohort)}
      group by 1, 2, 3, 4
    ),
    resolved as materialized (
      select coalesce(t.merged_into, c.theme) as listed, c.*
      from counted as c left join feedback_themes as t on t.account_id = ${accountId} and t.key = c.theme
    ),
    chosen as (
      (select listed from resolved where current group by listed order by sum(mentions) desc, listed
        limit ${THEMES_LISTED * 2})
      union
      select key from feedback_themes where account_id = ${accountId} and pinned and merged_into is null
    )
    select theme, sentiment, month, current, mentions from resolved
    where listed in (select listed from chosen)`.execute(db)
  return rows
}

export async function fetchThemes(context: AnalyticsContext) {
  const rows = await readThemeRows(context)
  const settings = await themeSettingsFor(context.db, context.accountId, [
    ...new Set(rows.map((row) => row.theme)),
  ])
  return { rows, settings }
}

const zero = (): SentimentCounts => ({ positive: 0, neutral: 0, negative: 0, not_scored: 0, total: 0 })
const isLabel = (value: string): value is SentimentLabel =>
  (SENTIMENT_LABELS as readonly string[]).includes(value)

interface Tally {
  key: string
  mentions: number
  previous: number
  sentiment: SentimentCounts
  months: Map<string, number>
  merged: Set<string>
}

function tallyThemes(
  rows: readonly ThemeRow[],
  settings: ReadonlyMap<string, ThemeSetting>,
): Map<string, Tally> {
  const themes = new Map<string, Tally>()
  const tallyOf = (key: string) => {
    let tally = themes.get(key)
    if (!tally) {
      tally = { key, mentions: 0, previous: 0, sentiment: zero(), months: new Map(), merged: new Set() }
      themes.set(key, tally)
    }
    return tally
  }
  for (const row of rows) {
    const target = settings.get(row.theme)?.merged_into ?? row.theme
    const tally = tallyOf(target)
    if (target !== row.theme) tally.merged.add(row.theme)
    const n = toCount(row.mentions)
    if (!row.current) {
      tally.previous += n
      continue
    }
    tally.mentions += n
    if (isLabel(row.sentiment)) {
      tally.sentiment[row.sentiment] += n
      tally.sentiment.total += n
    }
    tally.months.set(row.month, (tally.months.get(row.month) ?? 0) + n)
  }
  // Pinned themes are listed even without a mention in the range.
  for (const setting of settings.values()) if (setting.pinned && !setting.merged_into) tallyOf(setting.key)
  return themes
}

export function shapeThemes(
  { rows, settings }: Awaited<ReturnType<typeof fetchThemes>>,
  context: Pick<AnalyticsContext, 'range'>,
): WriteInThemes {
  const months = monthsInRange(context.range.start, context.range.end)
  const listed = [...tallyThemes(rows, settings).values()]
    .map((tally): WriteInTheme => {
      const setting = settings.get(tally.key)
      return {
        key: tally.key,
        name: setting ? themeName(setting) : tally.key,
        mentions: tally.mentions,
        previous: tally.previous,
        sentiment: tally.sentiment,
        byMonth: months.map((month) => ({ month, mentions: tally.months.get(month) ?? 0 })),
        pinned: setting?.pinned ?? false,
        reason_key: setting?.reason_key ?? null,
        merged: [...tally.merged].sort().map((key) => {
          const merged = settings.get(key)
          return { key, name: merged ? themeName(merged) : key }
        }),
        built_in: !tally.key.startsWith('word:'),
      }
    })
    .filter((theme) => theme.pinned || theme.mentions >= (theme.built_in ? 1 : WORD_THEME_MINIMUM))
    .sort(
      (a, b) => Number(b.pinned) - Number(a.pinned) || b.mentions - a.mentions || a.key.localeCompare(b.key),
    )
  const pinned = listed.filter((theme) => theme.pinned)
  return { themes: [...pinned, ...listed.filter((theme) => !theme.pinned).slice(0, THEMES_LISTED)] }
}
