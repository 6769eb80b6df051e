import { createHash } from 'node:crypto'
import { OFFER_COOLDOWN_DAYS } from '@retainkit/shared/constants'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'

/**
 * One serialised decision per customer. Every widget action that moves money runs inside
 * `withCustomerLock`: one database transaction that starts by upserting the customer's row in
 * `customer_locks`, which holds that row's lock until commit. Whatever arrives at the same time — a
 * double click, a second tab, another session, another server instance — waits, then sees what the
 * first one committed and re-checks eligibility against it.
 *
 * Inside `run`, every query must go through `lock.trx`: on PGlite (one connection) a query on the
 * shared handle would wait for this very transaction, and on PostgreSQL it would take a second pool
 * connection while holding the first.
 *
 * Requests through one database handle (one server instance) queue in memory first, so twenty
 * parallel requests for one customer hold one database connection, not twenty; across instances the
 * row lock does the serialising.
 */
export interface CustomerLock {
  trx: Transaction<Database>
  accountId: string
  customerId: string
  /** Money actions committed for this customer so far: every Stripe idempotency key includes it. */
  generation: number
}

/** How long a request waits for another instance's action on the same customer before giving up. */
const LOCK_TIMEOUT = '20s'
const LOCK_NOT_AVAILABLE = '55P03'

export const BUSY_MESSAGE = 'This action is already in progress. Please wait a moment.'

const queuesByDatabase = new WeakMap<object, Map<string, Promise<void>>>()

export async function withCustomerLock<T>(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  accountId: string,
  customerId: string,
  run: (lock: CustomerLock) => Promise<T>,
): Promise<T> {
  const queues = queuesByDatabase.get(deps.db) ?? new Map<string, Promise<void>>()
  queuesByDatabase.set(deps.db, queues)
  const key = `${accountId}\u0000${customerId}`
  const previous = queues.get(key) ?? Promise.resolve()
  let release = () => {}
  const mine = new Promise<void>((resolve) => {
    release = resolve
  })
  const tail = previous.then(() => mine)
  queues.set(key, tail)
  try {
    await previous
    return await deps.db.transaction().execute(async (trx) => {
      await sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`).execute(trx)
      const now = deps.clock.now()
      const row = await trx
        .insertInto('customer_locks')
        .values({ account_id: accountId, customer_id: customerId, locked_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'customer_id']).doUpdateSet({ locked_at: now }))
        .returning('generation')
        .executeTakeFirstOrThrow()
      return run({ trx, accountId, customerId, generation: Number(row.generation) })
    })
  } catch (error) {
    if ((error as { code?: unknown })?.code === LOCK_NOT_AVAILABLE) {
      throw new HttpError('CONSTRAINT_VIOLATION', BUSY_MESSAGE)
    }
    throw error
  } finally {
    release()
    if (queues.get(key) === tail) queues.delete(key)
  }
}

/** Called once an action committed something: the next decision gets fresh Stripe idempotency keys. */
export async function advanceGeneration(lock: CustomerLock): Promise<void> {
  await lock.trx
    .updateTable('customer_locks')
    .set((eb) => ({ generation: eb('generation', '+', 1) }))
    .where('account_id', '=', lock.accountId)
    .where('customer_id', '=', lock.customerId)
    .execute()
}

/** The offer cooldown as fixed windows: two accepts a full cooldown apart always fall in different ones. */
export function cooldownWindow(now: Date): number {
  return Math.floor(now.getTime() / (OFFER_COOLDOWN_DAYS * 86_400_000))
}

/**
 * A Stripe idempotency key from what the action changes — the kind of change, the customer, the
 * subscription, the offer, the cooldown window, the customer's generation — and never from a browser
 * session: two sessions of one customer asking for the same change send Stripe the same key, and a
 * retry after a crash between Stripe's answer and our commit is answered by Stripe's replay.
 */
export function stripeIdempotencyKey(
  kind: 'offer' | 'cancel' | 'reactivate' | 'withdrawal' | 'cancel_at',
  lock: CustomerLock,
  parts: Record<string, string | number | null>,
): string {
  const material = JSON.stringify([kind, lock.accountId, lock.customerId, lock.generation, parts])
  return `retainkit_${kind}_${createHash('sha256').update(material).digest('base64url').slice(0, 40)}`
}
