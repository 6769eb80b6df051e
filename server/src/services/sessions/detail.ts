import type { ApiData } from '@retainkit/shared/api'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { HttpError } from '../../http/http-error'
import { durabilityOf, type FollowedRow } from '../analytics/durability'
import { SESSION_COLUMNS, SESSION_SOURCE, type SessionRow, summaryOf } from './list'

type Detail = ApiData<'GET /api/sessions/{accountId}/{sessionId}'>

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

interface SaveRow {
  id: string
  mechanism: string
  mrr_before: number | string
  mrr_after: number | string
  currency: string | null
  created_at: Date | string
}

interface SubscriptionRow {
  status: string
  cancel_at_period_end: boolean
  canceled_at: Date | string | null
  ended_at: Date | string | null
  unpaid_since: Date | string | null
  synced_at: Date | string | null
}

/**
 * The customer in the merchant's Stripe dashboard: their own account's (pasted keys), or the connected
 * account's (OAuth), in the mode the keys are in. Null without a Stripe connection.
 */
async function stripeUrl(
  db: Kysely<Database>,
  accountId: string,
  customerId: string,
): Promise<string | null> {
  const credentials = await db
    .selectFrom('gateway_credentials')
    .select(['livemode', 'connected_via', 'stripe_account_id'])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!credentials) return null
  const connected = credentials.connected_via === 'oauth' && credentials.stripe_account_id
  return `https://dashboard.stripe.com/${connected ? `${credentials.stripe_account_id}/` : ''}${credentials.livemode ? '' : 'test/'}customers/${encodeURIComponent(customerId)}`
}

/** What happened since: the save's durability at 30/60/90 days, and the subscription as Stripe says now. */
function sinceOf(
  save: SaveRow | undefined,
  row: SessionRow,
  subscription: SubscriptionRow | undefined,
  now: Date,
) {
  const followed =
    save &&
    durabilityOf(
      {
        id: save.id,
        session_id: row.id,
        customer_id: row.customer_id,
        subscription_id: row.subscription_id,
        mechanism: save.mechanism,
        reason_key: row.reason_key,
        mrr_after: save.mrr_after,
        currency: save.currency,
        created_at: save.created_at,
        status: subscription?.status ?? null,
        cancel_at_period_end: subscription?.cancel_at_period_end ?? null,
        canceled_at: subscription?.canceled_at ?? null,
        ended_at: subscription?.ended_at ?? null,
        unpaid_since: subscription?.unpaid_since ?? null,
        synced_at: subscription?.synced_at ?? null,
      } satisfies FollowedRow,
      now,
    )
  return {
    durability: followed ? followed.durability : null,
    lost_at: followed ? iso(followed.lost_at) : null,
    checkpoints: followed ? followed.checkpoints : null,
    subscription_status: subscription?.status ?? null,
    cancel_at_period_end: subscription?.cancel_at_period_end ?? null,
    ended_at: iso(subscription?.ended_at ?? null),
    synced_at: iso(subscription?.synced_at ?? null),
  }
}

/** `GET /api/sessions/{accountId}/{sessionId}`: one session's whole story. 404 for another account's. */
export async function sessionDetail(
  db: Kysely<Database>,
  accountId: string,
  sessionId: string,
  options: { masked: boolean; now: Date },
): Promise<Detail> {
  const { rows } = await sql<SessionRow>`
    select ${SESSION_COLUMNS} from ${SESSION_SOURCE}
    where cs.account_id = ${accountId} and cs.id = ${sessionId}`.execute(db)
  const row = rows[0]
  if (!row) throw new HttpError('NOT_FOUND', 'No such session.')
  const [steps, saves, subscription, url] = await Promise.all([
    db
      .selectFrom('session_events')
      .select(['step', 'created_at', 'reason_key', 'offer', 'text'])
      .where('account_id', '=', accountId)
      .where('session_id', '=', sessionId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('saves')
      .select(['id', 'mechanism', 'mrr_before', 'mrr_after', 'currency', 'created_at'])
      .where('account_id', '=', accountId)
      .where('session_id', '=', sessionId)
      .orderBy('created_at')
      .execute(),
    row.subscription_id
      ? db
          .selectFrom('subscriber_subscriptions')
          .select(['status', 'cancel_at_period_end', 'canceled_at', 'ended_at', 'unpaid_since', 'synced_at'])
          .where('account_id', '=', accountId)
          .where('subscription_id', '=', row.subscription_id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    stripeUrl(db, accountId, row.customer_id),
  ])
  const save = saves[0] as SaveRow | undefined
  const money = (amount: number | string) =>
    save?.currency ? { amount: Number(amount), currency: save.currency.toLowerCase() } : null
  return {
    ...summaryOf(row, options.masked),
    subscription_id: row.subscription_id,
    steps: steps.map((step) => ({
      step: step.step,
      at: iso(step.created_at) ?? '',
      reason_key: step.reason_key,
      offer: step.offer,
      text: step.text,
    })),
    feedback: steps.find((step) => step.step === 'feedback_submitted')?.text ?? null,
    save: save
      ? {
          mechanism: save.mechanism,
          mrr_before: money(save.mrr_before),
          mrr_after: money(save.mrr_after),
          saved_at: iso(save.created_at) ?? '',
        }
      : null,
    since: sinceOf(save, row, subscription, options.now),
    stripe_url: url,
  }
}
