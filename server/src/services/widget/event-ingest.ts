import type { SessionEventInput } from '@retainkit/shared/widget-api'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { CancelSession, Database } from '../../db/tables'
import { HttpError } from '../../http/http-error'
import { countHitSql, type PlannedHit } from '../rate-limit'
import { applyEvents, type SessionState, type Transition } from './session-state'
import { checkSessionOwner, SESSION_ID } from './session-store'
import type { Subscriber } from './subscriber-token'

/**
 * Storing a batch of widget events (`POST /api/widget/sessions/:id/events`) in as few round trips as
 * the session's state machine allows, without ever trusting a state the database does not hold.
 *
 * The state machine (session-state.ts) runs here, in the server, on the session's state as last known:
 * this process's memory of the state its own last write left (no read at all), or else one read. The
 * batch is then written by ONE statement that counts the call's rate-limit hits, updates the session
 * row only if it still holds exactly the state the machine ran on and the hits are within their limits,
 * and inserts the events only if that update happened (all or nothing, one autocommit statement: no row
 * lock outlives it, so no lock waits on a round trip to this process). When the row moved meanwhile (a
 * parallel call for the same session, a billing action, another instance), nothing is written and the
 * batch is judged again on the state read afresh; if that races too, the call falls back to the old way,
 * a transaction that locks the row first. So parallel calls for one session stay serialised: each write
 * is checked against the state its decision was made on. A refusal is never decided on remembered
 * state alone: it is confirmed on a fresh read.
 */

type Db = Kysely<Database>

/** What the events call knows of a session: whose it is (never changes) and its state. */
export interface KnownSession {
  id: string
  accountId: string
  customerId: string
  state: SessionState
  /** The state came from this process's memory of its last write (unconfirmed), or from a read. */
  remembered: boolean
}

// ---- memory of sessions this process wrote last ----------------------------------------------------

/** Open sessions remembered per process (a flow lasts minutes; the oldest are forgotten first). */
export const REMEMBERED_SESSIONS = 10_000

