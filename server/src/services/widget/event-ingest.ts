import type { SessionStep } from '@retainkit/shared/vocabulary'
import type { SessionEventInput } from '@retainkit/shared/widget-api'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { PREPARED } from '../../db/database'
import type { CancelSession, Database } from '../../db/tables'
import { HttpError } from '../../http/http-error'
import { countHitSql, type PlannedHit } from '../rate-limit'
import { type GroupedCall, ingestGroupsOf } from './ingest-groups'
import type { KnownSession, Write } from './ingest-types'
import { applyEvents, type SessionState, type Transition } from './session-state'
import { checkSessionOwner, SESSION_ID } from './session-store'
import type { Subscriber } from './subscriber-token'

/**
 * Storing a batch of widget events (`POST /api/widget/sessions/:id/events`) in as few round trips as
 * the session's state machine allows, without ever trusting a state the database does not hold.
 *
 * The state machine (session-state.ts) runs here, in the server, on the session as last known, its
 * `basis`: this process's memory of what its own last write left ('memory'), the state every session
 * starts in when the batch's verdict cannot depend on anything else ('guess': no offer events, whose
 * verdict depends on the session's eligible offers), or a read ('read'). The batch is then written by
 * ONE statement that counts the call's rate-limit hits (only for a session that exists, is the caller's
 * and of the kind the batch was checked for), updates the session row only if it holds exactly the
 * owner and state the verdict was reached on and the hits are within their limits, and inserts the
 * events only if that update happened: all or nothing, one autocommit statement, so no row lock outlives
 * it (no lock waits on a round trip to a busy process). When the row is not as assumed (a parallel call
 * for the same session, a billing action, another instance, or a guess that did not hold), nothing is
 * written and the batch is judged again on the session read afresh; if that races too, the call falls
 * back to a transaction that locks the row first. So parallel calls for one session stay serialised:
 * each write is checked against the state its verdict was reached on. A refusal (409, or 429 past the
 * per-session cap) is only ever given on a state just read.
 */

type Db = Kysely<Database>

export type { KnownSession, Write } from './ingest-types'

// ---- memory of sessions this process wrote last ----------------------------------------------------

/** Open sessions remembered per process (a flow lasts minutes; the oldest are forgotten first). */
export const REMEMBERED_SESSIONS = 10_000
/** A session not written for this long is forgotten (a flow's calls come seconds or minutes apart). */
export const REMEMBERED_SESSION_MS = 5 * 60_000

interface Remembered {
  accountId: string
  customerId: string
  state: SessionState
  /** When this process last wrote the session (ms): the oldest are forgotten after REMEMBERED_SESSION_MS. */
  at: number
}

// Per database handle: two app instances in one process (tests) do not share what they know.
const memories = new WeakMap<object, Map<string, Remembered>>()

function memoryOf(db: Db): Map<string, Remembered> {
  let memory = memories.get(db)
  if (!memory) {
    memory = new Map()
    memories.set(db, memory)
  }
  return memory
}

/**
 * Remembers the state this process just wrote. Sessions are kept in the order they were last written,
 * so those not written for REMEMBERED_SESSION_MS are at the front and go first: a flow left open (the
 * subscriber closed the tab) no longer stays until 10,000 newer sessions push it out.
 */
function remember(db: Db, session: KnownSession, state: SessionState, now: Date): void {
  const memory = memoryOf(db)
  memory.delete(session.id)
  const at = now.getTime()
  // An ended session takes nothing more: a late call reads it and is refused.
  if (state.status === 'open') {
    memory.set(session.id, { accountId: session.accountId, customerId: session.customerId, state, at })
  }
  for (const [oldestId, oldest] of memory) {
    if (memory.size <= REMEMBERED_SESSIONS && at - oldest.at < REMEMBERED_SESSION_MS) break
    memory.delete(oldestId)
  }
}

/** How many sessions this process remembers for `db` (tests check it stays bounded). */
export function rememberedSessionCount(db: Db): number {
  return memories.get(db)?.size ?? 0
}

function forget(db: Db, sessionId: string): void {
  memoryOf(db).delete(sessionId)
}

// ---- where a call starts from ---------------------------------------------------------------------

/**
 * The session a call names as this process remembers it, checked against the token (401 another
 * account's, 403 another customer's: a session's owner never changes); null when not remembered.
 * A malformed id is a 400.
 */
