import { z } from 'zod'
import { isoTime, obj } from './common'

/** The evidence ledger (issue 34): its export and the verification of its hash chain. */

const hash = z.string().regex(/^[0-9a-f]{64}$/)
const chainProblem = z.union([
  obj({ seq: z.number().int(), problem: z.enum(['content_changed', 'link_broken', 'head_mismatch']) }),
  obj({ seq: z.number().int(), problem: z.literal('rows_missing'), expected: z.number().int() }),
])

export const chainReport = obj({
  intact: z.boolean(),
  checked: z.number().int(),
  fromSeq: z.number().int(),
  toSeq: z.number().int(),
  head: obj({ seq: z.number().int(), hash }),
  prunedThrough: z.number().int(),
  problems: z.array(chainProblem),
  stopped: z.boolean(),
})

const screenShown = obj({
  screen: z.string(),
  at: isoTime,
  headline: z.string().optional(),
  subheadline: z.string().optional(),
  note: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
})

export const evidenceExport = obj({
  account_id: z.string(),
  generated_at: isoTime,
  verification: chainReport.extend({ rows_altered: z.array(z.number().int()) }),
  sessions: z.array(
    obj({
      session_id: z.string(),
      customer_id: z.string().nullable(),
      mode: z.enum(['live', 'test']),
      started_at: isoTime,
      jurisdiction: z.record(z.string(), z.unknown()).nullable(),
      language: z.string().nullable(),
      outcome: z.string().nullable(),
      screens_shown: z.array(screenShown),
      clicks: z.array(z.unknown()),
      duration_ms: z.number().nullable(),
      clicks_to_end: z.number().nullable(),
      declaration: z.unknown(),
      after_cancel_answer: z.string().nullable(),
      receipt: z.array(z.unknown()),
    }),
  ),
  entries: z.array(
    obj({
      seq: z.number().int(),
      recorded_at: isoTime,
      session_id: z.string().nullable(),
      customer_id: z.string().nullable(),
      mode: z.enum(['live', 'test']),
      kind: z.string(),
      body: z.record(z.string(), z.unknown()),
      prev_hash: hash,
      hash,
    }),
  ),
})

export const evidenceMeta = obj({ truncated: z.boolean(), asOf: isoTime })
export const evidenceAnswer = z.union([
  obj({ data: evidenceExport, meta: evidenceMeta }),
  z
    .string()
    .describe(
      'CSV (text/csv): one line per ledger row, its content as JSON beside its hashes; or a printable HTML page (text/html)',
    ),
])

/**
 * One session's evidence for the console's session page: what the ledger holds of it, told in order —
 * the jurisdiction rule and why, the language, the screens with their texts and the offer terms as
 * worded for the subscriber, each click with its time, time and clicks to the end, the receipt's
 * delivery — and each of its rows with its hash checked. E-mail addresses are masked for viewers.
 */
export const sessionEvidence = obj({
  session_id: z.string(),
  customer_id: z.string().nullable(),
  /** Viewers get e-mail addresses in part. */
  masked: z.boolean(),
  jurisdiction: obj({
    mode: z.string(),
    region: z.string().nullable(),
    source: z.string(),
    why: z.string().nullable(),
    law: z.string().nullable(),
    withdrawal_until: z.string().nullable(),
    cap: obj({ max_offers: z.number().int(), max_screens: z.number().int() }).nullable(),
  }).nullable(),
  language: z.string().nullable(),
  outcome: z.string().nullable(),
  screens_shown: z.array(screenShown),
  /** 'recorded steps' when the screens were told from the steps, the widget having sent no list. */
  screens_from: z.string().nullable(),
  /** Each offer's options as worded for the subscriber (pause lengths, plans). */
  offer_terms: z.array(obj({ offer: z.string(), options: z.array(z.string()) })),
  clicks: z.array(
    obj({
      step: z.string(),
      offer: z.string().nullable(),
      reason_key: z.string().nullable(),
      at: z.string().nullable(),
      received_at: isoTime,
    }),
  ),
  duration_ms: z.number().nullable(),
  clicks_to_end: z.number().nullable(),
  declaration: z.record(z.string(), z.unknown()).nullable(),
  after_cancel_answer: z.string().nullable(),
  receipt: z.array(
    obj({
      kind: z.string(),
      recorded_at: isoTime,
      reference: z.string().nullable(),
      to: z.string().nullable(),
      copy: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
  entries: z.array(
    obj({
      seq: z.number().int(),
      kind: z.string(),
      recorded_at: isoTime,
      hash,
      /** The row's content still matches its hash. */
      intact: z.boolean(),
    }),
  ),
})