interface Remembered {
  accountId: string
  customerId: string
  state: SessionState
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

function remember(db: Db, session: KnownSession, state: SessionState): void {
  const memory = memoryOf(db)
  memory.delete(session.id)
  // An ended session takes nothing more: a late call reads it and is refused.
  if (state.status !== 'open') return
  memory.set(session.id, { accountId: session.accountId, customerId: session.customerId, state })
  for (const oldest of memory.keys()) {
    if (memory.size <= REMEMBERED_SESSIONS) break
    memory.delete(oldest)
  }
}

function forget(db: Db, sessionId: string): void {
  memoryOf(db).delete(sessionId)
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

/** The session's owner and state, with the feedback it holds (the machine refuses a repeat), in one read. */
async function readSession(db: Db, sessionId: string): Promise<KnownSession | null> {
  const { rows } = await sql<SessionStateRow>`
    select s.account_id, s.customer_id, s.kind, s.status, s.reason_key, s.eligible_offers, s.offers_on_screen,
      s.client_events,
      (select array_agg(e.text order by e.id) from session_events as e
        where e.session_id = s.id and e.step = 'feedback_submitted') as feedback
    from cancel_sessions as s where s.id = ${sessionId}`.execute(db)
  const row = rows[0]
  return row ? knownFrom(sessionId, row, false) : null
}

function knownFrom(id: string, row: SessionStateRow, remembered: boolean): KnownSession {
  return {
    id,
    accountId: row.account_id,
    customerId: row.customer_id,
    remembered,
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

/**
 * The session a call names, checked against its token (400 malformed id, 404 unknown, 401 another
 * account's token, 403 another customer's): from memory when this process wrote it last (its owner never
 * changes), else read.
 */
export async function findSession(db: Db, sessionId: string, subscriber: Subscriber): Promise<KnownSession> {
  if (!SESSION_ID.test(sessionId)) throw new HttpError('INVALID_INPUT', 'Invalid session id', 'id')
  const remembered = memoryOf(db).get(sessionId)
  const session = remembered
    ? { id: sessionId, ...remembered, remembered: true }
    : await readSession(db, sessionId)
  if (!session) throw new HttpError('NOT_FOUND', 'No such session')
  checkSessionOwner({ account_id: session.accountId, customer_id: session.customerId }, subscriber)
  return session
}

// ---- writing ------------------------------------------------------------------------------------

interface Write {
  session: KnownSession
  /** The state the machine ran on: the row must still hold it. */
  from: SessionState
  transition: Transition
  events: readonly SessionEventInput[]
  now: Date
}

const iso = (at: Date) => at.toISOString()

/** Updates the session row from `from` to the transition's state, only if it still holds `from`. */
function conditionalUpdate(
  write: Write,
  hitNames: readonly string[],
  hits: readonly PlannedHit[],
): RawBuilder<unknown> {
  const { from, transition, now, session } = write
  const { next, closing } = transition
  const withinLimits = hits.map(
    (hit, index) => sql` and (select hits from ${sql.raw(hitNames[index] ?? '')}) <= ${hit.limit}`,
  )
  return sql`update cancel_sessions set
      reason_key = ${next.reasonKey}, offers_on_screen = ${JSON.stringify(next.offersOnScreen)}::jsonb,
      client_events = ${next.clientEvents}, updated_at = ${iso(now)}::timestamptz, status = ${next.status},
      completed_at = coalesce(${closing ? iso(now) : null}::timestamptz, completed_at)
    where id = ${session.id} and kind = ${from.kind} and status = ${from.status}
      and reason_key is not distinct from ${from.reasonKey}::text and client_events = ${from.clientEvents}
      and offers_on_screen = ${JSON.stringify(from.offersOnScreen)}::jsonb
      and eligible_offers = ${JSON.stringify(from.eligibleOffers)}::jsonb${sql.join(withinLimits, sql``)}
    returning id, account_id`
}

/** Every event of the batch in one insert, in batch order (ids ascend with it), after `updated`. */
function insertEvents(write: Write): RawBuilder<unknown> {
  const { events, now } = write
  return sql`insert into session_events (account_id, session_id, step, reason_key, offer, text, created_at, client_at)
    select u.account_id, u.id, e.step, e.reason_key, e.offer, e.text, ${iso(now)}::timestamptz,
      e.client_at::timestamptz
    from updated as u
    cross join unnest(
      ${events.map((event) => event.step)}::text[], ${events.map((event) => event.reasonKey ?? null)}::text[],
      ${events.map((event) => event.offer ?? null)}::text[], ${events.map((event) => event.text ?? null)}::text[],
      ${events.map((event) => (event.at ? iso(new Date(event.at)) : null))}::text[]
    ) with ordinality as e (step, reason_key, offer, text, client_at, n)
    order by e.n
    returning id`
}

/**
 * One statement: the rate-limit hits counted, and when `write` is given, the batch stored if the hits
 * are within their limits and the session still holds the state it was judged on. Returns the windows'
 * counts and whether the batch was stored.
 */
async function countAndWrite(
  db: Db,
  hits: readonly PlannedHit[],
  write: Write | null,
): Promise<{ counts: number[]; written: boolean }> {
  const hitNames = hits.map((_, index) => `hit${index}`)
  const ctes = hits.map((hit, index) => sql`${sql.raw(hitNames[index] ?? '')} as (${countHitSql(hit)})`)
  if (write) {
    ctes.push(sql`updated as (${conditionalUpdate(write, hitNames, hits)})`)
    ctes.push(sql`stored as (${insertEvents(write)})`)
  }
  const columns = [
    ...hitNames.map((name) => sql`(select hits from ${sql.raw(name)}) as ${sql.raw(name)}`),
    write ? sql`(select count(*) from updated) as written` : sql`0 as written`,
  ]
  const { rows } = await sql<Record<string, number | string | null>>`
    ${ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)}` : sql``}
    select ${sql.join(columns, sql`, `)}`.execute(db)
  const row = rows[0] ?? {}
  return { counts: hitNames.map((name) => Number(row[name])), written: Number(row.written) > 0 }
}

/** The old way, for a session other calls keep changing: lock the row, judge, write, commit. */
async function writeLocked(db: Db, session: KnownSession, events: readonly SessionEventInput[], now: Date) {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<SessionStateRow>`
      select s.account_id, s.customer_id, s.kind, s.status, s.reason_key, s.eligible_offers, s.offers_on_screen,
        s.client_events,
        (select array_agg(e.text order by e.id) from session_events as e
          where e.session_id = s.id and e.step = 'feedback_submitted') as feedback
      from cancel_sessions as s where s.id = ${session.id} for update`.execute(trx)
    const row = rows[0]
    if (!row) throw new HttpError('NOT_FOUND', 'No such session')
    const locked = knownFrom(session.id, row, false)
    const transition = applyEvents(locked.state, events)
    // Locked: the row cannot move before commit, so the condition holds and the batch is stored.
    await sql`with updated as (${conditionalUpdate({ session, from: locked.state, transition, events, now }, [], [])}),
      stored as (${insertEvents({ session, from: locked.state, transition, events, now })})
      select 1`.execute(trx)
    return transition.next
  })
}

export interface IngestResult {
  /** The rate-limit windows' counts, in the order of the planned hits. */
  counts: number[]
  /** Why the batch was refused by the state machine (409, or 429 past the per-session cap). */
  refusal?: HttpError
}

/**
 * Counts the call's rate-limit hits and stores `events` (none: only the hits) through the session's
 * state machine. A refusal is returned, not thrown, so the caller can answer a 429 first when a limit
 * is exceeded (the limits are judged before the state, as they always were).
 */
export async function ingestEvents(
  db: Db,
  session: KnownSession,
  events: readonly SessionEventInput[],
  hits: readonly PlannedHit[],
  now: Date,
): Promise<IngestResult> {
  const judge = (state: SessionState): Transition | HttpError => {
    try {
      return applyEvents(state, events)
    } catch (error) {
      if (error instanceof HttpError) return error
      throw error
    }
  }
  const first = events.length > 0 ? judge(session.state) : null
  const write =
    first && !(first instanceof HttpError)
      ? { session, from: session.state, transition: first, events, now }
      : null
  const { counts, written } = await countAndWrite(db, hits, write)
  if (counts.some((count, index) => count > (hits[index]?.limit ?? Number.POSITIVE_INFINITY)))
    return { counts }
  if (!first) return { counts }
  if (written && write) {
    remember(db, session, write.transition.next)
    return { counts }
  }
  if (first instanceof HttpError && !session.remembered) return { counts, refusal: first }

  // The row moved since the state we judged on (or a refusal rests on remembered state): judge again on
  // the state as it is now, and write without counting the hits again.
  const fresh = await readSession(db, session.id)
  if (!fresh) {
    forget(db, session.id)
    throw new HttpError('NOT_FOUND', 'No such session')
  }
  const second = judge(fresh.state)
  if (second instanceof HttpError) {
    forget(db, session.id)
    return { counts, refusal: second }
  }
  const retry = { session: fresh, from: fresh.state, transition: second, events, now }
  if ((await countAndWrite(db, [], retry)).written) {
    remember(db, fresh, second.next)
    return { counts }
  }
  // Still racing other calls for this session: serialise on the row lock.
  try {
    remember(db, fresh, await writeLocked(db, fresh, events, now))
    return { counts }
  } catch (error) {
    forget(db, session.id)
    if (error instanceof HttpError) return { counts, refusal: error }
    throw error
  }
}
