import { z } from 'zod'
import { SAVE_MECHANISMS } from '../config/vocabulary'
import { isoTime, obj } from './common'

/**
 * The money data sets' answers (money is an amount with a currency). Every amount is an
 * integer in its currency's ISO 4217 minor unit (cents, yen) beside its lower-case ISO code; amounts of
 * different currencies are never added, so a total is a list with one entry per currency (sorted by
 * code), never one number. Shared `money.ts` reads, adds and formats them.
 */

export const currencyCodeField = z
  .string()
  .regex(/^[a-z]{3}$/)
  .describe('ISO 4217 code, lower case')
/** One amount: `{amount: 2320, currency: 'usd'}`. */
export const moneyAmount = obj({
  amount: z.number().int().describe("Integer, in the currency's ISO 4217 minor unit (cents, yen)"),
  currency: currencyCodeField,
})
/**
 * A total over several currencies: one entry per currency the counted saves are in (a zero included, so
 * a group's lists line up), sorted by code; empty when there is none.
 */
export const moneyTotals = z
  .array(moneyAmount)
  .describe('One amount per currency the counted saves are in (zero included), sorted by code')

/** A group of saves' MRR split by what each save is now; the four parts add up to `gross`. */
const mrrFigures = {
  saves: z.number().int(),
  gross: z.number().int().describe('MRR the saves kept when they were accepted (each save rounded once)'),
  kept: z.number().int().describe('Of it, saves followed in Stripe, not lost and paying now'),
  paused: z.number().int().describe('Of it, saves paying nothing now: a pause or an extended trial not over'),
  lost: z.number().int().describe('Of it, saves cancelled, scheduled to cancel or unpaid since'),
  unknown: z.number().int().describe('Of it, saves whose subscription Stripe told us nothing about'),
}

/** `saved-revenue`: gross beside net (kept) MRR, one block per currency. */
export const savedRevenueData = obj({
  asOf: isoTime.describe('The instant `kept` is measured at (the server clock)'),
  currencies: z.array(
    obj({
      currency: currencyCodeField,
      ...mrrFigures,
      byMonth: z.array(
        obj({
          month: z.string().describe('YYYY-MM, UTC'),
          ...mrrFigures,
        }),
      ),
      byMechanism: z.array(obj({ mechanism: z.enum(SAVE_MECHANISMS), ...mrrFigures })),
    }),
  ),
})

const checkpoint = obj({
  days: z.number().int(),
  decided: z.number().int(),
  kept: z.number().int(),
  rate: z.number().nullable().describe('Percent kept of the decided saves, two decimals'),
})
export const durabilityGroup = obj({
  key: z.string(),
  saves: z.number().int(),
  kept: z.number().int(),
  lost: z.number().int(),
  unknown: z.number().int(),
  keptMrr: moneyTotals.describe('MRR of its saves followed, not lost and paying now'),
  pausedMrr: moneyTotals.describe('MRR of its saves paused or in an extended trial now'),
  lostMrr: moneyTotals.describe('MRR (as accepted) of its saves lost'),
  stuck: z.array(checkpoint),
})

/** `save-durability`: the "Saves that stuck" card. */
export const saveDurabilityData = obj({
  asOf: isoTime,
  checkpoints: z.array(z.number().int()),
  currencies: z.array(currencyCodeField),
  firstOutcomeDue: z
    .string()
    .nullable()
    .describe('YYYY-MM-DD (UTC) when the first save reaches 30 days, while none has: too early to tell'),
  totals: durabilityGroup,
  byOffer: z.array(durabilityGroup),
  byReason: z.array(durabilityGroup),
  outsideFlow: obj({ cancellations: z.number().int() }),
})

export type MoneyAmount = z.infer<typeof moneyAmount>
export type SavedRevenueData = z.infer<typeof savedRevenueData>
export type SaveDurabilityData = z.infer<typeof saveDurabilityData>
export type DurabilityGroupData = z.infer<typeof durabilityGroup>
