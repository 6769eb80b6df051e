import { toCsv } from '@retainkit/shared/csv'
import { fromStripe } from '@retainkit/shared/money'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { sessionCohort } from './cohort'
import { followSaves, type SaveDurability } from './durability'
import type { AnalyticsRange } from './range'

/**
 * The raw export: every cancel and reactivation session of a period and mode, with its steps, the offer
 * taken, the outcome, and — for saves — whether the save stuck and its part in the saved-revenue card
 * (`save_state`). Amounts are per row, in the row's currency's ISO minor unit, never totalled here. Capped so one request cannot read an
 * unbounded table; the cap is said in the answer (`truncated`).
 */

export const EXPORT_MAX_SESSIONS = 50_000

export interface ExportedStep {
  step: string
  at: string
  reason_key: string | null
  offer: string | null
}

export interface ExportedSession {
  session_id: string
  kind: string
  mode: string
  customer_id: string
  subscription_id: string | null
  started_at: string
  completed_at: string | null
  outcome: string
  reason_key: string | null
  mrr: number
  currency: string | null
  steps: ExportedStep[]
  offer: string | null
  saved_mrr: number | null
  durability: SaveDurability['durability'] | null
  /** The save's part in the saved-revenue card now: kept (paying), paused, lost or unknown. */
  save_state: SaveDurability['state'] | null
  lost_at: string | null
  d30: string | null
  d60: string | null
  d90: string | null
}

interface SessionRow {
  id: string
  kind: string
  mode: string
  customer_id: string
  subscription_id: string | null
  status: string
  reason_key: string | null
  mrr: number | string
  currency: string | null
  created_at: Date | string
  completed_at: Date | string | null
}

interface StepRow {
  session_id: string
  step: string
  reason_key: string | null
  offer: string | null
  created_at: Date | string
}

/** A Stripe amount as the export states it: in its currency's ISO minor unit (cents, yen). */
const isoMinor = (amount: number, currency: string | null): number =>
  currency === null ? amount : fromStripe(amount, currency).amount

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString()

export async function exportSessions(
  db: Kysely<Database>,
  accountId: string,
  range: AnalyticsRange,
  now: Date,
): Promise<{ sessions: ExportedSession[]; truncated: boolean }> {
  const mode = range.mode === 'test' ? 'test' : 'live'
  const { rows } = await sql<SessionRow>`
    select id, kind, mode, customer_id, subscription_id, status, reason_key, mrr, currency, created_at, completed_at
    from cancel_sessions
    where account_id = ${accountId} and mode = ${mode}${sessionCohort(range.cohort)}
      and created_at >= ${range.start.toISOString()}::timestamptz
      and created_at < ${range.until.toISOString()}::timestamptz
    order by created_at, id
    limit ${EXPORT_MAX_SESSIONS + 1}`.execute(db)
  const truncated = rows.length > EXPORT_MAX_SESSIONS
  const sessions = rows.slice(0, EXPORT_MAX_SESSIONS)
  const ids = sessions.map((row) => row.id)
  const steps =
    ids.length === 0
      ? []
      : await db
          .selectFrom('session_events')
          .select(['session_id', 'step', 'reason_key', 'offer', 'created_at'])
          .where('account_id', '=', accountId)
          .where('session_id', 'in', ids)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
  const stepsOf = new Map<string, ExportedStep[]>()
  for (const step of steps as StepRow[]) {
    const list = stepsOf.get(step.session_id) ?? []
    list.push({
      step: step.step,
      at: iso(step.created_at) ?? '',
      reason_key: step.reason_key,
      offer: step.offer,
    })
    stepsOf.set(step.session_id, list)
  }
  // Saves are followed from the sessions' own period: a save belongs to its session's range.
  const saves = await followSaves(
    db,
    accountId,
    { ...range, until: now > range.until ? now : range.until },
    now,
  )
  const saveOf = new Map(saves.flatMap((save) => (save.session_id ? [[save.session_id, save] as const] : [])))
  return {
    truncated,
    sessions: sessions.map((row) => {
      const save = saveOf.get(row.id)
      const sessionSteps = stepsOf.get(row.id) ?? []
      const accepted = sessionSteps.find((step) => step.step === 'offer_accepted')
      return {
        session_id: row.id,
        kind: row.kind,
        mode: row.mode,
        customer_id: row.customer_id,
        subscription_id: row.subscription_id,
        started_at: iso(row.created_at) ?? '',
        completed_at: iso(row.completed_at),
        outcome: row.status,
        reason_key: row.reason_key,
        mrr: isoMinor(Number(row.mrr), row.currency),
        currency: row.currency,
        steps: sessionSteps,
        offer: accepted?.offer ?? save?.mechanism ?? null,
        saved_mrr: save ? isoMinor(save.mrr_after, row.currency) : null,
        durability: save?.durability ?? null,
        save_state: save?.state ?? null,
        lost_at: save ? iso(save.lost_at) : null,
        d30: save?.checkpoints.d30 ?? null,
        d60: save?.checkpoints.d60 ?? null,
        d90: save?.checkpoints.d90 ?? null,
      }
    }),
  }
}

const CSV_HEADER = [
  'session_id',
  'kind',
  'mode',
  'customer_id',
  'subscription_id',
  'started_at',
  'completed_at',
  'outcome',
  'reason_key',
  'mrr',
  'currency',
  'steps',
  'offer',
  'saved_mrr',
  'durability',
  'save_state',
  'lost_at',
  'kept_30d',
  'kept_60d',
  'kept_90d',
] as const

/** One line per session; the steps as `step@time` joined by ` > `. */
export function sessionsCsv(sessions: readonly ExportedSession[]): string {
  return toCsv(
    CSV_HEADER,
    sessions.map((s) => [
      s.session_id,
      s.kind,
      s.mode,
      s.customer_id,
      s.subscription_id,
      s.started_at,
      s.completed_at,
      s.outcome,
      s.reason_key,
      s.mrr,
      s.currency,
      s.steps.map((step) => `${step.step}@${step.at}`).join(' > '),
      s.offer,
      s.saved_mrr,
      s.durability,
      s.save_state,
      s.lost_at,
      s.d30,
      s.d60,
      s.d90,
    ]),
  )
}
