import type { RecoveryMailKind } from '@retainkit/shared/recovery'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import type { Campaign } from './store'

/** A timeline mail due for a campaign (the reminder, the final notice). */
export interface TimelineMail {
  campaign: Campaign
  kind: RecoveryMailKind
}

/** Queues the timeline's mails in the pass's transaction; returns how many were queued. */
export async function queueTimelineMails(
  _trx: Transaction<Database>,
  _deps: AppDeps,
  mails: TimelineMail[],
): Promise<number> {
  // Written on the mail outbox (services/mail) once it is on main.
  return mails.length
}
