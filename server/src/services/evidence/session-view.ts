import type { ApiData } from '@retainkit/shared/api'
import { maskEmail } from '../sessions/customers'
import { type ChainedRow, rowHash } from './chain'
import { sessionStories } from './export'

type SessionEvidence = ApiData<'GET /api/sessions/{accountId}/{sessionId}/evidence'>

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** An address as the reader may see it: whole for members who see customers, in part for viewers. */
const addressFor = (value: unknown, masked: boolean): string | null => {
  const address = text(value)
  return address && masked ? maskEmail(address) : address
}

function jurisdictionOf(raw: Record<string, unknown> | null): SessionEvidence['jurisdiction'] {
  if (!raw) return null
  const cap = raw.cap as { max_offers?: unknown; max_screens?: unknown } | null | undefined
  return {
    mode: text(raw.mode) ?? 'standard',
    region: text(raw.region),
    source: text(raw.source) ?? 'unknown',
    why: text(raw.why),
    law: text(raw.law),
    withdrawal_until: text(raw.withdrawalUntil),
    cap:
      cap && typeof cap.max_offers === 'number' && typeof cap.max_screens === 'number'
        ? { max_offers: cap.max_offers, max_screens: cap.max_screens }
        : null,
  }
}

/** The offers' options as the subscriber's words named them, from the session's start. */
function offerTermsOf(started: ChainedRow | undefined): SessionEvidence['offer_terms'] {
  const options = (started?.body.options ?? {}) as Record<string, { label?: unknown }[] | undefined>
  return Object.entries(options).map(([offer, list]) => ({
    offer,
    options: (list ?? []).map((option) => text(option.label)).filter((label): label is string => !!label),
  }))
}

function declarationOf(raw: unknown, masked: boolean): Record<string, unknown> | null {
  if (!raw || typeof raw !== 'object') return null
  const declaration = { ...(raw as Record<string, unknown>) }
  if ('email' in declaration) declaration.email = addressFor(declaration.email, masked)
  if (masked && typeof declaration.name === 'string')
    declaration.name = '(shown to members who see customers)'
  return declaration
}

/**
 * One session's ledger rows (chain order) as the console's session page shows them. The export's own
 * story of the session is the source, so the page and the export never tell it differently; viewers
 * get e-mail addresses (and the declared name) in part, as everywhere else in the session log.
 */
export function sessionEvidenceView(
  sessionId: string,
  rows: readonly ChainedRow[],
  masked: boolean,
): SessionEvidence {
  const story = sessionStories(rows).find((one) => one.session_id === sessionId)
  const started = rows.find((row) => row.kind === 'session_started')
  const closed = [...rows].reverse().find((row) => row.kind === 'session_closed')
  const clicks = (story?.clicks ?? []) as SessionEvidence['clicks']
  return {
    session_id: sessionId,
    customer_id: story?.customer_id ?? null,
    masked,
    jurisdiction: jurisdictionOf(story?.jurisdiction ?? null),
    language: story?.language ?? null,
    outcome: story?.outcome ?? null,
    screens_shown: story?.screens_shown ?? [],
    screens_from: text(closed?.body.screens_from),
    offer_terms: offerTermsOf(started),
    clicks: clicks.map((click) => ({
      step: click.step,
      offer: click.offer ?? null,
      reason_key: click.reason_key ?? null,
      at: click.at ?? null,
      received_at: click.received_at,
    })),
    duration_ms: story?.duration_ms ?? null,
    clicks_to_end: story?.clicks_to_end ?? null,
    declaration: declarationOf(story?.declaration, masked),
    after_cancel_answer: story?.after_cancel_answer ?? null,
    receipt: rows
      .filter((row) => row.kind.startsWith('receipt_'))
      .map((row) => ({
        kind: row.kind,
        recorded_at: row.recordedAt.toISOString(),
        reference: text(row.body.reference),
        to: addressFor(row.body.to, masked),
        copy: row.body.copy === true,
        reason: text(row.body.reason),
      })),
    entries: rows.map((row) => ({
      seq: row.seq,
      kind: row.kind,
      recorded_at: row.recordedAt.toISOString(),
      hash: row.hash,
      intact: rowHash(row) === row.hash,
    })),
  }
}
