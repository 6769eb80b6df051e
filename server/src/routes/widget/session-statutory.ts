import { formatDate } from '@retainkit/shared/flow'
import { type LegalWords, legalText, resolveLegal } from '@retainkit/shared/i18n'
import type { JurisdictionDecision } from '@retainkit/shared/jurisdiction'
import { statutoryRequestSchema } from '@retainkit/shared/schemas'
import type { StatutoryResponse } from '@retainkit/shared/widget-api'
import type { Handler } from 'hono'
import type Stripe from 'stripe'
import type { z } from 'zod'
import type { CancelSession } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { answer } from '../../http/respond'
import type { ChainedRow } from '../../services/evidence/chain'
import { appendSessionEnd } from '../../services/evidence/session-evidence'
import { rememberOwnChange } from '../../services/merchant-events/subscriptions'
import type { CustomerLock } from '../../services/widget/customer-lock'
import type { ActionOutcome } from '../../services/widget/idempotency'
import { queueReceipt } from '../../services/widget/receipt'
import { recordSessionEnd } from '../../services/widget/session-store'
import {
  assertKindOffered,
  carryOutDeclaration,
  type Declared,
  receiptReference,
} from '../../services/widget/statutory-cancel'
import {
  assertOwnedBy,
  isEnded,
  merchantStripe,
  planOf,
  retrieveSubscription,
} from '../../services/widget/stripe-subscriber'
import type { WidgetCaller } from './auth'
import type { WidgetEnv } from './cors'
import { runCancelSessionAction } from './session-action'

type Declaration = z.output<typeof statutoryRequestSchema>

/** `14:05 UTC` in the block's language. */
const timeOf = (at: Date, locale: string) => {
  try {
    return `${new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`
  } catch {
    return `${at.toISOString().slice(11, 16)} UTC`
  }
}

/** The page's confirmation in the session's language: received when, the reference, when it ends. */
export function receivedWords(
  block: LegalWords<'statutory'>,
  declaration: Pick<Declaration, 'kind' | 'email'>,
  at: Date,
  endsAt: Date | null,
  reference: string,
): Pick<StatutoryResponse, 'headline' | 'text'> {
  const { words } = block
  const withdrawal = declaration.kind === 'withdrawal'
  const values = {
    date: formatDate(at.toISOString(), block.locale) ?? '',
    time: timeOf(at, block.locale),
    reference,
    end: endsAt ? (formatDate(endsAt.toISOString(), block.locale) ?? '') : '—',
    email: declaration.email,
  }
  const text = legalText(block, withdrawal ? words.received_withdrawal_text : words.received_text, values)
  return {
    headline: withdrawal ? words.received_withdrawal_headline : words.received_headline,
    text: declaration.kind === 'extraordinary' ? `${text} ${words.extraordinary_note}` : text,
  }
}

/** The subscription the declaration ends: the session's, still this customer's and not yet ended. */
async function declaredSubscription(
  deps: AppDeps,
  stripe: Stripe | null,
  caller: WidgetCaller,
  session: CancelSession,
) {
  if (!stripe || !session.subscription_id) return { stripe: null, subscription: null }
  const subscription = await retrieveSubscription(deps, stripe, session.subscription_id)
  if (!subscription || isEnded(subscription))
    throw new HttpError('CONSTRAINT_VIOLATION', 'This subscription has already ended.')
  assertOwnedBy(subscription, caller.subscriber.customerId)
  return { stripe, subscription }
}

/**
 * `POST /api/widget/sessions/:id/statutory` (body StatutoryRequest) → StatutoryResponse: the
 * declaration made on the statutory page of a session whose mode is `statutory_button`, carried out
 * once per session (idempotent like cancel, under the customer's lock): the subscription ends as the
 * declaration asks (services/widget/statutory-cancel.ts) — or, without Stripe, the declaration is
 * recorded for the merchant to carry out — the session ends as canceled, and the declaration with the
 * time it was received goes into the evidence ledger. The answer is the page's confirmation, worded.
 */
export function sessionStatutoryHandler(deps: AppDeps): Handler<WidgetEnv> {
  return async (c) => {
    const result = await runCancelSessionAction(deps, c, {
      action: 'statutory',
      schema: statutoryRequestSchema,
      wrongKind: 'Only cancel sessions have a statutory page',
      conflictMessage: 'A declaration was already received in this session.',
      prepare: async ({ caller, session, body }) => {
        const decision = session.jurisdiction as JurisdictionDecision | null
        assertKindOffered(decision, body.kind, deps.clock.now())
        const { config, reasons } = caller.account.payload
        const block = resolveLegal(config, reasons, [session.locale]).statutory
        // Read before the lock: inside it only the lock's transaction may touch the database.
        const merchant = await merchantStripe(deps, session.account_id)
        return (lock, current) => declareUnderLock(deps, { merchant, caller, body, block }, lock, current)
      },
    })
    return answer(c, 'POST /api/widget/sessions/{id}/statutory', result.body, result.status as 200)
  }
}

/** What the declaration read before the lock. */
interface DeclarationRequest {
  merchant: Stripe | null
  caller: WidgetCaller
  body: Declaration
  block: LegalWords<'statutory'>
}

/** Under the customer's lock: the declaration carried out (or kept for the merchant), recorded, receipted. */
async function declareUnderLock(
  deps: AppDeps,
  { merchant, caller, body, block }: DeclarationRequest,
  lock: CustomerLock,
  current: CancelSession,
): Promise<ActionOutcome<StatutoryResponse>> {
  const { stripe, subscription } = await declaredSubscription(deps, merchant, caller, current)
  const declared: Declared =
    stripe && subscription
      ? await carryOutDeclaration(deps, stripe, lock, subscription, body)
      : { endsAt: null }
  const now = deps.clock.now()
  const reference = receiptReference(current.id)
  const endsAt = declared.endsAt === null ? null : new Date(declared.endsAt * 1000)
  const response: StatutoryResponse = {
    status: 'received',
    receivedAt: now.toISOString(),
    endsAt: endsAt?.toISOString() ?? null,
    reference,
    ...receivedWords(block, body, now, endsAt, reference),
  }
  return {
    result: { status: 200, body: response },
    record: async (trx) => {
      if (declared.changed) await rememberOwnChange(trx, current.account_id, declared.changed, now)
      await recordSessionEnd(trx, {
        accountId: current.account_id,
        sessionId: current.id,
        step: 'cancel_completed',
        status: 'canceled',
        now,
      })
      const [recorded] = await appendSessionEnd(trx, current, 'statutory_declaration', now, {
        outcome: 'canceled',
        declaration: body,
        carried_out: stripe ? 'stripe' : 'recorded_for_the_merchant',
        response,
        // One screen: the page, shown as the session started.
        trail: [['statutory.page', current.created_at.getTime()]],
      })
      // The confirmation on a durable medium, at once (§ 312k Abs. 4 BGB, Art. 11a(4)): to the
      // address the subscriber gave on the page.
      await queueReceipt(trx, deps, {
        session: current,
        config: caller.account.payload.config,
        kind: body.kind,
        to: body.email,
        plan: subscription ? planOf(subscription).productName : '',
        subscriptionId: current.subscription_id,
        receivedAt: now,
        endsAt,
        recorded: recorded as ChainedRow,
      })
    },
  }
}
