import { randomBytes } from 'node:crypto'
import { BANNER_DISMISS_DAYS, OFFER_COOLDOWN_DAYS } from '@retainkit/shared/constants'
import { type OfferType, SAVE_MECHANISMS, type SessionStep } from '@retainkit/shared/vocabulary'
import type { WebhookEventType } from '@retainkit/shared/webhooks'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { CancelSession, Database } from '../../db/tables'
import { HttpError } from '../../http/http-error'
import { enqueueSessionEvent } from '../webhooks-out/outbox'
import type { Subscriber } from './subscriber-token'

/** Cancel and reactivation sessions, their events and saves: the rows analytics reads. */

export const SESSION_ID = /^cs_[A-Za-z0-9_-]{16,64}$/

export const newSessionId = (): string => `cs_${randomBytes(16).toString('base64url')}`

export function startOfUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
}

/**
 * Live cancel sessions this calendar month (UTC): what the Starter cap, the usage notices and Pro's
 * fair-use line count. Test-mode sessions (a merchant trying the widget) are free and not counted.
 */
export async function cancelSessionsThisMonth(
  db: Kysely<Database> | Transaction<Database>,
  accountId: string,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('cancel_sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('account_id', '=', accountId)
    .where('kind', '=', 'cancel')
    .where('mode', '=', 'live')
    .where('created_at', '>=', startOfUtcMonth(now))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * Whether the customer dismissed a reactivation banner in the last BANNER_DISMISS_DAYS, in this mode:
 * then no banner, on any device, until that time has passed. (A banner session a subscriber dismisses
 * ends 'abandoned' through its `banner_dismissed` step.)
 */
export async function hasRecentBannerDismissal(
  db: Kysely<Database>,
  accountId: string,
  customerId: string,
  now: Date,
  mode: 'live' | 'test',
): Promise<boolean> {
  const since = new Date(now.getTime() - BANNER_DISMISS_DAYS * 86_400_000)
  const row = await db
    .selectFrom('cancel_sessions')
    .select('id')
    .where('account_id', '=', accountId)
    .where('customer_id', '=', customerId)
    .where('kind', '=', 'reactivation')
    .where('mode', '=', mode)
    .where('status', '=', 'abandoned')
    .where('completed_at', '>', since)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Whether the customer accepted an offer in the last OFFER_COOLDOWN_DAYS: a cancel-flow save, or a
 * reactivation that came with a winback discount (`detail.coupon`). A plain resume is not an offer.
 * Saves count within their mode: a merchant rehearsing in test mode with a real customer does not take
 * that customer's live offers away, and live saves do not hide the offers being tested.
 */
export async function hasRecentSave(
  db: Kysely<Database>,
  accountId: string,
  customerId: string,
  now: Date,
  mode: 'live' | 'test',
): Promise<boolean> {
  return (await recentSave(db, accountId, customerId, now, mode)) !== undefined
}

/** The mechanism of that recent save (see hasRecentSave), the latest first; undefined when there is none. */
export async function recentSave(
  db: Kysely<Database>,
  accountId: string,
  customerId: string,
  now: Date,
  mode: 'live' | 'test',
): Promise<string | undefined> {
  const since = new Date(now.getTime() - OFFER_COOLDOWN_DAYS * 86_400_000)
  const row = await db
    .selectFrom('saves')
    .select('mechanism')
    .where('account_id', '=', accountId)
    .where('customer_id', '=', customerId)
    .where('live', '=', mode === 'live')
    .where('created_at', '>', since)
    .where((eb) =>
      eb.or([
        eb('mechanism', 'in', [...SAVE_MECHANISMS]),
        eb.and([
          eb('mechanism', '=', 'reactivation'),
          eb(sql<string | null>`detail->>'coupon'`, 'is not', null),
        ]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.mechanism
}

/**
 * The session a widget call names, checked against the token: another account's token is not a valid
 * credential here (401); the right account but another customer is refused (403).
 */
export async function loadSessionFor(
  db: Kysely<Database>,
  sessionId: string,
  subscriber: Subscriber,
): Promise<CancelSession> {
  if (!SESSION_ID.test(sessionId)) throw new HttpError('INVALID_INPUT', 'Invalid session id', 'id')
  const session = await db
    .selectFrom('cancel_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .executeTakeFirst()
  if (!session) throw new HttpError('NOT_FOUND', 'No such session')
  checkSessionOwner(session, subscriber)
  return session
}

/** Another account's token is not a valid credential for a session (401); another customer's, 403. */
export function checkSessionOwner(
  session: Pick<CancelSession, 'account_id' | 'customer_id'>,
  subscriber: Pick<Subscriber, 'accountId' | 'customerId'>,
): void {
  if (session.account_id !== subscriber.accountId) {
    throw new HttpError('UNAUTHORIZED', 'Subscriber token was issued for another account')
  }
  if (session.customer_id !== subscriber.customerId) {
    throw new HttpError('FORBIDDEN', 'This session belongs to another customer.')
  }
}

/** How a session ends: the event that ends it, and the status it ends in. */
export interface SessionEnd {
  accountId: string
  sessionId: string
  step: SessionStep
  status: 'saved' | 'canceled'
  now: Date
  /** The subscriber's reason; left out for banner sessions, which have none and keep their row's. */
  reasonKey?: string | null
  offer?: OfferType
}

/**
 * Records a session's last event and closes the session row at the same time; called inside the
 * transaction that stores the action's answer, so both land or neither does.
 */
export async function recordSessionEnd(trx: Transaction<Database>, end: SessionEnd): Promise<void> {
  const reason = end.reasonKey === undefined ? {} : { reason_key: end.reasonKey }
  await trx
    .insertInto('session_events')
    .values({
      account_id: end.accountId,
      session_id: end.sessionId,
      step: end.step,
      ...(end.offer === undefined ? {} : { offer: end.offer }),
      ...reason,
      created_at: end.now,
    })
    .execute()
  await trx
    .updateTable('cancel_sessions')
    .set({ status: end.status, ...reason, updated_at: end.now, completed_at: end.now })
    .where('id', '=', end.sessionId)
    .execute()
  // The merchant's webhooks hear of it in the same transaction (an outbox): sent once committed.
  const webhook = WEBHOOK_OF_STEP[end.step]
  if (webhook) await enqueueSessionEvent(trx, { ...end, type: webhook, offer: end.offer ?? null })
}

/** Session ends the merchant's webhook endpoints are told about. */
const WEBHOOK_OF_STEP: Partial<Record<SessionStep, WebhookEventType>> = {
  offer_accepted: 'offer.accepted',
  cancel_completed: 'subscription.cancel_scheduled',
  banner_accepted: 'reactivation.accepted',
}
