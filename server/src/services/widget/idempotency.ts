import { createHash } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'

/**
 * Idempotent widget actions (accept an offer, cancel, reactivate). A subscriber double-clicks, a
 * network retries, a tab replays: the first request claims its keys in idempotent_actions (per
 * account) before touching Stripe; the stored answer is then replayed for the same request, and a
 * different request under a used key is a 409. The Stripe call itself also carries an idempotency
 * key derived from the same request, so even a crash between Stripe and our commit cannot apply a
 * change twice: the retry is answered by Stripe's own replay and recorded then.
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

/** A claim left by a process that died mid-action is taken over after this long. */
const STALE_CLAIM_MS = 120_000
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
 * The keys one action claims: its own (e.g. `accept:<session id>`, one answer per session) and, when
 * the client sent one, its Idempotency-Key, so a replay under either finds the stored answer.
 */
export function actionKeys(own: string, header: string | null): string[] {
  return [own, ...(header ? [`header:${header}`] : [])]
}

async function storedAnswer<T>(
  deps: AppDeps,
  accountId: string,
  keys: string[],
  hash: string,
  conflictMessage: string,
): Promise<ActionResult<T> | null> {
  const rows = await deps.db
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

async function claim(deps: AppDeps, accountId: string, key: string, hash: string): Promise<boolean> {
  const now = deps.clock.now()
  const inserted = await deps.db
    .insertInto('idempotent_actions')
    .values({ account_id: accountId, key, request_hash: hash, created_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
  if (inserted) return true
  const taken = await deps.db
    .updateTable('idempotent_actions')
    .set({ request_hash: hash, created_at: now })
    .where('account_id', '=', accountId)
    .where('key', '=', key)
    .where('response', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - STALE_CLAIM_MS))
    .returning('key')
    .executeTakeFirst()
  return taken !== undefined
}

async function release(deps: AppDeps, accountId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return
  await deps.db
    .deleteFrom('idempotent_actions')
    .where('account_id', '=', accountId)
    .where('key', 'in', keys)
    .where('response', 'is', null)
    .execute()
}

/**
 * Runs `act` at most once per key set: replays a stored answer, refuses a different request (409),
 * refuses a concurrent duplicate still in flight (409), else claims, acts, and stores the answer in
 * the same transaction as the rows `act` records.
 */
export interface IdempotentAction<T> {
  accountId: string
  keys: string[]
  hash: string
  /** The 409's message when a key already answered a different request. */
  conflictMessage: string
  act: () => Promise<ActionOutcome<T>>
  /** Runs only for a first attempt (e.g. "this session already ended"). */
  guard?: () => void
}

export async function runIdempotent<T>(deps: AppDeps, action: IdempotentAction<T>): Promise<ActionResult<T>> {
  const { accountId, keys, hash, conflictMessage, act, guard } = action
  const stored = await storedAnswer<T>(deps, accountId, keys, hash, conflictMessage)
  if (stored) return stored
  guard?.()
  const claimed: string[] = []
  try {
    for (const key of keys) {
      if (!(await claim(deps, accountId, key, hash))) {
        const answer = await storedAnswer<T>(deps, accountId, keys, hash, conflictMessage)
        if (answer) {
          await release(deps, accountId, claimed)
          return answer
        }
        throw new HttpError(
          'CONSTRAINT_VIOLATION',
          'This action is already in progress. Please wait a moment.',
        )
      }
      claimed.push(key)
    }
    const outcome = await act()
    await deps.db.transaction().execute(async (trx) => {
      await outcome.record(trx)
      await trx
        .updateTable('idempotent_actions')
        .set({ status: outcome.result.status, response: JSON.stringify(outcome.result.body) })
        .where('account_id', '=', accountId)
        .where('key', 'in', keys)
        .execute()
    })
    return outcome.result
  } catch (error) {
    await release(deps, accountId, claimed).catch((releaseError: unknown) => {
      deps.logger.warn('could not release an idempotency claim', {
        error: releaseError instanceof Error ? releaseError.message : String(releaseError),
      })
    })
    throw error
  }
}
