import type { RecoveryOutcome } from '@retainkit/shared/recovery'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { announcePayment } from './announce'
import { queueCampaignMail } from './mails'
import { loadRecoverySettings } from './settings'
import { type Campaign, campaignById, closeCampaign } from './store'

/**
 * How a campaign ends, in the transaction that learned it: the campaign closed once, and what follows
 * from it (the merchant's webhook, the subscriber's receipt when it was recovered). Returns the closed
 * campaign, or null when it had already ended.
 */

const WEBHOOK_OF_STATE = {
  recovered: 'payment.recovered',
  lost: 'payment.lost',
  resolved: null,
} as const

export async function endCampaign(
  trx: Transaction<Database>,
  deps: AppDeps,
  campaign: Campaign,
  end: {
    state: 'recovered' | 'lost' | 'resolved'
    outcome: RecoveryOutcome
    recoveredAttempt?: number | null
  },
  now: Date,
): Promise<Campaign | null> {
  if (!(await closeCampaign(trx, campaign, end, now))) return null
  const closed = (await campaignById(trx, campaign.id)) as Campaign
  const webhook = WEBHOOK_OF_STATE[end.state]
  if (webhook) await announcePayment(trx, webhook, closed, now)
  if (end.state === 'recovered') {
    const settings = await loadRecoverySettings(trx, closed.account_id)
    await queueCampaignMail(trx, deps, 'payment_recovered', closed, settings, now)
  }
  return closed
}