export function rememberedSession(db: Db, sessionId: string, subscriber: Subscriber): KnownSession | null {
  if (!SESSION_ID.test(sessionId)) throw new HttpError('INVALID_INPUT', 'Invalid session id', 'id')
  const remembered = memoryOf(db).get(sessionId)
  if (!remembered) return null
  checkSessionOwner({ account_id: remembered.accountId, customer_id: remembered.customerId }, subscriber)
  const { accountId, customerId, state } = remembered
  return { id: sessionId, accountId, customerId, state, basis: 'memory' }
}

/** The session as it is now, checked against the token (404 unknown, 401 / 403 another owner's). */
export async function readOwnedSession(
  db: Db,
  sessionId: string,
  subscriber: Subscriber,
): Promise<KnownSession> {
  const session = await readSession(db, sessionId)
  if (!session) {
    forget(db, sessionId)
    throw new HttpError('NOT_FOUND', 'No such session')
  }
  checkSessionOwner({ account_id: session.accountId, customer_id: session.customerId }, subscriber)
  return session
}

const OFFER_STEPS: ReadonlySet<SessionStep> = new Set(['offer_shown', 'offer_declined'])

/**
 * The caller's session as every session starts (open, no reason, nothing on screen, no event from the
 * widget yet), when the batch's verdict depends on nothing else: null for a batch with offer events.
 */
export function guessedSession(
  sessionId: string,
  subscriber: Subscriber,
  kind: SessionState['kind'],
  events: readonly SessionEventInput[],
): KnownSession | null {
  if (events.some((event) => OFFER_STEPS.has(event.step))) return null
  return {
    id: sessionId,
    accountId: subscriber.accountId,
    customerId: subscriber.customerId,
    basis: 'guess',
    state: {
      kind,
      status: 'open',
      reasonKey: null,
      eligibleOffers: [],
      offersOnScreen: [],
      clientEvents: 0,
      feedback: [],
    },
  }
}

// ---- reading ------------------------------------------------------------------------------------

interface SessionStateRow {
  account_id: string
  customer_id: string
  kind: CancelSession['kind']
  status: CancelSession['status']
  reason_key: string | null
  eligible_offers: string[]
  offers_on_screen: string[]
  client_events: number
  feedback: (string | null)[] | null
}

const stateColumns = sql`s.account_id, s.customer_id, s.kind, s.status, s.reason_key, s.eligible_offers,
  s.offers_on_screen, s.client_events,
  (select array_agg(e.text order by e.id) from session_events as e
    where e.session_id = s.id and e.step = 'feedback_submitted') as feedback`

/** The session's owner and state, with the feedback it holds (the machine refuses a repeat), in one read. */
async function readSession(db: Db, sessionId: string): Promise<KnownSession | null> {
  const { rows } = await sql<SessionStateRow>`${sql.raw(PREPARED)}select ${stateColumns}
    from cancel_sessions as s where s.id = ${sessionId}`.execute(db)
  const row = rows[0]
  return row ? knownFrom(sessionId, row) : null
}

function knownFrom(id: string, row: SessionStateRow): KnownSession {
  return {
    id,
    accountId: row.account_id,
    customerId: row.customer_id,
    basis: 'read',
    state: {
      kind: row.kind,
      status: row.status,
      reasonKey: row.reason_key,
      eligibleOffers: row.eligible_offers,
      offersOnScreen: row.offers_on_screen,
      clientEvents: Number(row.client_events),
      feedback: (row.feedback ?? []).map((text) => text?.trim() ?? ''),
    },
  }
}

// ---- writing ------------------------------------------------------------------------------------

const iso = (at: Date) => at.toISOString()

/** The session row as the call assumes it: its owner and kind. */
const ownedBy = (session: KnownSession) => sql`id = ${session.id} and account_id = ${session.accountId}
  and customer_id = ${session.customerId} and kind = ${session.state.kind}`

/**
 * Updates the session row to the transition's state, only if it still holds the owner and the state the
 * verdict was reached on (a guess has no eligible offers to compare: its batch never needed them) and
 * the named hits are within their limits. The write-ins the verdict read are not compared: only this
 * call stores them, and every event it stores counts in client_events, so an unchanged count means
 * unchanged write-ins (reading them again cost each call an index scan over the session's events).
 */
