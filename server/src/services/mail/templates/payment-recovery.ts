import { formatMoney } from '@retainkit/shared/money'
import { monthsText, RECOVERY_TEXT_KEYS, type RecoveryMailTextKey } from '@retainkit/shared/recovery-words'
import { z } from 'zod'
import type { MailContent } from './layout'
import { fill } from './layout'
import { defineMailTemplate, type RenderContext, requireAccount } from './types'

/**
 * Payment recovery's mails to a merchant's subscriber (services/recovery/mails.ts queues them): sent
 * with the merchant's name and colours, in the subscriber's language, with the merchant's own texts
 * where they edited them (`texts`, a copy taken when the mail was queued) over the built-in words. The
 * link is a signed, expiring card-update link for that subscriber alone; nothing else grants anything.
 */

const DAY_MS = 86_400_000
const money = z.object({ amount: z.number().int(), currency: z.string().regex(/^[a-z]{3}$/) })
const isoTime = z.iso.datetime()
const texts = z
  .record(z.string(), z.partialRecord(z.enum(RECOVERY_TEXT_KEYS), z.string().max(1000)))
  .default({})

const invoiceParams = z.object({
  amount: money,
  plan: z.string().max(200).nullable(),
  link: z.url(),
  /** When the subscription ends unless paid (the end of the grace), when known. */
  ends_at: isoTime.nullable(),
  /** The days the "remains active" line names. */
  days: z.number().int().min(0).max(90),
  link_days: z.number().int().min(1).max(90),
  time_zone: z.string().max(64).nullable().default(null),
  texts,
})

type Words = Readonly<Record<RecoveryMailTextKey, string>>

function wordsOf(context: RenderContext, overrides: z.infer<typeof texts>): Words {
  const own = overrides[context.locale] ?? {}
  return { ...context.words.payment_recovery, ...own } as Words
}

function day(at: string | null, context: RenderContext, timeZone: string | null): string {
  if (!at) return ''
  try {
    return new Intl.DateTimeFormat(context.locale, { dateStyle: 'long', timeZone: timeZone ?? 'UTC' }).format(
      new Date(at),
    )
  } catch {
    return new Intl.DateTimeFormat(context.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(at),
    )
  }
}

function valuesOf(params: z.infer<typeof invoiceParams>, context: RenderContext) {
  const merchant = requireAccount(context).name
  return {
    merchant,
    amount: formatMoney(params.amount, context.locale),
    plan: params.plan ?? merchant,
    days: params.days,
    date: day(params.ends_at, context, params.time_zone),
  }
}

type Kind = 'payment_failed' | 'payment_reminder' | 'payment_final_notice'

function invoiceMail(kind: Kind, params: z.infer<typeof invoiceParams>, context: RenderContext): MailContent {
  const w = wordsOf(context, params.texts)
  const values = valuesOf(params, context)
  const line = (key: RecoveryMailTextKey) => fill(w[key], values)
  const paragraphs = [line(`${kind}.body`)]
  if (kind === 'payment_failed') paragraphs.push(line('payment_failed.active'))
  return {
    subject: line(`${kind}.subject`),
    heading: line(`${kind}.heading`),
    paragraphs,
    action: { label: line(`${kind}.button`), url: params.link },
    notes: [
      fill(w['common.expiry'], { ...values, days: params.link_days }),
      ...(kind === 'payment_failed' ? [line('payment_failed.support')] : []),
    ],
  }
}

const giveUpAfterMs = 3 * DAY_MS

export const PAYMENT_FAILED_MAIL = defineMailTemplate({
  params: invoiceParams,
  sender: 'merchant',
  giveUpAfterMs,
  render: (params, context) => invoiceMail('payment_failed', params, context),
})

export const PAYMENT_REMINDER_MAIL = defineMailTemplate({
  params: invoiceParams,
  sender: 'merchant',
  giveUpAfterMs,
  render: (params, context) => invoiceMail('payment_reminder', params, context),
})

export const PAYMENT_FINAL_NOTICE_MAIL = defineMailTemplate({
  params: invoiceParams.extend({
    /** The last-chance pause (the merchant's offer), through the same page. */
    pause: z
      .object({ link: z.url(), months: z.number().int().min(1).max(3) })
      .nullable()
      .default(null),
  }),
  sender: 'merchant',
  giveUpAfterMs,
  render(params, context) {
    const content = invoiceMail('payment_final_notice', params, context)
    if (!params.pause) return content
    const w = wordsOf(context, params.texts)
    const values = { ...valuesOf(params, context), months: monthsText(params.pause.months, context.locale) }
    return {
      ...content,
      secondary: {
        text: fill(w['payment_final_notice.pause'], values),
        label: fill(w['payment_final_notice.pause_button'], values),
        url: params.pause.link,
      },
    }
  },
})

export const PAYMENT_RECOVERED_MAIL = defineMailTemplate({
  params: z.object({
    amount: money,
    plan: z.string().max(200).nullable(),
    paid_at: isoTime,
    time_zone: z.string().max(64).nullable().default(null),
    texts,
  }),
  sender: 'merchant',
  giveUpAfterMs,
  render(params, context) {
    const w = wordsOf(context, params.texts)
    const merchant = requireAccount(context).name
    const values = {
      merchant,
      amount: formatMoney(params.amount, context.locale),
      plan: params.plan ?? merchant,
      date: day(params.paid_at, context, params.time_zone),
    }
    return {
      subject: fill(w['payment_recovered.subject'], values),
      heading: fill(w['payment_recovered.heading'], values),
      paragraphs: [fill(w['payment_recovered.body'], values)],
    }
  },
})

export const CARD_EXPIRING_MAIL = defineMailTemplate({
  params: z.object({
    plan: z.string().max(200).nullable(),
    last4: z.string().regex(/^\d{4}$/),
    renews_at: isoTime,
    link: z.url(),
    link_days: z.number().int().min(1).max(90),
    time_zone: z.string().max(64).nullable().default(null),
    texts,
  }),
  sender: 'merchant',
  giveUpAfterMs: 7 * DAY_MS,
  render(params, context) {
    const w = wordsOf(context, params.texts)
    const merchant = requireAccount(context).name
    const values = {
      merchant,
      plan: params.plan ?? merchant,
      last4: params.last4,
      date: day(params.renews_at, context, params.time_zone),
      days: params.link_days,
    }
    return {
      subject: fill(w['card_expiring.subject'], values),
      heading: fill(w['card_expiring.heading'], values),
      paragraphs: [fill(w['card_expiring.body'], values)],
      action: { label: fill(w['card_expiring.button'], values), url: params.link },
      notes: [fill(w['common.expiry'], values)],
    }
  },
})
