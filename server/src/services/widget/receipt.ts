import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { appendEvidence, type ChainedRow } from '../evidence/chain'
import { evidenceEntry } from '../evidence/session-evidence'
import { enqueueMail } from '../mail/outbox'
import { receiptReference } from './statutory-cancel'

/**
 * Queues the cancellation receipt (mail kind `cancellation_receipt`) in the cancellation's own
 * transaction: to the subscriber (the address they gave on the statutory page, else the Stripe
 * customer's), in their language (the session's, else the account's default — one language per mail),
 * and a copy to the merchant's address when `config.compliance.receipt_copy` asks. Deduplicated by
 * session, so a retried cancellation queues one. The receipt carries the hash of the ledger row that
 * recorded the cancellation; that it was queued (or why not) is appended to the ledger too.
 */

export type ReceiptKind = 'cancellation' | 'ordinary' | 'extraordinary' | 'withdrawal'

export interface ReceiptInput {
  session: {
    id: string
    account_id: string
    customer_id: string
    mode: 'live' | 'test'
    locale: string | null
  }
  config: CancelFlowConfig
  kind: ReceiptKind
  to: string | null
  plan: string
  subscriptionId: string | null
  receivedAt: Date
  endsAt: Date | null
  /** The ledger row that recorded the cancellation. */
  recorded: ChainedRow
}

/** The subscriber's address as Stripe has it (the subscription's customer, expanded). */
export function customerEmail(subscription: Stripe.Subscription | null): string | null {
  const customer = subscription?.customer
  return customer && typeof customer === 'object' && !customer.deleted ? (customer.email ?? null) : null
}

export async function queueReceipt(
  trx: Transaction<Database>,
  deps: Pick<AppDeps, 'clock' | 'secrets'>,
  input: ReceiptInput,
): Promise<string> {
  const { session } = input
  const reference = receiptReference(session.id)
  await trx
    .updateTable('cancel_sessions')
    .set({ receipt_reference: reference })
    .where('id', '=', session.id)
    .execute()
  const params = {
    reference,
    kind: input.kind,
    plan: input.plan,
    subscription_id: input.subscriptionId ?? '',
    received_at: input.receivedAt.toISOString(),
    ends_at: input.endsAt?.toISOString() ?? null,
    seal: input.recorded.hash,
  }
  const ref = {
    accountId: session.account_id,
    sessionId: session.id,
    customerId: session.customer_id,
    mode: session.mode,
  }
  const at = deps.clock.now()
  if (!input.to) {
    await appendEvidence(trx, [
      evidenceEntry(ref, 'receipt_skipped', at, {
        reference,
        reason: 'no e-mail address for the subscriber',
      }),
    ])
    return reference
  }
  const base = {
    kind: 'cancellation_receipt' as const,
    accountId: session.account_id,
    locale: session.locale,
  }
  await enqueueMail(trx, deps, { ...base, to: input.to, dedupeKey: `receipt:${session.id}`, params })
  const copy = input.config.compliance?.receipt_copy
    ? await trx.selectFrom('accounts').select('email').where('id', '=', session.account_id).executeTakeFirst()
    : undefined
  if (copy?.email)
    await enqueueMail(trx, deps, {
      ...base,
      to: copy.email,
      dedupeKey: `receipt-copy:${session.id}`,
      params: { ...params, copy_of: input.to },
    })
  await appendEvidence(trx, [
    evidenceEntry(ref, 'receipt_queued', at, {
      reference,
      to: input.to,
      merchant_copy_to: copy?.email ?? null,
      seal: input.recorded.hash,
    }),
  ])
  return reference
}
