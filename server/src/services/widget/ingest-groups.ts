import { cpus } from 'node:os'
import { type Kysely, sql } from 'kysely'
import { isSingleConnection, PREPARED } from '../../db/database'
import type { Database } from '../../db/tables'
import type { PlannedHit } from '../rate-limit'
import type { KnownSession, Write } from './ingest-types'

/**
 * Events calls that arrive while the database is busy with earlier ones, written together: ONE statement
 * for a group of calls instead of one each. Under load most of the database's work per call is fixed
 * (the statement, its commit, the rollup trigger run once per statement over its transition table), so a
 * group of sixteen costs it little more than one call did.
 *
 * A call is sent at the end of the event-loop turn it arrived in (setImmediate: after every request whose
 * bytes were already read has reached this queue too) while fewer than `maxInFlight` statements are out;
 * after that, calls queue and the next statement to go takes every queued call it safely can. Without
 * that turn, fifty concurrent single-event calls left one statement each whenever a slot was free (on
 * PGlite always: its statement runs on this thread, so the next request is only read once it is done). Safe means: no two calls in a group,
 * and no two groups in flight, name the same session or the same rate-limit window. So a session's own
 * calls are still written one after the other, each checked against the state its verdict was reached
 * on, an upsert never meets its own row twice in one statement, and two groups in flight never wait on
 * each other's rows in opposite orders.
 *
 * The group statement is the set-based form of the one-call statement (event-ingest.ts, countAndWrite):
 * for each call, its hits counted only if its session is as assumed (owner, kind); its session updated
 * only if it holds the state the verdict was reached on and its hits are within their limits; its
 * events inserted only if that update happened. One call's outcome never depends on another's. When the
 * statement fails with a database error (nothing of it was written: a deadlock with another writer, a
 * trigger's error), each call is sent again alone, so one call's failure is its own.
 */

type Db = Kysely<Database>

/** What a call asks of the database, and what it learns (the same as countAndWrite's). */
export interface GroupedCall {
  session: KnownSession
  hits: readonly PlannedHit[]
  write: Write
}

export interface CallResult {
  counts: number[] | null
  stored: { eligibleOffers: string[] } | null
}

/** Calls in one statement at most: big enough to absorb a burst, small enough to keep it short. */
export const MAX_CALLS_PER_GROUP = 64

/**
 * How long a call waits in the queue before it is sent on its own. Groups take milliseconds; a call
 * still queued after this means the statements in flight are stuck (locks, a hung server), and it then
 * goes to the pool like any other query, whose connection timeout answers 503 rather than leaving the
 * subscriber's call hanging behind them.
 */
export const MAX_QUEUE_WAIT_MS = 1_000

interface Queued {
  call: GroupedCall
  keys: string[]
  timer: ReturnType<typeof setTimeout>
  resolve: (result: CallResult) => void
  reject: (error: unknown) => void
}

interface Counters {
  /** Statements sent for calls (a group of one included). */
  statements: number
  /** Calls written by them. */
  calls: number
  /** Group statements that failed and whose calls were sent again alone. */
  fallbacks: number
  /** Calls queued now, waiting for a statement. */
  waiting: number
  /** Calls that waited their longest (MAX_QUEUE_WAIT_MS by default) and were sent alone. */
  waitedOut: number
}

type SendAlone = (call: GroupedCall) => Promise<CallResult>

class IngestGroups {
  private readonly queue: Queued[] = []
  private readonly busyKeys = new Set<string>()
  private inFlight = 0
  /** A pump is scheduled for the end of this event-loop turn. */
  private pumpScheduled = false
  private readonly sent = { statements: 0, calls: 0, fallbacks: 0, waitedOut: 0 }

  constructor(
    private readonly db: Db,
    public limits: IngestGroupLimits,
    private readonly sendAlone: SendAlone,
  ) {}

  get counters(): Counters {
    return { ...this.sent, waiting: this.queue.length }
  }

