import type { FlowPlan, FlowWords } from '@retainkit/shared/flow'
import { explainJurisdiction, type JurisdictionDecision, LAW_TITLES } from '@retainkit/shared/jurisdiction'
import type { OfferType } from '@retainkit/shared/vocabulary'
import type { StatutoryPage, SubscriberSummary } from '@retainkit/shared/widget-api'
import type { Transaction } from 'kysely'
import type { CancelSession, Database } from '../../db/tables'
import { appendEvidence, type ChainedRow, type EvidenceEntry } from './chain'
import { type ScreenTrail, trailFromClicks } from './derived-trail'

/**
 * What the ledger records of a cancel session (README.md beside this file lists every kind):
 * - `session_started`: the jurisdiction decision and why, the language, the flow (version, segment,
 *   arm), the offers allowed and why others were not, the subscription's terms, and every screen's
 *   texts and offer terms exactly as the server worded them for this subscriber (the widget draws
 *   nothing else), or the statutory page's;
 * - `session_closed`, `statutory_declaration`, `contact`, `after_cancel_answer`: how it ended, with
 *   the screens the subscriber saw and when, each click with its time, time and clicks to cancel;
 * - `receipt_queued` / `receipt_sent` / `receipt_failed`: the confirmation's delivery.
 */

export interface SessionRef {
  accountId: string
  sessionId: string
  customerId: string
  mode: 'live' | 'test'
}

export const evidenceEntry = (
  ref: SessionRef,
  kind: string,
  at: Date,
  body: Record<string, unknown>,
): EvidenceEntry => ({
  accountId: ref.accountId,
  sessionId: ref.sessionId,
  customerId: ref.customerId,
  mode: ref.mode,
  kind,
  recordedAt: at,
  body,
})

export function jurisdictionEvidence(decision: JurisdictionDecision) {
  return {
    ...decision,
    why: explainJurisdiction(decision),
    law: decision.rule?.law ? LAW_TITLES[decision.rule.law] : null,
  }
}

export interface SessionStartFacts {
  decision: JurisdictionDecision
  locale: string
  flow: { version: number; segmentId: string | null; experimentId: string | null; armId: string | null }
  offers: { eligible: readonly OfferType[]; suppressedBy: string | null }
  subscriber: SubscriberSummary | null
  plan: FlowPlan
  words: FlowWords
  statutory?: StatutoryPage
  scheduledCancelAt?: string | null
}

/** The `session_started` entry: everything the subscriber could be shown, as worded for them. */
export function sessionStartedEvidence(ref: SessionRef, at: Date, facts: SessionStartFacts): EvidenceEntry {
  const { subscriber } = facts
  return evidenceEntry(ref, 'session_started', at, {
    jurisdiction: jurisdictionEvidence(facts.decision),
    language: facts.locale,
    flow: facts.flow,
    offers: facts.offers,
    subscription: subscriber
      ? {
          id: subscriber.subscriptionId,
          status: subscriber.status,
          plan: subscriber.plan,
          current_period_end: subscriber.currentPeriodEnd,
          cancel_at_period_end: subscriber.cancelAtPeriodEnd,
        }
      : null,
    scheduled_cancel_at: facts.scheduledCancelAt ?? null,
    plan: facts.plan,
    screens: facts.statutory ? {} : facts.words.screens,
    options: facts.statutory ? {} : facts.words.options,
    statutory_page: facts.statutory ?? null,
  })
}

export type { ScreenTrail } from './derived-trail'

/** The plan a session started with, from its `session_started` row. */
async function startedPlan(trx: Transaction<Database>, ref: SessionRef): Promise<FlowPlan | null> {
  const row = await trx
    .selectFrom('evidence_ledger')
    .select('body')
    .where('account_id', '=', ref.accountId)
    .where('session_id', '=', ref.sessionId)
    .where('kind', '=', 'session_started')
    .executeTakeFirst()
  return (row?.body.plan as FlowPlan | undefined) ?? null
}

/** The subscriber's recorded steps of a session (the widget's events), oldest first. */
export async function sessionClicks(trx: Transaction<Database>, sessionId: string) {
  const rows = await trx
    .selectFrom('session_events')
    .select(['step', 'offer', 'reason_key', 'client_at', 'created_at'])
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    step: row.step,
    offer: row.offer,
    reason_key: row.reason_key,
    at: row.client_at ? new Date(row.client_at).toISOString() : null,
    received_at: new Date(row.created_at).toISOString(),
  }))
}

/**
 * How a session ended, with what led there: the screens the subscriber saw (as the widget reported
 * them, each with the time it appeared), each recorded click with its time, and the time and clicks it
 * took from the session's start (each screen after the first took one click, and one more ended it).
 */
export async function sessionEndEvidence(
  trx: Transaction<Database>,
  ref: SessionRef & { startedAt: Date },
  kind: 'session_closed' | 'statutory_declaration' | 'contact',
  now: Date,
  detail: Record<string, unknown> & { trail?: ScreenTrail },
): Promise<EvidenceEntry> {
  const clicks = await sessionClicks(trx, ref.sessionId)
  const reported = detail.trail ?? []
  // Without the widget's list, the screens are told from the steps it recorded and the session's plan.
  const trail =
    reported.length > 0 || kind !== 'session_closed'
      ? reported
      : trailFromClicks(await startedPlan(trx, ref), clicks, detail.outcome === 'canceled')
  const { trail: _reported, ...rest } = detail
  return evidenceEntry(ref, kind, now, {
    ...rest,
    screens_shown: trail.map(([screen, at]) => ({ screen, at: new Date(at).toISOString() })),
    ...(reported.length === 0 && trail.length > 0 ? { screens_from: 'recorded steps' } : {}),
    clicks,
    started_at: ref.startedAt.toISOString(),
    ended_at: now.toISOString(),
    duration_ms: Math.max(0, now.getTime() - ref.startedAt.getTime()),
    clicks_to_end: Math.max(1, trail.length),
  })
}

/** What the ledger keeps of how a session ended (sessionEndEvidence's detail). */
export type SessionEndDetail = Parameters<typeof sessionEndEvidence>[4]

/**
 * A session's end (or a contact) appended to its account's chain, keyed by the session's own columns:
 * the rows written (the billing actions' receipts point at theirs).
 */
export async function appendSessionEnd(
  trx: Transaction<Database>,
  session: Pick<CancelSession, 'id' | 'account_id' | 'customer_id' | 'mode' | 'created_at'>,
  kind: Parameters<typeof sessionEndEvidence>[2],
  at: Date,
  detail: SessionEndDetail,
): Promise<ChainedRow[]> {
  const ref = {
    accountId: session.account_id,
    sessionId: session.id,
    customerId: session.customer_id,
    mode: session.mode,
    startedAt: session.created_at,
  }
  return appendEvidence(trx, [await sessionEndEvidence(trx, ref, kind, at, detail)])
}
