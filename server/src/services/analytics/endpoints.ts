import {
  cancellationReasons,
  mechanismPerformance,
  monthsInRange,
  reasonsOverTime,
  type SAVE_RATE_ENDS,
  saveRatePoint,
  toCount,
  WRITE_IN_WORDS_LIMIT,
  writeInWords,
} from '@retainkit/shared/analytics'
import type { AnalyticsEndpoint } from '@retainkit/shared/analytics-endpoints'
import { sanitizeMessage } from '@retainkit/shared/sanitize'
import { MECHANISM_OF_OFFER, OFFER_TYPES, type OfferType } from '@retainkit/shared/vocabulary'
import { HttpError } from '../../http/http-error'
import { hasCohort } from './cohort'
import { followSaves, outsideFlowCancellations, shapeDurability, tallyOfSave } from './durability'
import { rolledUpDurability } from './durability-rollup'
import { fetchHeadlineFigures, RAW_HEADLINE_SOURCE, shapeHeadlineFigures } from './headline-figures'
import {
  lastReasonsByMonth,
  type OfferOutcomeRow,
  offerOutcomes,
  outcomesByMonth,
  writeInWordCounts,
} from './queries'
import {
  offerOutcomesOfActivity,
  outcomesOfActivity,
  reasonsOfActivity,
  rolledUpWordCounts,
  sumOverMonths,
} from './rollup-queries'
import { followedMoney } from './saved-money'
import { shapeSavedRevenue } from './saved-revenue'
import { sharedActivity } from './shared-reads'
import { textCollation } from './text-collation'
import { sentimentRows, shapeSentiment, shapeSentimentBreakdown } from './write-in-sentiment'
import { fetchThemes, shapeThemes } from './write-in-themes'

/**
 * Tiers: free is "basic reason dashboard and basic write-in sentiment", pro the "full reason
 * dashboard and sentiment". So a free account reads cancellation reasons, the save rate and the top 25
 * write-in words; reasons over time, save-mechanism performance and saved revenue answer 403
 * BUSINESS_RULE_VIOLATION with this message (the console shows an upgrade card instead).
 */
export const PRO_DASHBOARD_MESSAGE = 'The full dashboard is a Pro feature. Upgrade to Pro to see it.'
export const FREE_WRITE_IN_WORDS_LIMIT = 25

import type { AnalyticsContext } from './context'

export type { AnalyticsContext, Tier } from './context'

/** What an endpoint answers: `{data}`, plus `meta` beside it where a data set has one. */
export interface AnalyticsResult {
  data: object
  meta?: Record<string, unknown>
}

export interface AnalyticsEndpointDefinition {
  proOnly: boolean
  run(context: AnalyticsContext): Promise<AnalyticsResult>
}

interface Definition<Rows> {
  /** 'Failed to fetch <failure>: <reason>' when the database fails. */
  failure: string
  /** 'Unexpected error fetching <unexpected>' for anything else. */
  unexpected: string
  proOnly: boolean
  fetch(context: AnalyticsContext): Promise<Rows>
  shape(rows: Rows, context: AnalyticsContext): AnalyticsResult
}

/**
 * Splits every endpoint into the database read and the shaping, so an error says which failed: a
 * database failure is 500 DATABASE_ERROR 'Failed to fetch …: <sanitized reason>'; anything thrown while
 * shaping (e.g. a negative count, i.e. corrupt data) is 500 INTERNAL_ERROR 'Unexpected error fetching …'.
 * Neither can be caused by a request: input is validated before either runs.
 */
function define<Rows>(definition: Definition<Rows>): AnalyticsEndpointDefinition {
  return {
    proOnly: definition.proOnly,
    async run(context) {
      let rows: Rows
      try {
        rows = await definition.fetch(context)
      } catch (error) {
        const reason = sanitizeMessage(error, { audience: 'user' })
        context.logger.error('analytics query failed', {
          accountId: context.accountId,
          dataSet: definition.failure,
          error: error instanceof Error ? error.message : String(error),
        })
        throw new HttpError('DATABASE_ERROR', `Failed to fetch ${definition.failure}: ${reason}`)
      }
      try {
        return definition.shape(rows, context)
      } catch (error) {
        context.logger.error('analytics shaping failed', {
          accountId: context.accountId,
          dataSet: definition.unexpected,
          error: error instanceof Error ? error.message : String(error),
        })
        throw new HttpError('INTERNAL_ERROR', `Unexpected error fetching ${definition.unexpected}`)
      }
    },
  }
}