  submit(call: GroupedCall): Promise<CallResult> {
    const keys = [`session:${call.session.id}`, ...call.hits.map(hitKey)]
    return new Promise((resolve, reject) => {
      const queued: Queued = { call, keys, resolve, reject, timer: undefined as never }
      queued.timer = setTimeout(() => this.waitedOut(queued), this.limits.maxQueueWaitMs)
      queued.timer.unref?.()
      this.queue.push(queued)
      this.schedulePump()
    })
  }

  /** Pumps once every call that arrived in this turn of the event loop is queued. */
  private schedulePump(): void {
    if (this.pumpScheduled) return
    this.pumpScheduled = true
    setImmediate(() => {
      this.pumpScheduled = false
      this.pump()
    })
  }

  /** A call queued too long leaves the queue and is sent alone (see MAX_QUEUE_WAIT_MS). */
  private waitedOut(queued: Queued): void {
    const index = this.queue.indexOf(queued)
    if (index < 0) return
    this.queue.splice(index, 1)
    this.sent.waitedOut++
    this.sendAlone(queued.call).then(queued.resolve, queued.reject)
  }

  private pump(): void {
    while (this.inFlight < this.limits.maxInFlight) {
      const group = this.takeGroup()
      if (group.length === 0) return
      this.inFlight++
      for (const queued of group) for (const key of queued.keys) this.busyKeys.add(key)
      void this.send(group).finally(() => {
        this.inFlight--
        for (const queued of group) for (const key of queued.keys) this.busyKeys.delete(key)
        this.schedulePump()
      })
    }
  }

  /** The queued calls, oldest first, whose keys are free of the groups in flight and of each other. */
  private takeGroup(): Queued[] {
    const group: Queued[] = []
    const taken = new Set<string>()
    for (let index = 0; index < this.queue.length && group.length < MAX_CALLS_PER_GROUP; ) {
      const queued = this.queue[index] as Queued
      const free = queued.keys.every((key) => !this.busyKeys.has(key) && !taken.has(key))
      // A call that must wait still claims its keys: a later call for the same session or window never
      // overtakes it.
      for (const key of queued.keys) taken.add(key)
      if (free) {
        clearTimeout(queued.timer)
        group.push(queued)
        this.queue.splice(index, 1)
      } else index++
    }
    return group
  }

  private async send(group: Queued[]): Promise<void> {
    this.sent.statements++
    this.sent.calls += group.length
    if (group.length === 1) {
      const [only] = group as [Queued]
      await this.sendAlone(only.call).then(only.resolve, only.reject)
      return
    }
    let results: CallResult[]
    try {
      results = await writeGroup(
        this.db,
        group.map((queued) => queued.call),
      )
    } catch (error) {
      if (!isDatabaseError(error)) {
        for (const queued of group) queued.reject(error)
        return
      }
      this.sent.fallbacks++
      await Promise.all(
        group.map((queued) => this.sendAlone(queued.call).then(queued.resolve, queued.reject)),
      )
      return
    }
    group.forEach((queued, index) => {
      queued.resolve(results[index] ?? { counts: null, stored: null })
    })
  }
}

const hitKey = (hit: PlannedHit) => `hit:${hit.bucket}@${hit.windowStart.toISOString()}`

/**
 * An error the database answered the statement with (a SQLSTATE, severity ERROR): the statement ran and
 * was rolled back, so nothing of it is stored and each call may be sent again. A lost connection is not
 * one, nor is a FATAL answer (the backend ended: terminated by an operator, a shutdown), which may come
 * after the statement committed: their calls fail as a single call's would, acknowledging nothing.
 */
function isDatabaseError(error: unknown): boolean {
  // The server's error message carries a severity beside its SQLSTATE; a socket error's code (EPIPE)
  // can look like one without it.
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown }
  return (
    severity === 'ERROR' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08')
  )
}

const groups = new WeakMap<object, IngestGroups>()

