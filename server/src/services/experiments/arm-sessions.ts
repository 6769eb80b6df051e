import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import { durabilityOf, type FollowedRow, type SaveDurability } from '../analytics/durability'
import { payingFromSql } from '../analytics/saved-money'

/**
 * An experiment's finished sessions, each with what it is worth now. The save rate is the README's:
 * of the subscribers who finished the flow, those who stayed — kept their plan (`stayed`) or accepted an
 * offer (`saved`). A holdout sees no offers, so its saves are all of the first kind; counting only
 * accepted offers had every holdout at 0 %. Sessions left open or abandoned did not finish the flow.
 *
 * What a save is worth: an accepted offer its MRR after the offer, a kept plan the session's MRR; each
 * followed through the merchant's Stripe events like any save (durability.ts), so a save lost since,
 * or paused now (paying 0 until it resumes), is worth 0 today — its "net" value.
 */

export type Outcome = 'saved' | 'stayed' | 'canceled'

export interface ArmSession {
  arm_id: string
  outcome: Outcome
  /** Lower-case ISO code; null for a session without a subscription (no Stripe). */
  currency: string | null
  /** The session's MRR before any offer, whole minor units. */
  mrr: number
  /** The save followed, for a saved or stayed session. */
  save: SaveDurability | null
}

/** Whether a session counts as a save. */
export const isSave = (session: ArmSession): boolean => session.outcome !== 'canceled'

/** What a save is worth now: its MRR unless lost or paused (0); 0 for a cancellation. */
export function netValue(session: ArmSession): number {
  const save = session.save
  if (!save) return 0
  return save.state === 'lost' || save.state === 'paused' ? 0 : save.mrr_after
}

/** What a save was worth when made (gross). */
export const grossValue = (session: ArmSession): number => session.save?.mrr_after ?? 0

type Row = FollowedRow & { arm_id: string; outcome: Outcome; session_mrr: number | string }

export async function finishedSessions(
  db: Kysely<Database>,
  experimentId: string,
  now: Date,
): Promise<ArmSession[]> {
  // One save per session (the first, should a replay ever have written two).
  const { rows } = await sql<Row>`
    select cs.arm_id, cs.status as outcome, cs.mrr as session_mrr, cs.id as session_id, cs.customer_id,
      cs.reason_key, coalesce(s.id::text, cs.id) as id,
      coalesce(s.subscription_id, cs.subscription_id) as subscription_id,
      coalesce(s.mechanism, 'stayed') as mechanism, coalesce(s.mrr_after, cs.mrr) as mrr_after,
      lower(coalesce(s.currency, cs.currency)) as currency,
      coalesce(s.created_at, cs.completed_at, cs.updated_at) as created_at,
      ss.status, ss.cancel_at_period_end, ss.canceled_at, ss.ended_at, ss.unpaid_since, ss.synced_at,
      ${payingFromSql('s.mechanism', 's.created_at', 's.detail')} as paying_from
    from cancel_sessions cs
    left join lateral (
      select * from saves where saves.session_id = cs.id and saves.live order by saves.id limit 1
    ) s on true
    left join subscriber_subscriptions ss on ss.account_id = cs.account_id
      and ss.subscription_id = coalesce(s.subscription_id, cs.subscription_id)
    where cs.experiment_id = ${experimentId} and cs.mode = 'live' and cs.kind = 'cancel'
      and cs.status in ('saved', 'stayed', 'canceled')
    order by cs.created_at, cs.id`.execute(db)
  return rows.map((row) => ({
    arm_id: row.arm_id,
    outcome: row.outcome,
    currency: row.currency,
    mrr: Number(row.session_mrr),
    // A session saved without a save row is worth its session's MRR (there is no MRR after to read).
    save: row.outcome === 'canceled' ? null : durabilityOf(row, now),
  }))
}

/** Finished sessions and saves of one arm. */
export function countsOf(sessions: readonly ArmSession[], armId: string) {
  const own = sessions.filter((session) => session.arm_id === armId)
  const accepted = own.filter((session) => session.outcome === 'saved').length
  const keptPlan = own.filter((session) => session.outcome === 'stayed').length
  return { sessions: own.length, saves: accepted + keptPlan, accepted, keptPlan }
}