const isOfferType = (value: string): value is OfferType => (OFFER_TYPES as readonly string[]).includes(value)

/**
 * Per-step counts into shared mechanismPerformance's rows. Events name offers as the config does
 * (`billing_cycle_switch`); analytics names mechanisms (`billing_cycle`).
 */
const mechanismRows = (rows: readonly OfferOutcomeRow[]) =>
  rows.flatMap((row) =>
    row.offer === null
      ? []
      : [
          {
            mechanism: isOfferType(row.offer) ? MECHANISM_OF_OFFER[row.offer] : row.offer,
            completed: row.step === 'offer_accepted' ? row.count : 0,
            skipped: row.step === 'offer_declined' ? row.count : 0,
          },
        ],
  )

/** Sessions per (month, reason) by their last pick: the raw rows for a slice, else the shared rollup read. */
const reasonsByMonth = async (context: AnalyticsContext) =>
  hasCohort(context.range.cohort)
    ? lastReasonsByMonth(context.db, context.accountId, context.range)
    : reasonsOfActivity(await sharedActivity(context))

export const ANALYTICS: Readonly<Record<AnalyticsEndpoint, AnalyticsEndpointDefinition>> = {
  // [{reason_key, count, share}], count descending then key. `share` (percent of the counted sessions,
  // two decimals) comes from shared cancellationReasons; the spec's two fields are unchanged.
  'cancellation-reasons': define({
    failure: 'cancellation reasons',
    unexpected: 'cancellation reasons',
    proOnly: false,
    fetch: async (context) => sumOverMonths(await reasonsByMonth(context)),
    shape: (rows) => ({ data: cancellationReasons(rows) }),
  }),
  // data: one row per month of the range (zero-filled) with a count per reason key; meta.keys: the
  // series, by total descending.
  'cancellation-reasons-over-time': define({
    failure: 'cancellation trends',
    unexpected: 'cancellation trends',
    proOnly: true,
    fetch: reasonsByMonth,
    shape: (rows, { range }) => {
      const { data, keys } = reasonsOverTime(rows, range)
      return { data, meta: { keys } }
    },
  }),
  // [{mechanism, completed, skipped}] for every SAVE_MECHANISMS member, zero-filled.
  'save-mechanism-performance': define({
    failure: 'save mechanism performance',
    unexpected: 'save mechanism performance',
    proOnly: true,
    fetch: async (context) =>
      hasCohort(context.range.cohort)
        ? offerOutcomes(context.db, context.accountId, context.range)
        : offerOutcomesOfActivity(await sharedActivity(context)),
    shape: (rows) => ({ data: mechanismPerformance(mechanismRows(rows)) }),
  }),
  // [{month, saveRate, cancellations, continues, kept, acceptedOffers}] for every month of the range:
  // continues = kept (reason_continue) + acceptedOffers (offer_accepted), each session counted once.
  'save-rate-over-time': define({
    failure: 'save rate',
    unexpected: 'save rate',
    proOnly: false,
    fetch: async (context) =>
      hasCohort(context.range.cohort)
        ? outcomesByMonth(context.db, context.accountId, context.range)
        : outcomesOfActivity(await sharedActivity(context)),
    shape: (rows, { range }) => {
      const counts = new Map<string, number>()
      for (const row of rows) counts.set(`${row.month} ${row.step}`, toCount(row.count))
      const count = (month: string, step: keyof typeof SAVE_RATE_ENDS) => counts.get(`${month} ${step}`) ?? 0
      return {
        data: monthsInRange(range.start, range.end).map((month) =>
          saveRatePoint(month, {
            cancellations: count(month, 'cancel_completed'),
            kept: count(month, 'reason_continue'),
            acceptedOffers: count(month, 'offer_accepted'),
          }),
        ),
      }
    },
  }),
  // [{text, value}]: the top 100 words (25 on the free tier).
  'write-in-reasons': define({
    failure: 'write-in word frequencies',
    unexpected: 'write-in word frequencies',
    proOnly: false,
    fetch: async ({ db, logger, accountId, range, tier }) => {
      const limit = tier === 'free' ? FREE_WRITE_IN_WORDS_LIMIT : WRITE_IN_WORDS_LIMIT
      const collation = await textCollation(db, logger)
      // The stored tokens (and so the daily word counts) follow the default collation; under another
      // one the words are tokenised from the raw text.
      return collation === 'default' && !hasCohort(range.cohort)
        ? rolledUpWordCounts(db, accountId, range, limit)
        : writeInWordCounts(db, accountId, range, limit, collation)
    },
    shape: (rows, { tier }) => ({
      data: writeInWords(rows).slice(0, tier === 'free' ? FREE_WRITE_IN_WORDS_LIMIT : WRITE_IN_WORDS_LIMIT),
    }),
  }),
  // {asOf, currencies: [{currency, saves, gross, kept, paused, lost, unknown, byMonth, byMechanism}]}:
  // per currency, never added across (saved-revenue.ts, saved-money.ts).
  'saved-revenue': define({
    failure: 'saved revenue',
    unexpected: 'saved revenue',
    proOnly: true,
    fetch: ({ db, accountId, range, now }) => followedMoney(db, accountId, range, now),
    shape: (rows, { range, now }) => ({ data: shapeSavedRevenue(rows, range, now) }),
  }),
  // {asOf, checkpoints, currencies, firstOutcomeDue, totals, byOffer, byReason, outsideFlow}: see
  // durability.ts; counts from the durability tallies, money per currency from saved-money.ts.
  'save-durability': define({
    failure: 'save durability',
    unexpected: 'save durability',
    proOnly: true,
    fetch: async ({ db, accountId, range, now }) => {
      const [tallies, money, outsideFlow] = await Promise.all([
        // A segment or arm slice follows its own saves from the raw rows; the rollups know no slices.
        hasCohort(range.cohort)
          ? followSaves(db, accountId, range, now).then((saves) => saves.map(tallyOfSave))
          : rolledUpDurability(db, accountId, range, now),
        followedMoney(db, accountId, range, now),
        outsideFlowCancellations(db, accountId, range),
      ])
      return { tallies, money, outsideFlow }
    },
    shape: ({ tallies, money, outsideFlow }, { now }) => ({
      data: shapeDurability(tallies, money, outsideFlow, now),
    }),
  }),
  // {sessions, save_rate, saved_mrr, top_reason, previous_period}: each figure for the range and the
  // range of the same length before it (headline-figures.ts). Every tier; saved_mrr is null on free.
  'headline-figures': define({
    failure: 'headline figures',
    unexpected: 'headline figures',
    proOnly: false,
    fetch: (context) =>
      fetchHeadlineFigures(context, hasCohort(context.range.cohort) ? RAW_HEADLINE_SOURCE : undefined),
    shape: (rows, context) => ({ data: shapeHeadlineFigures(rows, context) }),
  }),
  // {total: {positive, neutral, negative, not_scored, total}}: the write-ins' sentiment (Starter's
  // "basic write-in sentiment"; write-in-sentiment.ts).
  'write-in-sentiment': define({
    failure: 'write-in sentiment',
    unexpected: 'write-in sentiment',
    proOnly: false,
    fetch: sentimentRows,
    shape: (rows) => ({ data: shapeSentiment(rows) }),
  }),
  // {byReason, byOutcome, bySegment, byArm, byMonth}: the same split every way (Pro).
  'write-in-sentiment-breakdown': define({
    failure: 'write-in sentiment',
    unexpected: 'write-in sentiment',
    proOnly: true,
    fetch: sentimentRows,
    shape: (rows, context) => ({ data: shapeSentimentBreakdown(rows, context) }),
  }),
  // {themes: [{key, name, mentions, previous, sentiment, byMonth, pinned, reason_key, merged, built_in}]}
  // (Pro; write-in-themes.ts).
  'write-in-themes': define({
    failure: 'write-in themes',
    unexpected: 'write-in themes',
    proOnly: true,
    fetch: fetchThemes,
    shape: (read, context) => ({ data: shapeThemes(read, context) }),
  }),
}
