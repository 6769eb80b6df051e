import type { FlowPlan, FlowWords } from '@retainkit/shared/flow'
import { explainJurisdiction, type JurisdictionDecision, LAW_TITLES } from '@retainkit/shared/jurisdiction'
import type { OfferType } from '@retainkit/shared/vocabulary'
import type { StatutoryPage, SubscriberSummary } from '@retainkit/shared/widget-api'
import type { EvidenceEntry } from './chain'

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
