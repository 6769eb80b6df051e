import { money } from '@retainkit/shared/money'
import {
  planCampaign,
  type RECOVERY_TEXT_KEYS,
  type RecoveryMailKind,
  type RecoverySettings,
} from '@retainkit/shared/recovery'
import { isRecoveryMailTextKey, RECOVERY_WORDS } from '@retainkit/shared/recovery-words'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { enqueueMail, enqueueMails, type MailRequest } from '../mail'
import { cardUpdateUrl, daysUntil, linkExpiry } from './links'
import { type Campaign, factsOf } from './store'

/**
 * Payment recovery's mails, queued in the transaction of what causes them through the one mail
 * outbox (services/mail): the failure (when the campaign opens), the reminder and the final notice
 * (the evaluation pass), the receipt (when it is recovered). One per campaign and kind (the dedupe key
 * is the kind and the invoice), only when the merchant left that mail on and Stripe has an address.
 */

export interface TimelineMail {
  campaign: Campaign
  kind: RecoveryMailKind
}

type CampaignMailKind = Exclude<RecoveryMailKind, 'card_expiring'>

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/

/** The merchant's edited mail texts, in the languages a mail can be written in. */
export function mailTexts(settings: RecoverySettings) {
  const out: Record<string, Partial<Record<(typeof RECOVERY_TEXT_KEYS)[number], string>>> = {}
  for (const locale of Object.keys(RECOVERY_WORDS)) {
    const own = settings.texts[locale]
    if (!own) continue
    out[locale] = Object.fromEntries(
      Object.entries(own).filter(([key]) =>
        isRecoveryMailTextKey(key as (typeof RECOVERY_TEXT_KEYS)[number]),
      ),
    )
  }
  return out
}

function paramsFor(
  deps: AppDeps,
  kind: CampaignMailKind,
  campaign: Campaign,
  settings: RecoverySettings,
  now: Date,
) {
  const amount = money(Number(campaign.amount), campaign.currency)
  const common = {
    amount,
    plan: campaign.plan_name,
    time_zone: campaign.time_zone,
    texts: mailTexts(settings),
  }
  if (kind === 'payment_recovered') return { ...common, paid_at: (campaign.closed_at ?? now).toISOString() }
  const endsAt = planCampaign(factsOf(campaign, settings), settings).endsAt
  const expiresAt = linkExpiry(now, endsAt)
  const claims = {
    accountId: campaign.account_id,
    customerId: campaign.customer_id,
    mode: campaign.mode,
    invoiceId: campaign.invoice_id,
    channel: 'email' as const,
  }
  const link = cardUpdateUrl(deps, claims, expiresAt)
  const invoice = {
    ...common,
    link,
    ends_at: endsAt?.toISOString() ?? null,
    days: endsAt ? daysUntil(now, endsAt) : settings.grace_days,
    link_days: daysUntil(now, expiresAt),
  }
  if (kind !== 'payment_final_notice') return invoice
  const pause = settings.last_chance_pause
  return { ...invoice, pause: pause.enabled ? { link: `${link}?offer=pause`, months: pause.months } : null }
}

/** The outbox request of one of a campaign's mails; null when switched off or there is no address. */
function campaignMail(
  deps: AppDeps,
  kind: CampaignMailKind,
  campaign: Campaign,
  settings: RecoverySettings,
  now: Date,
): MailRequest<CampaignMailKind> | null {
  if (!settings.mails[kind] || !campaign.email || !EMAIL.test(campaign.email.trim())) return null
  return {
    kind,
    to: campaign.email,
    accountId: campaign.account_id,
    dedupeKey: `${kind}:${campaign.invoice_id}`,
    locale: campaign.locale,
    params: paramsFor(deps, kind, campaign, settings, now) as never,
  }
}

/** Queues one of a campaign's mails; false when it is switched off, has no address, or was queued before. */
export async function queueCampaignMail(
  trx: Transaction<Database>,
  deps: AppDeps,
  kind: CampaignMailKind,
  campaign: Campaign,
  settings: RecoverySettings,
  now: Date,
): Promise<boolean> {
  const mail = campaignMail(deps, kind, campaign, settings, now)
  return mail ? (await enqueueMail(trx, deps, mail)).queued : false
}

/** The pass's reminders and final notices, in its transaction, in one statement; returns how many were queued. */
export async function queueTimelineMails(
  trx: Transaction<Database>,
  deps: AppDeps,
  mails: Array<TimelineMail & { settings: RecoverySettings }>,
  now: Date,
): Promise<number> {
  const requests = mails.flatMap((mail) => {
    if (mail.kind === 'card_expiring') return []
    const request = campaignMail(deps, mail.kind, mail.campaign, mail.settings, now)
    return request ? [request] : []
  })
  return enqueueMails(trx, deps, requests)
}
