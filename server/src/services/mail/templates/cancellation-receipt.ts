import { formatDate } from '@retainkit/shared/flow'
import { z } from 'zod'
import { appendEvidence } from '../../evidence/chain'
import { evidenceEntry } from '../../evidence/session-evidence'
import { fill } from './layout'
import { type AfterOutcome, defineMailTemplate, requireAccount } from './types'

/**
 * The cancellation receipt (issue 34): to the subscriber at once when a cancellation is scheduled or
 * done — through the widget's flow or the statutory page — and, when the merchant asks
 * (`config.compliance.receipt_copy`), a copy to the account's address. What was cancelled, of which
 * kind, when it takes effect, the date and time the request was received, a reference, and the hash of
 * the evidence ledger row that records it (the "seal": a rewritten ledger no longer matches the
 * receipts subscribers hold). Queued in the cancellation's transaction (services/widget/receipt.ts);
 * once sent or given up, its delivery is appended to the ledger.
 */

const KINDS = ['cancellation', 'ordinary', 'extraordinary', 'withdrawal'] as const

/** `14:05 UTC` in the mail's language. */
const timeOf = (iso: string, locale: string) => {
  try {
    return `${new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`
  } catch {
    return `${iso.slice(11, 16)} UTC`
  }
}

/** The receipt's delivery, appended to the session's evidence (once: a second outcome is ignored). */
const recordDelivery: AfterOutcome = async (deps, mail) => {
  const sessionId = /^receipt(?:-copy)?:(cs_[A-Za-z0-9_-]+)$/.exec(mail.dedupeKey)?.[1]
  if (!mail.accountId || !sessionId) return
  const kind = `receipt_${mail.outcome}`
  const copy = mail.dedupeKey.startsWith('receipt-copy:')
  await deps.db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('cancel_sessions')
      .select(['customer_id', 'mode'])
      .where('id', '=', sessionId)
      .where('account_id', '=', mail.accountId as string)
      .executeTakeFirst()
    if (!session) return
    const entries = await trx
      .selectFrom('evidence_ledger')
      .select('body')
      .where('account_id', '=', mail.accountId as string)
      .where('session_id', '=', sessionId)
      .where('kind', '=', kind)
      .execute()
    if (entries.some((entry) => entry.body.copy === copy)) return
    const ref = {
      accountId: mail.accountId as string,
      sessionId,
      customerId: session.customer_id,
      mode: session.mode,
    }
    await appendEvidence(trx, [evidenceEntry(ref, kind, deps.clock.now(), { to: mail.to, copy })])
  })
}

export const CANCELLATION_RECEIPT_MAIL = defineMailTemplate({
  params: z.object({
    reference: z.string().min(1).max(40),
    kind: z.enum(KINDS),
    plan: z.string().max(200),
    subscription_id: z.string().max(255),
    received_at: z.iso.datetime(),
    ends_at: z.iso.datetime().nullable(),
    seal: z.string().regex(/^[0-9a-f]{64}$/),
    /** The merchant's copy: who the receipt went to. */
    copy_of: z.email().optional(),
  }),
  sender: 'merchant',
  giveUpAfterMs: 3 * 86_400_000,
  afterOutcome: recordDelivery,
  render(receipt, context) {
    const merchant = requireAccount(context).name
    const w = context.words.cancellation_receipt
    const { locale } = context
    const withdrawal = receipt.kind === 'withdrawal'
    const values = {
      merchant,
      reference: receipt.reference,
      contract: fill(w.contract, { plan: receipt.plan || '—', id: receipt.subscription_id || '—' }),
      end: receipt.ends_at ? (formatDate(receipt.ends_at, locale) ?? w.end_unknown) : w.end_unknown,
      date: formatDate(receipt.received_at, locale) ?? receipt.received_at,
      time: timeOf(receipt.received_at, locale),
      seal: receipt.seal,
      kind: w[`kind_${receipt.kind}`],
    }
    const lines = [w.what, w.kind, w.effective, w.received, w.reference].map((line) => fill(line, values))
    return {
      subject: fill(withdrawal ? w.withdrawal_subject : w.subject, values),
      heading: fill(withdrawal ? w.withdrawal_subject : w.subject, values),
      paragraphs: [
        ...(receipt.copy_of ? [`${w.merchant_copy_intro} ${receipt.copy_of}`] : []),
        w.greeting,
        withdrawal ? w.withdrawal_intro : w.intro,
        ...lines,
      ],
      notes: [fill(w.seal, values), w.keep],
    }
  },
})
