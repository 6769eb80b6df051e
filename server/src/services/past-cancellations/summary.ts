import type { PastCancellations } from '@retainkit/shared/api'
import {
  PAST_CANCELLATION_RECENT,
  STRIPE_CANCELLATION_FEEDBACK,
  STRIPE_CANCELLATION_REASONS,
} from '@retainkit/shared/sessions'
import type { AppDeps } from '../../deps'
import { maskEmail, maskName } from '../sessions/customers'
import { monthsBefore } from './import-state'
import { feedbackOf, reasonOf } from './rows'

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

async function importState(deps: AppDeps, accountId: string): Promise<PastCancellations['import']> {
  const job = await deps.db
    .selectFrom('past_cancellation_imports')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!job) return null
  return {
    status: job.status,
    requested_at: new Date(job.requested_at).toISOString(),
    window_start: new Date(job.window_start).toISOString(),
    started_at: iso(job.started_at),
    finished_at: iso(job.finished_at),
    scanned: job.scanned,
    found: job.found,
    error: job.error,
    retry_at: iso(job.retry_at),
  }
}

/**
 * What the console shows of the cancellations from before Retainkit: the last 12 months counted from
 * now (by Stripe feedback and reason, the MRR per currency, the latest ones) and where the import is.
 */
export async function readPastCancellations(
  deps: AppDeps,
  accountId: string,
  options: { masked: boolean },
): Promise<PastCancellations> {
  const since = monthsBefore(deps.clock.now())
  const scope = deps.db
    .selectFrom('past_cancellations')
    .where('account_id', '=', accountId)
    .where('canceled_at', '>=', since)
  const [connected, state, byFeedback, byReason, money, recent] = await Promise.all([
    deps.db
      .selectFrom('gateway_credentials')
      .select('account_id')
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
    importState(deps, accountId),
    scope
      .select((eb) => ['feedback', eb.fn.countAll<string | number>().as('n')])
      .groupBy('feedback')
      .execute(),
    scope
      .select((eb) => ['reason', eb.fn.countAll<string | number>().as('n')])
      .groupBy('reason')
      .execute(),
    scope
      .select((eb) => ['currency', eb.fn.sum<string | number>('mrr_amount').as('amount')])
      .groupBy('currency')
      .orderBy('currency')
      .execute(),
    scope
      .selectAll()
      .orderBy('canceled_at', 'desc')
      .orderBy('subscription_id')
      .limit(PAST_CANCELLATION_RECENT)
      .execute(),
  ])
  const feedbackCount = new Map(byFeedback.map((row) => [feedbackOf(row.feedback), Number(row.n)]))
  const reasonCount = new Map(byReason.map((row) => [reasonOf(row.reason), Number(row.n)]))
  return {
    connected: Boolean(connected),
    import: state,
    since: since.toISOString(),
    total: byFeedback.reduce((sum, row) => sum + Number(row.n), 0),
    by_feedback: [...STRIPE_CANCELLATION_FEEDBACK, null].map((feedback) => ({
      feedback,
      count: feedbackCount.get(feedback) ?? 0,
    })),
    by_reason: [...STRIPE_CANCELLATION_REASONS, null].map((reason) => ({
      reason,
      count: reasonCount.get(reason) ?? 0,
    })),
    mrr_lost: money.map((row) => ({ amount: Number(row.amount), currency: row.currency })),
    recent: recent.map((row) => ({
      subscription_id: row.subscription_id,
      customer: {
        id: row.customer_id,
        email: row.customer_email && options.masked ? maskEmail(row.customer_email) : row.customer_email,
        name: row.customer_name && options.masked ? maskName(row.customer_name) : row.customer_name,
        masked: options.masked,
      },
      canceled_at: new Date(row.canceled_at).toISOString(),
      plan: row.plan_name ?? row.product_id,
      price_id: row.price_id,
      mrr: { amount: row.mrr_amount, currency: row.currency },
      reason: reasonOf(row.reason),
      feedback: feedbackOf(row.feedback),
      comment: row.comment,
    })),
  }
}