function conditionalUpdate(
  session: KnownSession,
  write: Write,
  hits: readonly { name: string; limit: number }[],
): RawBuilder<unknown> {
  const { state: from } = session
  const { next, closing } = write.transition
  const now = iso(write.now)
  const withinLimits = hits.map(
    ({ name, limit }) => sql` and (select hits from ${sql.raw(name)}) <= ${limit}`,
  )
  const eligible =
    session.basis === 'guess'
      ? sql``
      : sql` and eligible_offers = ${JSON.stringify(from.eligibleOffers)}::jsonb`
  return sql`update cancel_sessions set
      reason_key = ${next.reasonKey}, offers_on_screen = ${JSON.stringify(next.offersOnScreen)}::jsonb,
      client_events = ${next.clientEvents}, updated_at = ${now}::timestamptz, status = ${next.status},
      completed_at = coalesce(${closing ? now : null}::timestamptz, completed_at)
    where ${ownedBy(session)} and status = ${from.status}
      and reason_key is not distinct from ${from.reasonKey}::text and client_events = ${from.clientEvents}
      and offers_on_screen = ${JSON.stringify(from.offersOnScreen)}::jsonb${eligible}${sql.join(withinLimits, sql``)}
    returning id, account_id, eligible_offers, mode = 'live' as live`
}

/**
 * Every event of the batch in one insert, in batch order (ids ascend with it), after `updated`. `live` is
 * the updated row's mode, so the per-row trigger that would look the session up again does not run.
 */
function insertEvents({ events, now }: Write): RawBuilder<unknown> {
  return sql`insert into session_events (account_id, session_id, step, reason_key, offer, text, created_at, client_at, live)
    select u.account_id, u.id, e.step, e.reason_key, e.offer, e.text, ${iso(now)}::timestamptz,
      e.client_at::timestamptz, u.live
    from updated as u
    cross join unnest(
      ${events.map((event) => event.step)}::text[], ${events.map((event) => event.reasonKey ?? null)}::text[],
      ${events.map((event) => event.offer ?? null)}::text[], ${events.map((event) => event.text ?? null)}::text[],
      ${events.map((event) => (event.at ? iso(new Date(event.at)) : null))}::text[]
    ) with ordinality as e (step, reason_key, offer, text, client_at, n)
    order by e.n
    returning id`
}

interface StatementResult {
  /** The windows' counts; null when nothing was counted (the session is not as assumed). */
  counts: number[] | null
  /** The session's eligible offers when the batch was stored. */
  stored: { eligibleOffers: string[] } | null
}

/**
 * One statement: the rate-limit hits counted for a session that is as assumed (owner, kind), and when
 * `write` is given, the batch stored if the hits are within their limits and the session holds the
 * state the verdict was reached on.
 */
async function countAndWrite(
  db: Db,
  session: KnownSession,
  hits: readonly PlannedHit[],
  write: Write | null,
): Promise<StatementResult> {
  const named = hits.map((hit, index) => ({ name: `hit${index}`, limit: hit.limit, hit }))
  const ctes = named.map(
    ({ name, hit }) =>
      sql`${sql.raw(name)} as (${countHitSql(hit, sql`exists (select 1 from cancel_sessions where ${ownedBy(session)})`)})`,
  )
  if (write) {
    ctes.push(sql`updated as (${conditionalUpdate(session, write, named)})`)
    ctes.push(sql`stored as (${insertEvents(write)})`)
  }
  const columns = [
    ...named.map(({ name }) => sql`(select hits from ${sql.raw(name)}) as ${sql.raw(name)}`),
    write
      ? sql`(select eligible_offers from updated) as eligible_offers`
      : sql`null::jsonb as eligible_offers`,
    write ? sql`(select count(*) from updated) as written` : sql`0 as written`,
  ]
  // Prepared once per connection on PostgreSQL: parsing and planning it cost about as much as running it.
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(PREPARED)}${
    ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)}` : sql``
  }
    select ${sql.join(columns, sql`, `)}`.execute(db)
  const row = rows[0] ?? {}
  const counted = named.every(({ name }) => row[name] !== null && row[name] !== undefined)
  return {
    counts: counted ? named.map(({ name }) => Number(row[name])) : null,
    stored:
      Number(row.written) > 0 ? { eligibleOffers: (row.eligible_offers as string[] | null) ?? [] } : null,
  }
}

/** How the group writer sends a call on its own: this file's one-call statement. */
const sendAlone = (db: Db) => (call: GroupedCall) => countAndWrite(db, call.session, call.hits, call.write)

