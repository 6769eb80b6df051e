import { createHash } from 'node:crypto'
import { evaluateCampaign, isHardDecline } from '@retainkit/shared/recovery'
import Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { stripeForAccount } from '../merchant-stripe'
import { toHttpError } from '../stripe-errors'
import { withCustomerLock } from '../widget/customer-lock'
import { channelOfPayment } from './events'
import { endCampaign } from './outcomes'
import { loadRecoverySettings } from './settings'
import { type Campaign, campaignById, dueAtOf, factsOf, isOpen, updateCampaign } from './store'
import { INVOICE_EXPAND, invoiceFacts, readInvoice } from './stripe-reads'

/**
 * One of Retainkit's scheduled retries: `invoices.pay` under the customer's lock, with a Stripe
 * idempotency key derived from the invoice and the attempt's number — so however many passes or
 * instances reach the same attempt, and even after a crash between Stripe's answer and our commit,
 * the invoice is charged at most once for it. The attempt is recorded (`recovery_attempts`, one row
 * per number) in the transaction that records its outcome.
 */

export type RetryResult = 'paid' | 'declined' | 'requires_action' | 'not_open' | 'not_due'

export function retryIdempotencyKey(accountId: string, invoiceId: string, attempt: number): string {
  const material = JSON.stringify(['recovery-retry', accountId, invoiceId, attempt])
  return `retainkit_recovery_${createHash('sha256').update(material).digest('base64url').slice(0, 40)}`
}

type Paid = { kind: 'paid'; invoice: Stripe.Invoice }
type Declined = { kind: 'declined' | 'requires_action'; code: string | null }
type NotOpen = { kind: 'not_open' }

async function pay(stripe: Stripe, campaign: Campaign, attempt: number): Promise<Paid | Declined | NotOpen> {
  try {
    const invoice = await stripe.invoices.pay(
      campaign.invoice_id,
      { off_session: true, expand: [...INVOICE_EXPAND] },
      { idempotencyKey: retryIdempotencyKey(campaign.account_id, campaign.invoice_id, attempt) },
    )
    return { kind: 'paid', invoice }
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const code = error.decline_code ?? error.code ?? null
      return { kind: code === 'authentication_required' ? 'requires_action' : 'declined', code }
    }
    // Paid, voided or written off meanwhile: its own event (or the pass's re-read) settles the campaign.
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      /invoice_(already_paid|not_open)/.test(error.code ?? '')
    )
      return { kind: 'not_open' }
    throw toHttpError(error, { key: 'stored' })
  }
}

export async function runRetry(deps: AppDeps, campaignId: string): Promise<RetryResult> {
  const seen = await campaignById(deps.db, campaignId)
  if (!seen || !isOpen(seen)) return 'not_due'
  const stripe = await stripeForAccount(deps, seen.account_id)
  return withCustomerLock(deps, seen.account_id, seen.customer_id, async (lock) => {
    const campaign = await campaignById(lock.trx, campaignId)
    if (!campaign || !isOpen(campaign)) return 'not_due'
    const settings = await loadRecoverySettings(lock.trx, campaign.account_id)
    const now = deps.clock.now()
    if (!evaluateCampaign(factsOf(campaign, settings), settings, now).due.includes('retry')) return 'not_due'
    const attempt = campaign.our_attempts + 1
    const outcome = await pay(stripe, campaign, attempt)
    await lock.trx
      .insertInto('recovery_attempts')
      .values({
        campaign_id: campaign.id,
        attempt,
        at: now,
        result: outcome.kind,
        decline_code: outcome.kind === 'declined' || outcome.kind === 'requires_action' ? outcome.code : null,
      })
      .onConflict((oc) => oc.columns(['campaign_id', 'attempt']).doNothing())
      .execute()
    if (outcome.kind === 'paid') {
      const invoice = invoiceFacts(outcome.invoice)
      // Our retry charged it; the new card the subscriber gave through our link or prompt gets the credit.
      const channel = channelOfPayment(campaign, invoice, false) ?? 'our_retry'
      await updateCampaign(lock.trx, campaign.id, { our_attempts: attempt }, now)
      await endCampaign(
        lock.trx,
        deps,
        { ...campaign, our_attempts: attempt },
        { state: 'recovered', outcome: channel, recoveredAttempt: invoice.attemptCount },
        now,
      )
      return 'paid'
    }
    if (outcome.kind === 'not_open') {
      const invoice = await readInvoice(deps, stripe, campaign.invoice_id)
      deps.logger.info('recovery retry found the invoice settled', { status: invoice.status ?? 'unknown' })
      await updateCampaign(lock.trx, campaign.id, { our_attempts: attempt }, now)
      return 'not_open'
    }
    const declineCode = outcome.code ?? campaign.decline_code
    const next = {
      ...campaign,
      state: 'retrying' as const,
      our_attempts: attempt,
      decline_code: declineCode,
      hard_decline: isHardDecline(declineCode),
    }
    await updateCampaign(
      lock.trx,
      campaign.id,
      {
        state: next.state,
        our_attempts: attempt,
        decline_code: declineCode,
        hard_decline: next.hard_decline,
        due_at: dueAtOf(factsOf(next, settings), settings, now),
      },
      now,
    )
    return outcome.kind
  })
}
