import { z } from 'zod'
import { GETTING_LIVE_STATES, GETTING_LIVE_STEPS, WIDGET_ERROR_KINDS } from '../getting-live'

/**
 * Response shapes of the getting-live calls: the checklist (`/api/account?action=getting-live`), the
 * widget errors (`action=widget-errors`) and the dashboard's headline figures
 * (`/api/analytics?endpoint=headline-figures`). The server builds its answers through them and the
 * console reads its types from them, so the two cannot drift.
 */
const isoTime = z.string().describe('ISO 8601 timestamp')

export const gettingLiveSchema = z.object({
  steps: z.array(
    z.object({
      key: z.enum(GETTING_LIVE_STEPS),
      /** `state === 'done'`. */
      done: z.boolean(),
      state: z.enum(GETTING_LIVE_STATES),
    }),
  ),
  complete: z.boolean(),
})
export type GettingLive = z.infer<typeof gettingLiveSchema>

export const widgetErrorSchema = z.object({
  kind: z.enum(WIDGET_ERROR_KINDS),
  /** The page's origin for origin and mode errors; empty otherwise. */
  detail: z.string(),
  count: z.number().int().nonnegative(),
  first_seen_at: isoTime,
  last_seen_at: isoTime,
})
export const widgetErrorsSchema = z.object({ errors: z.array(widgetErrorSchema) })
export type WidgetError = z.infer<typeof widgetErrorSchema>
export type WidgetErrors = z.infer<typeof widgetErrorsSchema>

/** One figure for the period and for the previous period of the same length. */
const figure = z.object({ current: z.number(), previous: z.number() })
export const headlineFiguresSchema = z.object({
  sessions: figure,
  /** Percent of finished sessions that stayed; null when no session finished in that period. */
  save_rate: z.object({ current: z.number().nullable(), previous: z.number().nullable() }),
  /**
   * MRR kept by accepted offers when accepted, one row per currency either period has (amounts of two
   * currencies are never added; ISO minor units); null on the free tier (saved revenue is Pro).
   */
  saved_mrr: z
    .array(z.object({ currency: z.string(), current: z.number().int(), previous: z.number().int() }))
    .nullable(),
  top_reason: z.object({
    current: z.object({ reason_key: z.string(), count: z.number() }).nullable(),
    previous: z.object({ reason_key: z.string(), count: z.number() }).nullable(),
  }),
  previous_period: z.object({ start: isoTime, end: isoTime }),
})
export type HeadlineFigures = z.infer<typeof headlineFiguresSchema>
