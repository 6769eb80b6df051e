import { createHash } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { advanceGeneration, type CustomerLock, withCustomerLock } from './customer-lock'

/**
 * Idempotent widget actions (accept an offer, cancel, reactivate). A subscriber double-clicks, a
 * network retries, a tab replays: the first request acts under the customer's lock (customer-lock.ts)
 * and stores its answer under its keys in the same transaction as the rows that record it; a replay of
 * the same request gets that answer back, a different request under a used key is a 409. The Stripe
 * call itself carries an idempotency key derived from what it changes, so even a crash between Stripe
 * and our commit cannot apply a change twice: the retry is answered by Stripe's own replay and
 * recorded then.
 */
export interface ActionResult<T> {
  status: number
  body: T
}

export interface ActionOutcome<T> {
  result: ActionResult<T>
  /** The rows that record the action (save, event, session state), written with the stored answer. */
  record(trx: Transaction<Database>): Promise<void>
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** Same action + same body → same hash, whatever the key order. */
export function requestHash(action: string, body: unknown): string {
  return createHash('sha256').update(action).update('\n').update(canonical(body)).digest('base64url')
}

/** The optional `Idempotency-Key` header, validated. */
export function idempotencyHeader(value: string | undefined): string | null {
  if (value === undefined) return null
  if (!IDEMPOTENCY_KEY.test(value)) {
    throw new HttpError(
      'INVALID_INPUT',
      'Idempotency-Key must be 1-200 printable characters',
      'Idempotency-Key',
    )
  }
  return value
}

/**
 * The keys one action answers under: its own (e.g. `accept:<session id>`, one answer per session) and,
 * when the client sent one, its Idempotency-Key (per customer, so keys never meet across customers and
 * every key is only ever written under that customer's lock).
 */
export function actionKeys(own: string, header: string | null, customerId: string): string[] {
  return [own, ...(header ? [`header:${customerId}:${header}`] : [])]
}

async function storedAnswer<T>(
  db: Kysely<Database>,
  accountId: string,
  keys: string[],
  hash: string,
  conflictMessage: string,
): Promise<ActionResult<T> | null> {
  const rows = await db
    .selectFrom('idempotent_actions')
    .select(['request_hash', 'status', 'response'])
    .where('account_id', '=', accountId)
    .where('key', 'in', keys)
    .execute()
  for (const row of rows) {
    if (row.response === null || row.status === null) continue
    if (row.request_hash !== hash) {
      throw new HttpError('CONSTRAINT_VIOLATION', conflictMessage)
    }
    return { status: row.status, body: row.response as T }
  }
  return null
}

export interface IdempotentAction<T> {
  accountId: string
  customerId: string
  keys: string[]
  hash: string
  /** The 409's message when a key already answered a different request. */
  conflictMessage: string
  /** Runs under the customer's lock when no answer is stored yet: re-checks, acts, says what to record. */
  act: (lock: CustomerLock) => Promise<ActionOutcome<T>>
}

/**
 * Replays a stored answer, refuses a different request under a used key (409), else acts under the
 * customer's lock and stores the answer with the rows `act` records, in one transaction.
 */
export async function runIdempotent<T>(deps: AppDeps, action: IdempotentAction<T>): Promise<ActionResult<T>> {
  const { accountId, customerId, keys, hash, conflictMessage, act } = action
  // A replay is answered at once, without queueing behind the customer's lock.
  const stored = await storedAnswer<T>(deps.db, accountId, keys, hash, conflictMessage)
  if (stored) return stored
  return withCustomerLock(deps, accountId, customerId, async (lock) => {
    const answered = await storedAnswer<T>(lock.trx, accountId, keys, hash, conflictMessage)
    if (answered) return answered
    const outcome = await act(lock)
    await outcome.record(lock.trx)
    const now = deps.clock.now()
    await lock.trx
      .insertInto('idempotent_actions')
      .values(
        keys.map((key) => ({
          account_id: accountId,
          key,
          request_hash: hash,
          status: outcome.result.status,
          response: JSON.stringify(outcome.result.body),
          created_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['account_id', 'key']).doUpdateSet((eb) => ({
          request_hash: eb.ref('excluded.request_hash'),
          status: eb.ref('excluded.status'),
          response: eb.ref('excluded.response'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute()
    await advanceGeneration(lock)
    return outcome.result
  })
}
