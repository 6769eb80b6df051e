import { type Money, MoneyTotals } from '@retainkit/shared/money'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { hasCohort, sessionCohort } from './cohort'
import type { AnalyticsRange } from './range'

/**
 * What the saves of a range are worth now, per currency (issue 38: net, not gross forever). Each save
 * is one of four things at the moment read (`now`), and its MRR (as accepted, `mrr_after`, rounded once
 * when the save was made) counts in exactly that part, so the parts add up to the gross:
 * - `lost`: cancelled, scheduled to cancel or unpaid since (what Stripe told us: durability.ts);
 * - `unknown`: Stripe told us nothing about its subscription (not connected, or no event yet);
 * - `paused`: followed, not lost, and paying nothing yet: a pause not yet resumed, an extended trial not
 *   yet over (valued at what the subscriber pays during it, 0, and counted again when it ends);
 * - `kept`: followed, not lost, paying.
 * Read from the per-save follow-ups of migration 111 (the same facts the durability card counts) and,
 * for pauses and trial extensions only, the save's own detail (when it resumes).
 */

export interface MoneyRow {
  /** The save's UTC month, YYYY-MM. */
  month: string
  mechanism: string
  reason_key: string | null
  currency: string | null
  saves: number
  gross: number
  kept: number
  paused: number
  lost: number
  unknown: number
  /** The group's first save. */
  first_saved_at: Date
}

export const MONEY_PARTS = ['gross', 'kept', 'paused', 'lost', 'unknown'] as const
export type MoneyPart = (typeof MONEY_PARTS)[number]

/**
 * When a pause or an extended trial ends: Stripe's resumes_at / trial_end as the save recorded them, else
 * the pause's months from the save (a pause the merchant's own handler or a redirect carried out). Null
 * for every other save: it pays from the moment it is made.
 */
export function payingFromSql(mechanism: string, savedAt: string, detail: string): RawBuilder<unknown> {
  const [m, at, d] = [sql.raw(mechanism), sql.raw(savedAt), sql.raw(detail)]
  const number = (path: string) => sql`jsonb_typeof(${d} #> ${sql.lit(path)}) = 'number'`
  const months = (path: string) => sql`${at} + make_interval(months => (${d} #>> ${sql.lit(path)})::int)`
  return sql`case ${m}
    when 'pause' then coalesce(
      case when ${number('{resumes_at}')} then to_timestamp((${d} ->> 'resumes_at')::float8) end,
      case when ${number('{choice,months}')} then ${months('{choice,months}')} end,
      case when ${number('{months}')} then ${months('{months}')} end)
    when 'trial_extension' then
      case when ${number('{trial_end}')} then to_timestamp((${d} ->> 'trial_end')::float8) end
    end`
}

const PAYING_FROM = payingFromSql('f.mechanism', 'f.saved_at', 's.detail')

/** Each (save month, mechanism, reason, currency) of the range's saves, split into its four parts now. */
export async function followedMoney(
  db: Kysely<Database>,
  accountId: string,
  range: AnalyticsRange,
  now: Date,
): Promise<MoneyRow[]> {
  const live = sql.raw(range.mode === 'test' ? 'false' : 'true')
  const cohort = hasCohort(range.cohort)
    ? sql` and exists (select 1 from cancel_sessions cs where cs.id = f.session_id${sessionCohort(range.cohort, 'cs.')})`
    : sql``
  const at = now.toISOString()
  const { rows } = await sql<Record<keyof MoneyRow, string | number | Date | null>>`
    select to_char(f.saved_at at time zone 'UTC', 'YYYY-MM') as month, f.mechanism, f.reason_key, f.currency,
      count(*) as saves, min(f.saved_at) as first_saved_at, sum(f.mrr) as gross,
      coalesce(sum(f.mrr) filter (where state = 'kept'), 0) as kept,
      coalesce(sum(f.mrr) filter (where state = 'paused'), 0) as paused,
      coalesce(sum(f.mrr) filter (where state = 'lost'), 0) as lost,
      coalesce(sum(f.mrr) filter (where state = 'unknown'), 0) as unknown
    from (
      select f.saved_at, f.mechanism, f.reason_key, f.currency, f.mrr,
        case
          when not f.tracked then 'unknown'
          when f.lost_at is not null and date_trunc('milliseconds', f.lost_at) <= ${at}::timestamptz then 'lost'
          when ${PAYING_FROM} > ${at}::timestamptz then 'paused'
          else 'kept'
        end as state
      from analytics_save_followups f
      left join saves s on s.id = f.save_id and f.mechanism in ('pause', 'trial_extension')
      where f.account_id = ${accountId} and f.live = ${live}${cohort}
        and f.saved_at >= ${range.start.toISOString()}::timestamptz
        and f.saved_at < ${range.until.toISOString()}::timestamptz
    ) as f
    group by 1, 2, 3, 4`.execute(db)
  return rows.map((row) => ({
    month: String(row.month),
    mechanism: String(row.mechanism),
    reason_key: row.reason_key === '' || row.reason_key === null ? null : String(row.reason_key),
    currency: row.currency === '' || row.currency === null ? null : String(row.currency),
    saves: Number(row.saves),
    gross: Number(row.gross),
    kept: Number(row.kept),
    paused: Number(row.paused),
    lost: Number(row.lost),
    unknown: Number(row.unknown),
    first_saved_at: new Date(row.first_saved_at as Date | string),
  }))
}

/**
 * A save recorded without a currency (no Stripe subscription, so its MRR is 0) adds nothing; should
 * one ever carry an amount, it is shown under ISO 4217's "no currency" code rather than dropped.
 */
export const NO_CURRENCY = 'xxx'

/** Per-currency running totals of each part, rounded once per currency when read. */
export class MoneyParts {
  readonly #parts = Object.fromEntries(MONEY_PARTS.map((part) => [part, new MoneyTotals()])) as Record<
    MoneyPart,
    MoneyTotals
  >
  #saves = new Map<string, number>()

  add(row: Pick<MoneyRow, MoneyPart | 'currency' | 'saves'>): this {
    // A negative MRR cannot come from the widget API: corrupt data is an error, not a figure.
    if (MONEY_PARTS.some((part) => !(row[part] >= 0))) throw new RangeError('A save with a negative MRR')
    const currency = row.currency ?? (row.gross === 0 ? null : NO_CURRENCY)
    if (currency === null) return this
    this.#saves.set(currency, (this.#saves.get(currency) ?? 0) + row.saves)
    for (const part of MONEY_PARTS) this.#parts[part].addStripe(row[part], currency)
    return this
  }

  get currencies(): string[] {
    return [...this.#saves.keys()].sort()
  }

  /** One part over every currency: a list, never one number. */
  list(part: MoneyPart): Money[] {
    return this.#parts[part].list()
  }

  /** Every part of one currency, each rounded once. */
  figures(currency: string): { saves: number } & Record<MoneyPart, number> {
    const figures = { saves: this.#saves.get(currency) ?? 0 } as { saves: number } & Record<MoneyPart, number>
    for (const part of MONEY_PARTS) figures[part] = this.#parts[part].get(currency).amount
    return figures
  }
}
