import { z } from 'zod'
import { SENTIMENT_LABELS, SESSION_OUTCOMES } from '../feedback-insights'
import { isoTime, obj } from './common'

/** Write-in insights: the quotes behind a figure and the account's themes (shared/src/feedback-insights.ts). */

export const writeInQuote = obj({
  event_id: z.string(),
  session_id: z
    .string()
    .nullable()
    .describe('The session the write-in was given in (the Sessions page opens it)'),
  text: z.string(),
  sentiment: z.enum(SENTIMENT_LABELS),
  language: z.string().nullable().describe('The language it was scored in; null when not scored'),
  reason_key: z.string().nullable(),
  outcome: z.enum(SESSION_OUTCOMES),
  themes: z.array(z.string()),
  created_at: isoTime,
})

/** `GET /api/analytics/quotes`: a page of write-ins, newest first; `next` asks for the page after it. */
export const quotesPage = obj({
  quotes: z.array(writeInQuote),
  next: z.string().nullable(),
})

export const themeSettings = obj({
  key: z.string(),
  /** The name it was first seen under. */
  name: z.string(),
  custom_name: z.string().nullable(),
  merged_into: z.string().nullable(),
  pinned: z.boolean(),
  reason_key: z.string().nullable(),
  built_in: z.boolean(),
})

/** `GET|PUT /api/account?action=themes`: every theme the account's write-ins fell into and its settings. */
export const themeSettingsList = obj({ themes: z.array(themeSettings) })

/** One month's plain-language summary of the write-ins, asked of the operator's own model endpoint. */
export const writeInSummary = obj({
  month: z.string().describe('The UTC month summarised (YYYY-MM)'),
  summary: z.string(),
  model: z.string().describe('The model that wrote it'),
  writeins: z.number().int().describe("The month's live write-ins"),
  quotes: z
    .array(obj({ event_id: z.string(), session_id: z.string().nullable(), text: z.string() }))
    .describe('The write-ins the model was given, to check the summary against'),
  created_at: isoTime,
})

/** `GET /api/account?action=summaries`: whether summaries are set up here, and the ready ones (Pro). */
export const writeInSummaryList = obj({
  enabled: z.boolean().describe('Whether this installation has a summary endpoint configured'),
  summaries: z.array(writeInSummary),
})
