import {
  type CampaignFacts,
  evaluateCampaign,
  OPEN_RECOVERY_STATES,
  type RecoveryOutcome,
  type RecoverySettings,
} from '@retainkit/shared/recovery'
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'
import type { Database, RecoveryCampaignsTable } from '../../db/tables'

/**
 * Reading and writing campaigns. Every change to an open campaign happens in a transaction that holds
 * the customer's lock (`lockCustomer`, the same row lock the widget's money actions take), so Stripe
 * events, the reconcile, the evaluation pass and a subscriber's click never interleave on one customer.
 */

export type Campaign = Selectable<RecoveryCampaignsTable>
type Db = Kysely<Database> | Transaction<Database>

/** One shape on both databases: the id as a string, the amount as a number. */
export function asCampaign(row: Campaign): Campaign {
  return { ...row, id: String(row.id), amount: Number(row.amount) }
}

const asMaybe = (row: Campaign | undefined) => (row ? asCampaign(row) : undefined)

export const isOpen = (campaign: Pick<Campaign, 'state'>): boolean =>
  (OPEN_RECOVERY_STATES as readonly string[]).includes(campaign.state)

/**
 * Takes the customer's lock inside an existing transaction (an event being applied): the same
 * `customer_locks` row `withCustomerLock` holds, so it waits for a retry in flight for that customer.
 */
export async function lockCustomer(
  trx: Transaction<Database>,
  accountId: string,
  customerId: string,
  now: Date,
) {
  await trx
    .insertInto('customer_locks')
    .values({ account_id: accountId, customer_id: customerId, locked_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'customer_id']).doUpdateSet({ locked_at: now }))
    .execute()
}

export async function findCampaign(
  db: Db,
  accountId: string,
  invoiceId: string,
): Promise<Campaign | undefined> {
  return db
    .selectFrom('recovery_campaigns')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst()
}

export async function campaignById(db: Db, id: string): Promise<Campaign | undefined> {
  return db.selectFrom('recovery_campaigns').selectAll().where('id', '=', id).executeTakeFirst()
}

export function factsOf(campaign: Campaign, settings: RecoverySettings): CampaignFacts {
  return {
    failedAt: campaign.failed_at,
    anchorAt: campaign.anchor_at,
    stripeNextAttemptAt: campaign.stripe_next_attempt_at,
    hardDecline: campaign.hard_decline,
    ourAttempts: campaign.our_attempts,
    reminderSent: campaign.reminder_sent_at !== null,
    finalNoticeSent: campaign.final_notice_sent_at !== null,
    timeZone: campaign.time_zone ?? settings.default_timezone,
  }
}

/** When the evaluation pass should look at the campaign next: now when something is due. */
export function dueAtOf(facts: CampaignFacts, settings: RecoverySettings, now: Date): Date | null {
  const evaluation = evaluateCampaign(facts, settings, now)
  return evaluation.due.length > 0 ? now : evaluation.nextAt
}

export type CampaignChanges = Partial<
  Omit<Campaign, 'id' | 'account_id' | 'invoice_id' | 'version' | 'created_at'>
>

/** Writes changes to an open campaign, bumping its version. */
export async function updateCampaign(db: Db, id: string, changes: CampaignChanges, now: Date): Promise<void> {
  await db
    .updateTable('recovery_campaigns')
    .set({
      ...changes,
      updated_at: now,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', id)
    .execute()
}

/** Ends a campaign: recovered, lost or resolved elsewhere, once. Returns whether this call ended it. */
export async function closeCampaign(
  db: Db,
  campaign: Campaign,
  end: {
    state: 'recovered' | 'lost' | 'resolved'
    outcome: RecoveryOutcome
    recoveredAttempt?: number | null
  },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_campaigns')
    .set({
      state: end.state,
      outcome: end.outcome,
      recovered_attempt: end.recoveredAttempt ?? null,
      closed_at: now,
      due_at: null,
      updated_at: now,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', campaign.id)
    .where('state', 'in', [...OPEN_RECOVERY_STATES])
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Open campaigns of one subscription (a cancellation ends them). */
export async function openCampaignsOf(
  db: Db,
  accountId: string,
  subscriptionId: string,
): Promise<Campaign[]> {
  const rows = await db
    .selectFrom('recovery_campaigns')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('subscription_id', '=', subscriptionId)
    .where('state', 'in', [...OPEN_RECOVERY_STATES])
    .execute()
  return rows.map(asCampaign)
}

/** The customer's open campaign, newest first: what the widget's prompt and the card-update page show. */
export async function openCampaignOfCustomer(
  db: Db,
  accountId: string,
  customerId: string,
  mode: 'live' | 'test',
): Promise<Campaign | undefined> {
  return asMaybe(
    await db
      .selectFrom('recovery_campaigns')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('customer_id', '=', customerId)
      .where('mode', '=', mode)
      .where('state', 'in', [...OPEN_RECOVERY_STATES])
      .orderBy('failed_at', 'desc')
      .executeTakeFirst(),
  )
}
