import type { ColumnType, Generated } from 'kysely'

// The write-in insights tables (migrations 220, 221 for the summaries): written by the scoring pass and the theme settings only.
// Kysely reads them through raw SQL mostly; these types keep tables.ts true to the schema.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type RollupColumn<T> = ColumnType<T, never, never>

export interface FeedbackPendingTable {
  event_id: string
}

export interface FeedbackBackfillTable {
  id: Generated<number>
  through: string
  upto: string
}

export interface FeedbackInsightsTable {
  event_id: string
  account_id: string
  session_id: string | null
  live: boolean
  created_at: Timestamp
  language: string | null
  sentiment: 'positive' | 'neutral' | 'negative' | 'not_scored'
  score: number | null
  themes: ColumnType<string[], string[] | undefined, string[]>
  reason_key: Generated<string>
  outcome: Generated<'open' | 'saved' | 'stayed' | 'canceled' | 'abandoned'>
  segment_id: Generated<string>
  arm_id: Generated<string>
  settled: Generated<boolean>
}

export interface AnalyticsDailySentimentTable {
  account_id: RollupColumn<string>
  live: RollupColumn<boolean>
  day: RollupColumn<Date | string>
  reason_key: RollupColumn<string>
  outcome: RollupColumn<string>
  segment_id: RollupColumn<string>
  arm_id: RollupColumn<string>
  sentiment: RollupColumn<string>
  writeins: RollupColumn<number>
}

export interface AnalyticsDailyThemesTable {
  account_id: RollupColumn<string>
  live: RollupColumn<boolean>
  day: RollupColumn<Date | string>
  theme: RollupColumn<string>
  sentiment: RollupColumn<string>
  mentions: RollupColumn<number>
}

export interface FeedbackThemesTable {
  account_id: string
  key: string
  name: string
  custom_name: string | null
  merged_into: string | null
  pinned: Generated<boolean>
  reason_key: string | null
  first_seen: Timestamp
  updated_at: Timestamp
}

export interface FeedbackSummariesTable {
  account_id: string
  month: Date | string
  status: 'running' | 'ready' | 'failed'
  summary: string | null
  quote_ids: Generated<string[]>
  writeins: Generated<number>
  model: string
  attempts: Generated<number>
  next_attempt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  error: string | null
  created_at: Timestamp
  updated_at: Timestamp
}
