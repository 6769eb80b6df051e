import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'

/**
 * One merchant Stripe event as payment recovery applies it: a leaf, so the handlers events.ts calls
 * (open.ts, card-expiring.ts) take it from here rather than from events.ts.
 */
export interface RecoveryEventContext {
  trx: Transaction<Database>
  deps: AppDeps
  accountId: string
  stripe: Stripe
  event: Stripe.Event
  /** The subscription the event concerns, as just re-read from Stripe (null for others). */
  subscription: Stripe.Subscription | null
}
