import type { ChainedRow } from './chain'
import { rowHash } from './chain'
import type { ChainReport } from './store'

/**
 * The evidence export (JSON, CSV, a printable page): every ledger row as stored, with its hashes, the
 * chain's verification, and each session told as a subscriber lived it — the jurisdiction rule and
 * why, the language, the screens in the order they were shown with their texts as worded for that
 * subscriber, each click with its time, how it ended, and the receipt.
 */

export interface ScreenShown {
  screen: string
  at: string
  /** The texts the server worded for this subscriber (absent when the session's start was pruned). */
  headline?: string
  subheadline?: string
  note?: string
  labels?: Record<string, string>
}

export interface SessionStory {
  session_id: string
  customer_id: string | null
  mode: 'live' | 'test'
  started_at: string
  jurisdiction: Record<string, unknown> | null
  language: string | null
  outcome: string | null
  screens_shown: ScreenShown[]
  clicks: unknown[]
  duration_ms: number | null
  clicks_to_end: number | null
  declaration: unknown
  after_cancel_answer: string | null
  receipt: unknown[]
}

export interface EvidenceExport {
  account_id: string
  generated_at: string
  verification: ChainReport & {
    /** Exported rows whose own hash no longer matches their content. */
    rows_altered: number[]
  }
  sessions: SessionStory[]
  entries: {
    seq: number
    recorded_at: string
    session_id: string | null
    customer_id: string | null
    mode: 'live' | 'test'
    kind: string
    body: Record<string, unknown>
    prev_hash: string
    hash: string
  }[]
}

type Words = Record<
  string,
  { headline?: string; subheadline?: string; note?: string; labels?: Record<string, string> }
>

function screensOf(started: ChainedRow | undefined, ended: ChainedRow | undefined): ScreenShown[] {
  const trail = (ended?.body.screens_shown ?? []) as { screen: string; at: string }[]
  const words = (started?.body.screens ?? {}) as Words
  const page = started?.body.statutory_page as
    | { words?: Record<string, string>; variant?: string }
    | null
    | undefined
  // The page's headline as the widget drew it: the withdrawal variant's own words, else the termination's.
  const withdrawal = page?.variant === 'withdrawal'
  return trail.map(({ screen, at }) => {
    if (screen === 'statutory.page' && page?.words)
      return {
        screen,
        at,
        headline: withdrawal ? page.words.withdrawal_headline : page.words.termination_headline,
        subheadline: withdrawal ? page.words.withdrawal_intro : page.words.termination_intro,
      }
    const texts = words[screen]
    return texts
      ? {
          screen,
          at,
          headline: texts.headline,
          subheadline: texts.subheadline,
          note: texts.note,
          labels: texts.labels,
        }
      : { screen, at }
  })
}

const END_KINDS = new Set(['session_closed', 'statutory_declaration', 'contact'])

/** Each session's story, from its rows (in chain order). */
export function sessionStories(rows: readonly ChainedRow[]): SessionStory[] {
  const bySession = new Map<string, ChainedRow[]>()
  for (const row of rows)
    if (row.sessionId) bySession.set(row.sessionId, [...(bySession.get(row.sessionId) ?? []), row])
  return [...bySession.entries()].map(([sessionId, own]) => {
    const started = own.find((row) => row.kind === 'session_started')
    const ended = [...own].reverse().find((row) => END_KINDS.has(row.kind))
    const answer = own.find((row) => row.kind === 'after_cancel_answer')
    const first = (started ?? own[0]) as ChainedRow
    return {
      session_id: sessionId,
      customer_id: first.customerId,
      mode: first.mode,
      started_at: first.recordedAt.toISOString(),
      jurisdiction: (started?.body.jurisdiction as Record<string, unknown> | undefined) ?? null,
      language: (started?.body.language as string | undefined) ?? null,
      outcome: (ended?.body.outcome as string | undefined) ?? (ended?.kind === 'contact' ? 'contact' : null),
      screens_shown: screensOf(started, ended),
      clicks: (ended?.body.clicks as unknown[] | undefined) ?? [],
      duration_ms: (ended?.body.duration_ms as number | undefined) ?? null,
      clicks_to_end: (ended?.body.clicks_to_end as number | undefined) ?? null,
      declaration: ended?.body.declaration ?? null,
      after_cancel_answer: (answer?.body.answer as string | undefined) ?? null,
      receipt: own
        .filter((row) => row.kind.startsWith('receipt_'))
        .map((row) => ({ kind: row.kind, ...row.body })),
    }
  })
}

export function buildExport(
  accountId: string,
  rows: readonly ChainedRow[],
  report: ChainReport,
  now: Date,
): EvidenceExport {
  return {
    account_id: accountId,
    generated_at: now.toISOString(),
    verification: {
      ...report,
      rows_altered: rows.filter((row) => rowHash(row) !== row.hash).map((row) => row.seq),
    },
    sessions: sessionStories(rows),
    entries: rows.map((row) => ({
      seq: row.seq,
      recorded_at: row.recordedAt.toISOString(),
      session_id: row.sessionId,
      customer_id: row.customerId,
      mode: row.mode,
      kind: row.kind,
      body: row.body,
      prev_hash: row.prevHash,
      hash: row.hash,
    })),
  }
}