/**
 * Statements out at once before calls start to queue: about one per core the database may use; one on
 * a single connection (PGlite), where a second would only wait behind the first, holding calls that
 * could have joined the next group.
 */
function defaultMaxInFlight(db: Db): number {
  return isSingleConnection(db) ? 1 : Math.max(2, Math.min(8, cpus().length))
}

/** How many statements a database's calls may have out at once, and how long a call may queue. */
export interface IngestGroupLimits {
  maxInFlight: number
  maxQueueWaitMs: number
}

const chosenLimits = new WeakMap<object, Partial<IngestGroupLimits>>()

/**
 * Changes `db`'s limits (defaults: defaultMaxInFlight() and MAX_QUEUE_WAIT_MS). Tests use it to hold
 * every slot with a known number of connections whatever the machine's cores, and to let a burst
 * queue on a slow machine without its first calls leaving the queue.
 */
export function configureIngestGroups(db: Db, limits: Partial<IngestGroupLimits>): void {
  for (const value of Object.values(limits))
    if (!Number.isInteger(value) || (value as number) < 1) throw new Error('limits are positive integers')
  chosenLimits.set(db, { ...chosenLimits.get(db), ...limits })
  const writer = groups.get(db)
  if (writer) writer.limits = ingestGroupLimitsOf(db)
}

/** `db`'s limits now. */
export function ingestGroupLimitsOf(db: Db): IngestGroupLimits {
  return { maxInFlight: defaultMaxInFlight(db), maxQueueWaitMs: MAX_QUEUE_WAIT_MS, ...chosenLimits.get(db) }
}

/** The group writer of `db` (one per database handle, as the session memory is). */
export function ingestGroupsOf(db: Db, sendAlone: SendAlone): IngestGroups {
  let writer = groups.get(db)
  if (!writer) {
    writer = new IngestGroups(db, ingestGroupLimitsOf(db), sendAlone)
    groups.set(db, writer)
  }
  return writer
}

/** How many statements wrote how many calls on `db` (tests and the bench read it). */
export function ingestGroupCounters(db: Db): Counters {
  return groups.get(db)?.counters ?? { statements: 0, calls: 0, fallbacks: 0, waiting: 0, waitedOut: 0 }
}

const iso = (at: Date) => at.toISOString()
const json = (value: unknown) => JSON.stringify(value)

interface GroupRow {
  part: number | string
  counts: (number | string)[] | null
  eligible_offers: string[] | null
  written: boolean
}

