import type { Kysely } from 'kysely'
import type { Database, SavesTable } from '../../db/tables'

/**
 * Hand-built analytics data for the tests: sessions, their events and saves written straight into the
 * tables the widget API fills, with timestamps given as text so microseconds survive
 * ('2026-03-31T23:59:59.999999Z' is still March).
 */
export interface EventSpec {
  step: string
  at: string
  reason?: string
  offer?: string
  text?: string
  /** Omit for an event without a session (the column is nullable). */
  session?: string | null
  account?: string
}

/** A session by id alone (started now), or with its start instant (text, microseconds kept) and kind. */
export type SessionSpec = string | { id: string; at: string; kind?: 'cancel' | 'reactivation' }

export async function insertSessions(
  db: Kysely<Database>,
  accountId: string,
  sessions: readonly SessionSpec[],
  mode: 'live' | 'test' = 'live',
) {
  if (sessions.length === 0) return
  await db
    .insertInto('cancel_sessions')
    .values(
      sessions.map((session) =>
        typeof session === 'string'
          ? { id: session, account_id: accountId, customer_id: `cus_${session}`, mode }
          : {
              id: session.id,
              account_id: accountId,
              customer_id: `cus_${session.id}`,
              mode,
              kind: session.kind ?? 'cancel',
              created_at: session.at,
              updated_at: session.at,
            },
      ),
    )
    .execute()
}

export async function insertEvents(db: Kysely<Database>, accountId: string, events: readonly EventSpec[]) {
  if (events.length === 0) return
  await db
    .insertInto('session_events')
    .values(
      events.map((event) => ({
        account_id: event.account ?? accountId,
        session_id: event.session ?? null,
        step: event.step,
        reason_key: event.reason ?? null,
        offer: event.offer ?? null,
        text: event.text ?? null,
        created_at: event.at,
      })),
    )
    .execute()
}

export interface SaveSpec {
  mechanism: SavesTable['mechanism']
  at: string
  mrrBefore?: number
  mrrAfter: number
  currency?: string | null
  session?: string | null
  /** The save's own subscription; without one, the session's counts. */
  subscription?: string | null
  account?: string
}

export async function insertSaves(db: Kysely<Database>, accountId: string, saves: readonly SaveSpec[]) {
  if (saves.length === 0) return
  await db
    .insertInto('saves')
    .values(
      saves.map((save) => ({
        account_id: save.account ?? accountId,
        session_id: save.session ?? null,
        customer_id: 'cus_fixture',
        subscription_id: save.subscription ?? null,
        mechanism: save.mechanism,
        mrr_before: save.mrrBefore ?? save.mrrAfter,
        mrr_after: save.mrrAfter,
        currency: save.currency === undefined ? 'usd' : save.currency,
        created_at: save.at,
      })),
    )
    .execute()
}