/**
 * The statement a round sends: none once the hits are counted and there is nothing to store; the
 * common call (its hits and its batch) with the calls queued beside it; anything else on its own.
 */
async function sendStatement(
  db: Db,
  session: KnownSession,
  hits: readonly PlannedHit[],
  write: Write | null,
  counted: boolean,
): Promise<StatementResult> {
  if (counted && !write) return { counts: null, stored: null }
  if (!write || hits.length === 0) return countAndWrite(db, session, hits, write)
  return ingestGroupsOf(db, sendAlone(db)).submit({ session, hits, write })
}

/** The old way, for a session other calls keep changing: lock the row, judge, write, commit. */
async function writeLocked(db: Db, session: KnownSession, events: readonly SessionEventInput[], now: Date) {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<SessionStateRow>`select ${stateColumns} from cancel_sessions as s
      where s.id = ${session.id} for update`.execute(trx)
    const row = rows[0]
    if (!row) throw new HttpError('NOT_FOUND', 'No such session')
    const locked = knownFrom(session.id, row)
    const transition = applyEvents(locked.state, events)
    // Locked: the row cannot move before commit, so the condition holds and the batch is stored.
    const write = { transition, events, now }
    await sql`with updated as (${conditionalUpdate(locked, write, [])}), stored as (${insertEvents(write)})
      select 1`.execute(trx)
    return { session: locked, next: transition.next }
  })
}

export interface IngestResult {
  /** The rate-limit windows' counts, in the order of the planned hits. */
  counts: number[]
  /** Why the batch was refused by the state machine (409, or 429 past the per-session cap). */
  refusal?: HttpError
}

/** Statements a call tries on the session as assumed, then as read, before it locks the row instead. */
const OPTIMISTIC_ROUNDS = 2

/**
 * Counts the call's rate-limit hits and stores `events` (none: only the hits) through the session's
 * state machine, starting from `basis`. Every read of the session is checked against the token's
 * owner, and by `check` (the batch's shapes for the session's kind), since a basis from memory or a
 * guess was not. A refusal is returned, not thrown, so the caller can answer a 429 first when a limit
 * is exceeded (limits are judged before the state).
 */
export async function ingestEvents(
  db: Db,
  subscriber: Subscriber,
  basis: KnownSession,
  events: readonly SessionEventInput[],
  hits: readonly PlannedHit[],
  now: Date,
  check: (read: KnownSession) => void,
): Promise<IngestResult> {
  let session = basis
  let counts: number[] | null = null
  for (let round = 0; ; round++) {
    if (round > OPTIMISTIC_ROUNDS + 2) throw new Error('events call: the session never matched its own read')
    if (round > 0) {
      if (counts && round >= OPTIMISTIC_ROUNDS) return writeLockedOrRefuse(db, session, events, now, counts)
      // The session is not as assumed, or moved since it was read: read it and judge again.
      session = await readOwnedSession(db, session.id, subscriber)
      check(session)
    }
    let verdict: Transition | HttpError | null = null
    try {
      verdict = events.length > 0 ? applyEvents(session.state, events) : null
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      verdict = error
    }
    const write = verdict && !(verdict instanceof HttpError) ? { transition: verdict, events, now } : null
    const result = await sendStatement(db, session, counts ? [] : hits, write, counts !== null)
    counts ??= result.counts
    if (!counts) continue
    if (counts.some((count, index) => count > (hits[index]?.limit ?? Number.POSITIVE_INFINITY)))
      return { counts }
    if (result.stored && write) {
      remember(db, session, { ...write.transition.next, eligibleOffers: result.stored.eligibleOffers }, now)
      return { counts }
    }
    // Nothing to store (every event refused for its time), or a refusal on the state as just read.
    if (!verdict) return { counts }
    if (verdict instanceof HttpError && session.basis === 'read') {
      forget(db, session.id)
      return { counts, refusal: verdict }
    }
  }
}

/** The last resort of a call racing others for its session: the locked transaction. */
async function writeLockedOrRefuse(
  db: Db,
  session: KnownSession,
  events: readonly SessionEventInput[],
  now: Date,
  counts: number[],
): Promise<IngestResult> {
  try {
    const locked = await writeLocked(db, session, events, now)
    remember(db, locked.session, locked.next, now)
    return { counts }
  } catch (error) {
    forget(db, session.id)
    if (error instanceof HttpError) return { counts, refusal: error }
    throw error
  }
}