/** The group's one statement (see the comment at the top); results in the calls' order. */
async function writeGroup(db: Db, calls: readonly GroupedCall[]): Promise<CallResult[]> {
  const hits = calls.flatMap((call, part) => call.hits.map((hit, n) => ({ part: part + 1, n: n + 1, hit })))
  const events = calls.flatMap((call, part) => call.write.events.map((event) => ({ part: part + 1, event })))
  const { rows } = await sql<GroupRow>`${sql.raw(PREPARED)}with parts as (
      select * from unnest(
        ${calls.map((c) => c.session.id)}::text[], ${calls.map((c) => c.session.accountId)}::text[],
        ${calls.map((c) => c.session.customerId)}::text[], ${calls.map((c) => c.session.state.kind)}::text[],
        ${calls.map((c) => c.session.state.status)}::text[], ${calls.map((c) => c.session.state.reasonKey)}::text[],
        ${calls.map((c) => c.session.state.clientEvents)}::int[],
        ${calls.map((c) => json(c.session.state.offersOnScreen))}::text[],
        ${calls.map((c) => (c.session.basis === 'guess' ? null : json(c.session.state.eligibleOffers)))}::text[],
        ${calls.map((c) => c.write.transition.next.reasonKey)}::text[], ${calls.map((c) => json(c.write.transition.next.offersOnScreen))}::text[],
        ${calls.map((c) => c.write.transition.next.clientEvents)}::int[], ${calls.map((c) => c.write.transition.next.status)}::text[],
        ${calls.map((c) => (c.write.transition.closing ? iso(c.write.now) : null))}::text[],
        ${calls.map((c) => iso(c.write.now))}::text[]
      ) with ordinality as p (session_id, account_id, customer_id, kind, from_status, from_reason,
        from_client_events, from_offers, from_eligible, next_reason, next_offers, next_client_events,
        next_status, completed_at, now, part)
    ), owned as (
      select p.part from parts as p
      join cancel_sessions as s on s.id = p.session_id and s.account_id = p.account_id
        and s.customer_id = p.customer_id and s.kind = p.kind
    ), planned as (
      select * from unnest(
        ${hits.map((h) => h.part)}::int[], ${hits.map((h) => h.n)}::int[],
        ${hits.map((h) => h.hit.bucket)}::text[], ${hits.map((h) => iso(h.hit.windowStart))}::text[],
        ${hits.map((h) => h.hit.limit)}::int[]
      ) as h (part, n, bucket, window_start, hit_limit)
    ), hit as (
      insert into rate_limit_hits as r (bucket, window_start, hits)
      select bucket, window_start::timestamptz, 1 from planned
      where part in (select part from owned)
      order by bucket, window_start
      on conflict (bucket, window_start) do update set hits = r.hits + 1
      returning bucket, window_start, hits
    ), counted as (
      select h.part, h.n, c.hits, h.hit_limit from planned as h
      join hit as c on c.bucket = h.bucket and c.window_start = h.window_start::timestamptz
    ), within as (
      select part from counted group by part having bool_and(hits <= hit_limit)
    ), updated as (
      update cancel_sessions as s set
        reason_key = p.next_reason, offers_on_screen = p.next_offers::jsonb, client_events = p.next_client_events,
        updated_at = p.now::timestamptz, status = p.next_status,
        completed_at = coalesce(p.completed_at::timestamptz, s.completed_at)
      from parts as p
      where s.id = p.session_id and s.account_id = p.account_id and s.customer_id = p.customer_id
        and s.kind = p.kind and s.status = p.from_status and s.reason_key is not distinct from p.from_reason
        and s.client_events = p.from_client_events and s.offers_on_screen = p.from_offers::jsonb
        and (p.from_eligible is null or s.eligible_offers = p.from_eligible::jsonb)
        and p.part in (select part from within)
      returning p.part, s.id, s.account_id, s.eligible_offers, s.mode = 'live' as live
    ), stored as (
      -- live: the updated row's mode (the per-row trigger that would read the session again is skipped)
      insert into session_events (account_id, session_id, step, reason_key, offer, text, created_at, client_at, live)
      select u.account_id, u.id, e.step, e.reason_key, e.offer, e.text, p.now::timestamptz, e.client_at::timestamptz,
        u.live
      from unnest(
        ${events.map((e) => e.part)}::int[], ${events.map((e) => e.event.step)}::text[],
        ${events.map((e) => e.event.reasonKey ?? null)}::text[], ${events.map((e) => e.event.offer ?? null)}::text[],
        ${events.map((e) => e.event.text ?? null)}::text[],
        ${events.map((e) => (e.event.at ? iso(new Date(e.event.at)) : null))}::text[]
      ) with ordinality as e (part, step, reason_key, offer, text, client_at, n)
      join updated as u on u.part = e.part
      join parts as p on p.part = e.part
      order by e.n
      returning id
    )
    select p.part,
      (select array_agg(c.hits order by c.n) from counted as c where c.part = p.part) as counts,
      u.eligible_offers, u.id is not null as written
    from parts as p left join updated as u on u.part = p.part
    order by p.part`.execute(db)
  // One row per call, in the calls' order (`order by p.part`, parts numbered from 1).
  return calls.map((call, index) => {
    const row = rows[index]
    const counts = row?.counts ?? null
    const counted = counts !== null && counts.length === call.hits.length
    return {
      counts: counted ? counts.map(Number) : null,
      stored: row?.written ? { eligibleOffers: row.eligible_offers ?? [] } : null,
    }
  })
}
