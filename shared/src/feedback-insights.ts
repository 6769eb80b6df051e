/**
 * Write-in insights: the words the dashboard's sentiment and themes data sets and their quotes share
 * (zod-free, so the console imports them cheaply). The server scores each write-in in its session's
 * language; one in a language without a model is `not_scored`, never guessed.
 */
export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative', 'not_scored'] as const
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number]

/** How a session with a write-in ended: accepted an offer, kept the plan, cancelled, left, not yet. */
export const SESSION_OUTCOMES = ['saved', 'stayed', 'canceled', 'abandoned', 'open'] as const
export type SessionOutcome = (typeof SESSION_OUTCOMES)[number]

export const SENTIMENT_NAMES: Readonly<Record<SentimentLabel, string>> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
  not_scored: 'Not scored',
}

export const OUTCOME_NAMES: Readonly<Record<SessionOutcome, string>> = {
  saved: 'Accepted an offer',
  stayed: 'Stayed',
  canceled: 'Cancelled',
  abandoned: 'Left the flow',
  open: 'Still open',
}

/** Write-ins per sentiment, and all of them. */
export type SentimentCounts = Record<SentimentLabel, number> & { total: number }

/** `write-in-sentiment` (every tier): the period's split. */
export interface WriteInSentiment {
  total: SentimentCounts
}

/** `write-in-sentiment-breakdown` (Pro): the same write-ins split every way the dashboard draws them. */
export interface SentimentBreakdown {
  byReason: Array<{ reason_key: string } & SentimentCounts>
  byOutcome: Array<{ outcome: SessionOutcome } & SentimentCounts>
  /** null: the default flow (no segment). */
  bySegment: Array<{ segment_id: string | null } & SentimentCounts>
  /** Only sessions in an experiment. */
  byArm: Array<{ arm_id: string } & SentimentCounts>
  /** Every month of the range, zero-filled. */
  byMonth: Array<{ month: string } & SentimentCounts>
}

export interface WriteInTheme {
  /** Stable: what quotes and the theme settings name it by. */
  key: string
  /** The merchant's name for it, else the name it was first seen under. */
  name: string
  mentions: number
  /** Mentions in the period of the same length just before. */
  previous: number
  sentiment: SentimentCounts
  /** Every month of the range, zero-filled. */
  byMonth: Array<{ month: string; mentions: number }>
  pinned: boolean
  /** The cancellation reason the merchant mapped it to. */
  reason_key: string | null
  /** Themes merged into this one (their mentions are counted here). */
  merged: Array<{ key: string; name: string }>
  /** A built-in theme (price, bugs…), or one grouped by a word the write-ins share. */
  built_in: boolean
}

/** `write-in-themes` (Pro): the pinned themes first, then the most mentioned. */
export interface WriteInThemes {
  themes: WriteInTheme[]
}

/** Quote filters: any combination narrows the write-ins behind one figure. */
export const QUOTE_FILTERS = ['sentiment', 'reason_key', 'outcome', 'theme', 'month'] as const
export type QuoteFilter = (typeof QUOTE_FILTERS)[number]

/** How many quotes one page of `GET /api/analytics/quotes` holds. */
export const QUOTES_PER_PAGE = 20
